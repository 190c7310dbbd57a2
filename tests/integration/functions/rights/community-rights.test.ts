import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@kehila/shared';
import { createLocalObjectStore } from '@kehila/functions/adapters/storage/local';
import { LocalSearch } from '@kehila/functions/adapters/search/local/local-search';
import { loadConfig } from '@kehila/functions/core/config';
import type { Deps } from '@kehila/functions/core/deps';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { blankCommunity } from '@kehila/functions/core/communities/records';
import { readDataJob, startCommunityDeletion, startCommunityExport } from '@kehila/functions/core/rights/jobs';
import { runDataJob } from '@kehila/functions/core/rights/run';
import type { DataRightsTask } from '@kehila/functions/core/queues';
import { claimGroup, createCommunity } from '@kehila/functions/data/communities';
import { batchWrite } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { messageItem } from '@kehila/functions/data/messages';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { freshTable, stack, useStackEnv } from '../../support';

const A = 'rights-a';
const B = 'rights-b';
const OWNER = { id: 'owner-a', email: 'owner-a@example.com' };
const MESSAGES_PER_COMMUNITY = 60;

let deps: Deps;
let objectsDir: string;
const tasks: DataRightsTask[] = [];
const queues: QueueClient = {
  async send(queue, body) {
    if (queue === 'rights') tasks.push(body as DataRightsTask);
  },
  async sendBatch() {
    throw new Error('not used');
  },
};

function message(communityId: string, i: number): Message {
  return {
    msg_id: `${communityId}-m${i}`,
    group_id: `${communityId}@g.us`,
    content: `Message ${i} of ${communityId}: "quoted", with a comma`,
    timestamp: new Date(Date.UTC(2026, 10, 1, 8, i)).toISOString(),
    Sender_name: `Sender ${i % 5}`,
    sender_hash: `h${i % 5}`,
    topic: 'general',
    keywords: ['kw'],
    urgency: 'low',
    sentiment: 0,
    action_items: [],
    emotion: 'neutral',
    intent: 'question',
    cluster_id: null,
    toxicity: 0,
  };
}

/** A community with an item in every partition it owns, its search documents and its objects. */
async function seedCommunity(communityId: string, ownerId: string): Promise<void> {
  const now = new Date().toISOString();
  await createCommunity(
    deps.db,
    blankCommunity({
      id: communityId,
      name: `Community ${communityId}`,
      groupId: `${communityId}@g.us`,
      ownerId,
      now: new Date(now),
    }),
  );
  await claimGroup(deps.db, `${communityId}@g.us`, communityId);
  const messages = Array.from({ length: MESSAGES_PER_COMMUNITY }, (_, i) => message(communityId, i));
  const own = (sk: string, extra: Record<string, unknown> = {}) => ({
    PutRequest: { Item: { pk: keys.communityPartition(communityId), sk, community_id: communityId, ...extra } },
  });
  await batchWrite(deps.db, [
    ...messages.map((m) => ({
      PutRequest: {
        Item: messageItem({
          communityId,
          message: m,
          senderKey: m.sender_hash ?? '',
          provider: 'waha',
          providerMessageId: m.msg_id,
          receivedAt: now,
        }),
      },
    })),
    own(`MEMBER#${ownerId}`, {
      ...keys.memberByUser(ownerId, communityId),
      role: 'Admin',
      email: `${ownerId}@example.com`,
    }),
    own('MEMBER#guest', { first_name: 'Guest', email: 'guest@example.com' }),
    own(`MEMBEREMAIL#guest@example.com`, { member_id: 'guest' }),
    own('MEMBERSVERSION', { v: 3 }),
    own('INVITE#i1', { ...keys.inviteByCode(`code-${communityId}`), code: `code-${communityId}` }),
    own('DIRLINK#l1', {
      ...keys.directoryLinkByToken(`tok-${communityId}`),
      visitor_salt: 'secret-salt',
      name: 'Link',
    }),
    own('THEME', { primary_color: '#112233' }),
    own('DELIVERY', { ...keys.scheduledDelivery(communityId), delivery_time: '09:00' }),
    own('PROMPT#2026-11-01T00:00:00.000Z#p1', { prompt_name: 'system_prompt', prompt_content: 'Be brief' }),
    own(`ACTION#a1`, { ...keys.actionByUser(communityId, ownerId, 'pending', null), title: 'Call the caterer' }),
    own('SUMMARY#2026-11-01T00:00:00.000Z', { summary: 'A quiet day' }),
    own('SEARCHSTATE', { ...keys.searchStateIndex(communityId), version: 'v1' }),
    own('IMPORT#imp1', { status: 'done' }),
    // One item in every other partition it owns (the messages partition holds the messages).
    ...Object.entries(keys.communityPartitions(communityId, ['l1']))
      .filter(([name]) => name !== 'messages')
      .map(([name, pk]) => ({
        PutRequest: { Item: { pk, sk: `SEED#${name}`, community_id: communityId } },
      })),
  ]);
  await deps.search.upsert(
    messages.map((m) => ({
      communityId,
      msgId: m.msg_id,
      timestamp: m.timestamp,
      content: m.content ?? '',
      sender_name: m.Sender_name,
      sender_hash: m.sender_hash,
      topic: m.topic,
      urgency: m.urgency,
      keywords: m.keywords,
    })),
  );
  await deps.storage.put(`imports/${communityId}/imp1/export.txt`, Buffer.from('chat'), 'text/plain');
  await deps.storage.put(`logos/${communityId}/logo1.png`, Buffer.from('png'), 'image/png');
  await deps.storage.put(`logo-uploads/${communityId}/up1`, Buffer.from('png'), 'image/png');
}

