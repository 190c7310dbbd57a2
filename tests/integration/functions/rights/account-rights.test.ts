import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, Profile } from '@kehila/shared';
import { createLocalObjectStore } from '@kehila/functions/adapters/storage/local';
import { LocalSearch } from '@kehila/functions/adapters/search/local/local-search';
import { loadConfig } from '@kehila/functions/core/config';
import type { Deps } from '@kehila/functions/core/deps';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { ensureProfile } from '@kehila/functions/core/accounts/profiles';
import { blankCommunity, blankMember } from '@kehila/functions/core/communities/records';
import { senderKeyFor } from '@kehila/functions/core/messages/ids';
import { startAccountDeletion, startAccountExport } from '@kehila/functions/core/rights/account';
import { readDataJob } from '@kehila/functions/core/rights/jobs';
import { runDataJob } from '@kehila/functions/core/rights/run';
import type { DataRightsTask } from '@kehila/functions/core/queues';
import { putAction } from '@kehila/functions/data/actions';
import { createCommunity, updateCommunity } from '@kehila/functions/data/communities';
import { batchWrite } from '@kehila/functions/data/db';
import { getMember, getMemberIdByEmail, claimMemberEmail, putMember } from '@kehila/functions/data/memberships';
import { messageItem } from '@kehila/functions/data/messages';
import { createProfile, getProfile, putConsent } from '@kehila/functions/data/profiles';
import { putSupplierIfNew } from '@kehila/functions/data/suppliers';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { localCognitoClient } from '../../../../infra/local/engines/cognito';
import { actionOf } from '../../../fixtures/actions';
import { supplierOf } from '../../../fixtures/suppliers';
import { operatorUser } from '../accounts/users';
import { freshTable, stack, useStackEnv } from '../../support';

const stamp = randomUUID().slice(0, 8);
const COMMUNITY = `acct-${stamp}`;
const OTHER_COMMUNITY = `acct-other-${stamp}`;

interface Person {
  id: string;
  email: string;
  phone: string;
  /** What only this person's data says: their messages carry it, their action and supplier are named after it. */
  marker: string;
}

let deps: Deps;
let objectsDir: string;
let alice: Person;
let bob: Person;
let owner: Person;
const tasks: DataRightsTask[] = [];
const queues: QueueClient = {
  async send(queue, body) {
    if (queue === 'rights') tasks.push(body as DataRightsTask);
  },
  async sendBatch() {
    throw new Error('not used');
  },
};

async function runQueued(): Promise<void> {
  while (tasks.length > 0) await runDataJob(deps, tasks.shift() as DataRightsTask, { lastAttempt: true });
}

function message(person: Person, communityId: string, i: number): Message {
  return {
    msg_id: `${person.marker}-${communityId}-m${i}`,
    group_id: `${communityId}@g.us`,
    content: `${person.marker} says hello ${i}`,
    timestamp: new Date(Date.UTC(2026, 10, 1, 8, i)).toISOString(),
    Sender_name: person.marker,
    sender_hash: `972${person.phone.slice(1)}@c.us`,
    topic: 'general',
    keywords: [],
    urgency: 'low',
    sentiment: 0,
    action_items: [],
    emotion: 'neutral',
    intent: 'social',
    cluster_id: null,
    toxicity: 0,
  };
}

/** A person with a Cognito user, a profile, a consent, a membership with their phone, and in `communityId` messages, an action and a supplier. */
async function seedPerson(name: string, phone: string, communityId: string, role: 'Admin' | 'Member'): Promise<Person> {
  const email = `${name}-${stamp}@example.com`;
  const id = await operatorUser(email);
  const person = { id, email, phone, marker: `${name}-${stamp}` };
  const now = new Date();
  await createProfile(deps.db, {
    id,
    username: person.marker,
    email,
    group_id: null,
    subscription_status: null,
    subscription_plan: null,
    lemon_squeezy_customer_id: null,
    subscription_ends_at: null,
    trial_ends_at: null,
    phone_number: phone,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  } as Profile);
  await putConsent(deps.db, id, {
    provider: 'email',
    accepted_privacy_policy: true,
    accepted_email_communications: true,
    consent_timestamp: now.toISOString(),
  });
  for (const cid of [communityId, OTHER_COMMUNITY]) {
    await putMember(
      deps.db,
      blankMember({ userId: id, communityId: cid, role, now, email, phone, first_name: person.marker }),
    );
    await claimMemberEmail(deps.db, cid, email, id);
  }
  const messages = Array.from({ length: 3 }, (_, i) => message(person, communityId, i));
  await batchWrite(
    deps.db,
    messages.map((m) => ({
      PutRequest: {
        Item: messageItem({
          communityId,
          message: m,
          senderKey: senderKeyFor(deps.config, communityId, m.sender_hash ?? ''),
          provider: 'waha',
          providerMessageId: m.msg_id,
          receivedAt: now.toISOString(),
        }),
      },
    })),
  );
  await putAction(
    deps.db,
    communityId,
    actionOf({ action_id: `${person.marker}-action`, user_id: id, title: `Action of ${person.marker}` }),
  );
  await putSupplierIfNew(deps.db, communityId, {
    ...supplierOf({ supplier_id: `${person.marker}-supplier`, supplier_name: `Supplier of ${person.marker}` }),
    added_by: id,
  });
  return person;
}

