import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@kehila/functions/data/table-client';
import { createDb, type Db } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { DynamoModelStore } from '@kehila/functions/adapters/ai/local/model-store';
import { LocalAiPort } from '@kehila/functions/adapters/ai/local/provider';
import { foldBatches, parseDf, serializeDf, EMPTY_DF } from '@kehila/functions/adapters/ai/local/df';
import { ensureTable, startDynamo, type LocalDynamo } from '../../../../../infra/local/engines/dynamodb';

// The store against the real local table engine (dynalite in memory), as it runs in the local stack.
let dynamo: LocalDynamo;
let db: Db;
let store: DynamoModelStore;
let tableNo = 0;

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  dynamo = await startDynamo();
});
afterAll(async () => {
  await dynamo.close();
});
beforeEach(async () => {
  const table = `ai-store-${++tableNo}`;
  await ensureTable(dynamo.endpoint, table);
  db = createDb({ region: 'us-east-1', tableName: table, endpoints: { dynamodb: dynamo.endpoint } });
  store = new DynamoModelStore(db);
});

const at = (iso: string) => new Date(iso);

describe('DynamoModelStore', () => {
  it('counts messages and appends one corpus item per batch under the community partition', async () => {
    expect(
      await store.append(
        'c1',
        { docs: 2, lines: ['hire|developer', 'accountant'], forms: { hire: 'hiring' } },
        at('2025-01-01T08:00:00Z'),
      ),
    ).toBe(2);
    expect(
      await store.append('c1', { docs: 1, lines: ['מתכנ'], forms: { מתכנ: 'מתכנת' } }, at('2025-01-01T08:01:00Z')),
    ).toBe(3);
    expect((await store.state('c1')).docs).toBe(3);
    expect((await store.state('other')).docs).toBe(0);

    const items = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.aiCorpusPartition('c1') },
      }),
    );
    expect(items.Items).toHaveLength(2);
    expect(items.Items![0]!.pk).toBe('C#c1#AICORPUS');
    expect(typeof items.Items![0]!.ttl).toBe('number');
  });

  it('reads corpus batches between two keys, oldest first, and the newest lines first', async () => {
    await store.append('c1', { docs: 1, lines: ['a'], forms: {} }, at('2025-01-01T08:00:00Z'));
    await store.append('c1', { docs: 1, lines: ['b'], forms: {} }, at('2025-01-01T08:05:00Z'));
    await store.append('c1', { docs: 1, lines: ['c'], forms: {} }, at('2025-01-01T08:10:00Z'));
    const all = await store.corpusBetween('c1', null, '2025-01-01T08:07:00Z');
    expect(all.map((b) => b.lines[0])).toEqual(['a', 'b']);
    expect((await store.corpusBetween('c1', all[0]!.key, '2025-01-01T09:00:00Z')).map((b) => b.lines[0])).toEqual([
      'b',
      'c',
    ]);
    expect(await store.recentCorpus('c1', 2, at('2025-01-02T00:00:00Z'))).toEqual(['c', 'b']);
  });

  it('lets one process at a time build a snapshot version, and never moves a version backwards', async () => {
    const now = at('2025-01-01T08:00:00Z');
    expect(await store.claim('c1', 'df', 1, now, 60_000)).toBe(true);
    expect(await store.claim('c1', 'df', 1, now, 60_000)).toBe(false);
    // the embedding model has its own lease
    expect(await store.claim('c1', 'emb', 1, now, 60_000)).toBe(true);

    await store.saveSnapshot('c1', 'df', 1, ['#\t1\t2\nhire\t2\thiring'], { docs: 2, watermark: 'w1' }, now);
    const state = await store.state('c1');
    expect(state.df).toMatchObject({ version: 1, parts: 1, docs: 2, watermark: 'w1', leaseUntil: 0 });
    expect(await store.claim('c1', 'df', 1, now, 60_000)).toBe(false);
    expect(await store.loadSnapshot('c1', 'df', 1)).toEqual(['#\t1\t2\nhire\t2\thiring']);

    // an older version arriving late does not replace the current one
    await store.saveSnapshot('c1', 'df', 1, ['stale'], { docs: 1, watermark: 'w0' }, now);
    expect((await store.state('c1')).df.watermark).toBe('w1');
  });

  it('lets a lease expire so a failed build is retried', async () => {
    expect(await store.claim('c1', 'emb', 1, at('2025-01-01T08:00:00Z'), 60_000)).toBe(true);
    expect(await store.claim('c1', 'emb', 1, at('2025-01-01T08:00:30Z'), 60_000)).toBe(false);
    expect(await store.claim('c1', 'emb', 1, at('2025-01-01T08:02:00Z'), 60_000)).toBe(true);
    await store.release('c1', 'emb');
    expect(await store.claim('c1', 'emb', 1, at('2025-01-01T08:02:01Z'), 60_000)).toBe(true);
  });

  it('stores a snapshot in parts, reads them in order, keeps the previous version and deletes older ones', async () => {
    const now = at('2025-01-01T08:00:00Z');
    await store.saveSnapshot('c1', 'emb', 1, ['old'], { docs: 64, watermark: null }, now);
    await store.saveSnapshot('c1', 'emb', 2, ['p0', 'p1', 'p2'], { docs: 128, watermark: null }, now);
    expect(await store.loadSnapshot('c1', 'emb', 2)).toEqual(['p0', 'p1', 'p2']);
    expect(await store.loadSnapshot('c1', 'emb', 1)).toEqual(['old']);
    await store.saveSnapshot('c1', 'emb', 3, ['new'], { docs: 256, watermark: null }, now);
    expect(await store.loadSnapshot('c1', 'emb', 1)).toEqual([]);
    expect(await store.loadSnapshot('c1', 'emb', 2)).toHaveLength(3);
    const part = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.aiSnapshotPart('c1', 'emb', 2, 1) }),
    );
    expect(part.Item?.data).toBe('p1');
  });
});