/** Every item of the table (a test may Scan; the app never does). */
async function allItems(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  const client = new DynamoDBClient({ region: 'us-east-1', endpoint: stack().dynamoEndpoint });
  do {
    const page = await client.send(new ScanCommand({ TableName: deps.db.table, ExclusiveStartKey: start as never }));
    out.push(...(page.Items ?? []).map((i) => unmarshall(i)));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

const mentions = (item: Record<string, unknown>, communityId: string) =>
  Object.values(item).some(
    (v) =>
      typeof v === 'string' &&
      (v === communityId ||
        v.includes(`C#${communityId}`) ||
        v.startsWith(`${communityId}@`) ||
        v.includes(`-${communityId}`)),
  );

async function runQueued(): Promise<void> {
  while (tasks.length > 0) await runDataJob(deps, tasks.shift() as DataRightsTask, { lastAttempt: true });
}

beforeAll(async () => {
  useStackEnv();
  const db = await freshTable();
  objectsDir = mkdtempSync(join(tmpdir(), 'kehila-rights-objects-'));
  deps = createLocalDeps(loadConfig(), {
    db,
    queues,
    search: new LocalSearch(db),
    storage: createLocalObjectStore({ dir: objectsDir, secret: 'test-secret' }),
  });
  await seedCommunity(A, OWNER.id);
  await seedCommunity(B, 'owner-b');
}, 60_000);

afterAll(() => {
  rmSync(objectsDir, { recursive: true, force: true });
});

describe("a community's export (GDPR Art. 15, 20)", () => {
  it('holds every message of the community, and nothing of another, as JSON and CSV', async () => {
    const started = await startCommunityExport(deps, OWNER, A);
    expect(started).toMatchObject({ kind: 'community_export', status: 'queued', download_url: null });
    await runQueued();
    const job = await readDataJob(deps, OWNER, started.id);
    expect(job).toMatchObject({ status: 'done', progress: 100 });
    expect(job.counts, JSON.stringify(job.counts)).toMatchObject({
      messages: MESSAGES_PER_COMMUNITY,
      members: 2,
      actions: 1,
      summaries: 1,
    });
    expect(job.download_url).toMatch(/^\/local-objects\/data-exports\/rights-a\//);

    const key = decodeURIComponent(new URL(job.download_url ?? '', 'http://x').pathname.replace('/local-objects/', ''));
    const files = unzipSync(new Uint8Array(await deps.storage.get(key)));
    const messages = JSON.parse(strFromU8(files['messages.json'] ?? new Uint8Array())) as { msg_id: string }[];
    expect(messages.map((m) => m.msg_id).sort()).toEqual(
      Array.from({ length: MESSAGES_PER_COMMUNITY }, (_, i) => `${A}-m${i}`).sort(),
    );
    const csv = strFromU8(files['messages.csv'] ?? new Uint8Array());
    expect(csv.trimEnd().split('\r\n')).toHaveLength(MESSAGES_PER_COMMUNITY + 1);
    expect(csv).toContain('"Message 1 of rights-a: ""quoted"", with a comma"');
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(everything).not.toContain(B);
    expect(everything).not.toContain('secret-salt');
    const settings = JSON.parse(strFromU8(files['settings.json'] ?? new Uint8Array())) as Record<string, unknown>;
    expect(settings).toMatchObject({ theme: { primary_color: '#112233' }, community: { id: A } });
  });

  it("is another user's to read only if they started it", async () => {
    const started = await startCommunityExport(deps, OWNER, A);
    await expect(readDataJob(deps, { id: 'owner-b', email: 'b@example.com' }, started.id)).rejects.toMatchObject({
      kind: 'not_found',
    });
    tasks.length = 0;
  });
});

describe("a community's deletion (GDPR Art. 17)", () => {
  it('refuses without the community name typed exactly as shown', async () => {
    await expect(startCommunityDeletion(deps, OWNER, A, 'community rights-a')).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'Type the community name exactly as shown to confirm',
    });
    expect(tasks).toHaveLength(0);
  });

  it('leaves no item, search document or object of it in any store, reports counts per store, and keeps the other community whole', async () => {
    const before = await allItems();
    const ofB = before.filter((i) => mentions(i, B)).length;
    const bDocs = await deps.search.stats(B);
    expect(before.filter((i) => mentions(i, A)).length).toBeGreaterThan(MESSAGES_PER_COMMUNITY);

    const started = await startCommunityDeletion(deps, OWNER, A, `Community ${A}`);
    await runQueued();
    const report = await readDataJob(deps, OWNER, started.id);
    expect(report).toMatchObject({ kind: 'community_deletion', status: 'done', progress: 100 });
    expect(report.counts).toMatchObject({
      'table.messages': MESSAGES_PER_COMMUNITY,
      'search.documents': MESSAGES_PER_COMMUNITY,
      'objects.imports': 1,
      'objects.logos': 1,
      'objects.logo_uploads': 1,
      'table.group_claim': 1,
      'table.directory_views.l1': 1,
    });
    // The export made above is erased with the community.
    expect(report.counts['objects.data_exports']).toBeGreaterThanOrEqual(1);

    const after = await allItems();
    // The owner's job items name the community (the report of what went), nothing else does.
    expect(after.filter((i) => mentions(i, A) && !String(i.sk).startsWith('DATAJOB#'))).toEqual([]);
    expect(after.filter((i) => mentions(i, B))).toHaveLength(ofB);
    expect(await deps.search.stats(A)).toEqual({ total: 0, embedded: 0 });
    expect((await deps.search.text({ communityId: A, order: 'desc', limit: 10 })).hits).toEqual([]);
    expect(await deps.search.stats(B)).toEqual(bDocs);
    expect(await deps.storage.head(`imports/${A}/imp1/export.txt`)).toBeNull();
    expect(await deps.storage.head(`imports/${B}/imp1/export.txt`)).not.toBeNull();
    expect(await deps.storage.head(`logos/${A}/logo1.png`)).toBeNull();
    expect(await deps.storage.head(`logo-uploads/${A}/up1`)).toBeNull();
    expect(await deps.storage.head(`logos/${B}/logo1.png`)).not.toBeNull();
  });
});