async function allItems(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  const client = new DynamoDBClient({ region: 'us-east-1', endpoint: stack().dynamoEndpoint });
  do {
    const page = await client.send(new ScanCommand({ TableName: deps.db.table, ExclusiveStartKey: start as never }));
    out.push(...(page.Items ?? []).map((i) => unmarshall(i)));
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
  return out;
}

async function cognitoUserExists(email: string): Promise<boolean> {
  const client = localCognitoClient(stack().cognitoEndpoint);
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return false;
    throw err;
  } finally {
    client.destroy();
  }
}

beforeAll(async () => {
  useStackEnv();
  const db = await freshTable();
  objectsDir = mkdtempSync(join(tmpdir(), 'kehila-account-objects-'));
  deps = createLocalDeps(loadConfig(), {
    db,
    queues,
    search: new LocalSearch(db),
    storage: createLocalObjectStore({ dir: objectsDir, secret: 'test-secret' }),
  });
  const now = new Date();
  owner = await seedPerson('owner', '0521111111', COMMUNITY, 'Admin');
  alice = await seedPerson('alice', '0522222222', COMMUNITY, 'Member');
  bob = await seedPerson('bob', '0523333333', COMMUNITY, 'Member');
  await createCommunity(
    deps.db,
    blankCommunity({ id: COMMUNITY, name: `Circle ${stamp}`, groupId: null, ownerId: owner.id, now }),
  );
  await createCommunity(
    deps.db,
    blankCommunity({ id: OTHER_COMMUNITY, name: `Other ${stamp}`, groupId: null, ownerId: 'someone-else', now }),
  );
}, 60_000);

afterAll(() => {
  rmSync(objectsDir, { recursive: true, force: true });
});

describe("a user's own export (GDPR Art. 15, 20)", () => {
  it("holds the user's profile, consent, memberships, messages, actions and suppliers, and nothing of another user", async () => {
    const started = await startAccountExport(deps, { id: alice.id, email: alice.email }, alice.email);
    expect(started).toMatchObject({ kind: 'account_export', status: 'queued', community_id: null });
    await runQueued();
    const job = await readDataJob(deps, { id: alice.id, email: alice.email }, started.id);
    expect(job).toMatchObject({ status: 'done', progress: 100 });
    expect(job.counts).toMatchObject({ account: 1, memberships: 2, messages: 3, actions: 1, suppliers: 1 });
    // Another user cannot read it: jobs are kept under the user who started them.
    await expect(readDataJob(deps, { id: bob.id, email: bob.email }, started.id)).rejects.toMatchObject({ status: 404 });

    const key = decodeURIComponent(new URL(job.download_url ?? '', 'http://x').pathname.replace('/local-objects/', ''));
    expect(key.startsWith(`data-exports/account/${alice.id}/`)).toBe(true);
    const files = unzipSync(new Uint8Array(await deps.storage.get(key)));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        ...['memberships', 'subscriptions', 'group_verifications', 'data_jobs', 'messages', 'actions', 'suppliers'].flatMap(
          (n) => [`${n}.json`, `${n}.csv`],
        ),
      ].sort(),
    );
    const account = JSON.parse(strFromU8(files['account.json'] ?? new Uint8Array())) as Record<string, unknown>;
    expect(account).toMatchObject({
      profile: { id: alice.id, email: alice.email },
      consent: { accepted_privacy_policy: true },
    });
    const messages = JSON.parse(strFromU8(files['messages.json'] ?? new Uint8Array())) as Message[];
    expect(messages.map((m) => m.content).sort()).toEqual([0, 1, 2].map((i) => `${alice.marker} says hello ${i}`));
    const everything = Object.values(files).map((f) => strFromU8(f)).join('\n');
    expect(everything).toContain(`Action of ${alice.marker}`);
    expect(everything).toContain(`Supplier of ${alice.marker}`);
    for (const other of [bob, owner]) {
      expect(everything).not.toContain(other.id);
      expect(everything).not.toContain(other.email);
      expect(everything).not.toContain(other.marker);
    }
  });
});