describe('document-frequency snapshots', () => {
  it('fold corpus batches into frequencies and the most written form', () => {
    const snap = foldBatches(
      EMPTY_DF,
      [
        {
          key: 'a',
          docs: 2,
          lines: ['developer|hire', 'developer|developer'],
          forms: { developer: 'developers', hire: 'hiring' },
        },
        { key: 'b', docs: 1, lines: ['developer'], forms: { developer: 'developers' } },
      ],
      1,
    );
    expect(snap.docs).toBe(3);
    expect(snap.df.get('developer')).toBe(3);
    expect(snap.df.get('hire')).toBe(1);
    expect(snap.forms.get('developer')).toBe('developers');
    const back = parseDf(serializeDf(snap));
    expect(back).toEqual(snap);
  });
});

describe('the local provider on the table', () => {
  it('keeps what it learned across processes: a new port reads the same embedding version', async () => {
    let t = Date.parse('2025-01-01T08:00:00Z');
    const now = () => new Date(t);
    const first = new LocalAiPort({ store, now, stateTtlMs: 0 });
    for (let i = 0; i < 8; i++) {
      const batch = Array.from({ length: 10 }, (_, k) => ({
        id: `${i}-${k}`,
        text: k % 2 ? 'We are hiring a backend developer in Haifa' : 'מישהו מכיר רואה חשבון טוב?',
        sender_name: 'Avi',
        timestamp: now().toISOString(),
      }));
      await first.enrich(batch, { communityId: 'c1' });
      t += 10 * 60_000;
    }
    const version = await first.embeddingVersion('c1');
    expect(version).toMatch(/:1$/);
    const second = new LocalAiPort({ store: new DynamoModelStore(db), now, stateTtlMs: 0 });
    expect(await second.embeddingVersion('c1')).toBe(version);
    const [a] = await first.embed(['hiring developers'], { communityId: 'c1', purpose: 'query' });
    const [b] = await second.embed(['hiring developers'], { communityId: 'c1', purpose: 'query' });
    expect(b).toEqual(a);
  });
});