describe("a user's own account deletion (GDPR Art. 17)", () => {
  it('is refused while the user is the workspace owner of a community, naming it', async () => {
    await expect(
      startAccountDeletion(deps, { id: owner.id, email: owner.email }, owner.email, owner.email),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining(`Circle ${stamp}`) });
    expect(tasks).toHaveLength(0);
    expect(await getProfile(deps.db, owner.id)).not.toBeNull();
  });

  it('needs the e-mail address typed exactly as shown', async () => {
    await expect(
      startAccountDeletion(deps, { id: alice.id, email: alice.email }, alice.email, `x${alice.email}`),
    ).rejects.toMatchObject({ status: 400, message: 'Type your e-mail address exactly as shown to confirm' });
    expect(tasks).toHaveLength(0);
  });

  it("removes the user's profile, memberships, exports and sign-in, reports counts, and leaves every other user whole", async () => {
    const before = await allItems();
    const othersBefore = before.filter((i) => !JSON.stringify(i).includes(alice.id));
    const started = await startAccountDeletion(deps, { id: alice.id, email: alice.email }, alice.email, ` ${alice.email.toUpperCase()} `);
    await runQueued();
    const report = await readDataJob(deps, { id: alice.id, email: alice.email }, started.id);
    expect(report).toMatchObject({ kind: 'account_deletion', status: 'done', progress: 100 });
    expect(report.counts).toMatchObject({
      'table.memberships': 2,
      'objects.account_exports': 1,
      'identity.user': 1,
    });
    // Profile, consent, the earlier export's job: the whole of the user's partition but this job.
    expect(report.counts['table.account']).toBeGreaterThanOrEqual(3);

    expect(await getProfile(deps.db, alice.id)).toBeNull();
    expect(await getMember(deps.db, COMMUNITY, alice.id)).toBeNull();
    expect(await getMember(deps.db, OTHER_COMMUNITY, alice.id)).toBeNull();
    expect(await getMemberIdByEmail(deps.db, COMMUNITY, alice.email)).toBeNull();
    expect(await cognitoUserExists(alice.email)).toBe(false);
    // A token issued before the deletion cannot make the profile again.
    await expect(ensureProfile(deps, alice.id, { email: alice.email })).rejects.toMatchObject({ status: 401 });

    const after = await allItems();
    const personal = after.filter(
      (i) => JSON.stringify(i).includes(alice.id) || JSON.stringify(i).includes(alice.email),
    );
    // What is left naming her: this job (the record of the deletion, no personal field), the erased
    // marker, and what the community keeps: her messages (the group's), the action filed for her and
    // the supplier she added.
    for (const item of personal) {
      expect(JSON.stringify(item)).not.toContain(alice.email);
      expect(
        item.sk === `DATAJOB#${started.id}` ||
          item.sk === 'ERASED' ||
          item.entity === 'action' ||
          item.entity === 'supplier',
        JSON.stringify(item),
      ).toBe(true);
    }
    // Every other user's items are untouched (the member-list versions move with any member write).
    const key = (i: Record<string, unknown>) => `${String(i.pk)}|${String(i.sk)}`;
    const afterByKey = new Map(after.map((i) => [key(i), i]));
    for (const item of othersBefore) {
      if (String(item.sk) === 'MEMBERSVERSION') continue;
      expect(afterByKey.get(key(item)), key(item)).toEqual(item);
    }
    expect(await cognitoUserExists(bob.email)).toBe(true);
    expect(await cognitoUserExists(owner.email)).toBe(true);
  });

  it('refuses in the worker too when the user became a workspace owner after asking', async () => {
    const started = await startAccountDeletion(deps, { id: bob.id, email: bob.email }, bob.email, bob.email);
    // Meanwhile the owner hands the community to bob.
    const now = new Date();
    await putMember(deps.db, blankMember({ userId: bob.id, communityId: COMMUNITY, role: 'Admin', now, email: bob.email }));
    await updateCommunity(deps.db, COMMUNITY, { owner_id: bob.id });
    await runQueued();
    const job = await readDataJob(deps, { id: bob.id, email: bob.email }, started.id);
    expect(job).toMatchObject({ status: 'failed', error: expect.stringContaining('Transfer workspace ownership') });
    expect(await getProfile(deps.db, bob.id)).not.toBeNull();
    expect(await cognitoUserExists(bob.email)).toBe(true);
  });
});
