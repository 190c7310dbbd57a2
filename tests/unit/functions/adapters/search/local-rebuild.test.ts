import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@kehila/functions/data/table-client';
import type { Message } from '@kehila/shared';
import { createDb, type Db } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { putMessageIfNew } from '@kehila/functions/data/messages';
import { recordEmbeddingVersion } from '@kehila/functions/data/search-state';
import { searchDocOf } from '@kehila/functions/core/search/docs';
import { LocalSearch, sharedLocalSearch } from '@kehila/functions/adapters/search/local/local-search';
import { ensureTable, startDynamo, type LocalDynamo } from '../../../../../infra/local/engines/dynamodb';

let dynamo: LocalDynamo;
let db: Db;

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  dynamo = await startDynamo();
  await ensureTable(dynamo.endpoint, 'rebuild');
  db = createDb({ region: 'us-east-1', tableName: 'rebuild', endpoints: { dynamodb: dynamo.endpoint } });
});
afterAll(() => dynamo.close());

function message(id: string, minute: number, content: string | null): Message {
  return {
    msg_id: id,
    group_id: 'g@g.us',
    content,
    timestamp: new Date(Date.UTC(2025, 4, 1, 8, minute)).toISOString(),
    Sender_name: 'Noa',
    sender_hash: '972541112222@c.us',
    topic: 'Events',
    keywords: [],
    urgency: 'medium',
    sentiment: null,
    action_items: [],
    emotion: null,
    intent: null,
    cluster_id: null,
    toxicity: null,
  };
}

describe('local engine with a table (rebuild at start)', () => {
  const C = 'rebuild-community';
  const messages = [
    message('m1', 1, 'hackathon this weekend'),
    message('m2', 2, 'האקתון בסוף השבוע'),
    message('m3', 3, 'photo only'),
    message('m4', 4, null),
  ];
  const vectors: Record<string, number[]> = { m1: [1, 0, 0], m2: [0.8, 0.6, 0], m3: [0, 0, 1] };

  it('rebuilds text and vectors from the table after a restart, and forgets removed vectors', async () => {
    for (const m of messages) {
      await putMessageIfNew(db, {
        communityId: C,
        message: m,
        senderKey: 'k',
        provider: 'waha',
        providerMessageId: m.msg_id,
        receivedAt: m.timestamp,
      });
    }
    await recordEmbeddingVersion(db, C, 'v1', new Date().toISOString());
    const before = new LocalSearch(db);
    await before.upsert(
      messages.map((m) => ({
        ...searchDocOf(C, m),
        ...(vectors[m.msg_id] ? { vector: vectors[m.msg_id], vectorVersion: 'v1' } : {}),
      })),
    );

    const after = new LocalSearch(db);
    const report = await after.rebuild();
    expect(report).toMatchObject({ communities: 1, documents: 4, vectors: 3, failed: [] });
    expect(after.communities()).toEqual([C]);
    expect(
      (await after.text({ communityId: C, text: 'האקתון', order: 'desc', limit: 5 })).hits.map((h) => h.msgId),
    ).toEqual(['m2']);
    const near = await after.semantic({ communityId: C, vector: [1, 0, 0], limit: 2, version: 'v1' });
    expect(near.map((h) => h.msgId)).toEqual(['m1', 'm2']);
    expect(near[1]?.score).toBeCloseTo(0.8, 3);
    expect(await after.stats(C, { version: 'v1' })).toEqual({ total: 3, embedded: 3 });

    // A message deleted from the table: the worker removes it, and its vector goes with it.
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.message(C, messages[0]!.timestamp, 'm1') }));
    await after.remove(C, ['m1']);
    const again = new LocalSearch(db);
    expect(await again.rebuild()).toMatchObject({ documents: 3, vectors: 2 });
    expect((await again.unembedded(C, 'v1')).map((r) => r.msgId)).toEqual([]);
    expect((await again.unembedded(C, 'v2')).map((r) => r.msgId)).toEqual(['m2', 'm3']);
  });

  it('loads a community lazily on first use when it was not rebuilt', async () => {
    const lazy = new LocalSearch(db);
    expect(await lazy.stats(C)).toEqual({ total: 2, embedded: 2 });
  });

  it('shares one engine per table in a process (the worker and the routes of the local stack)', () => {
    expect(sharedLocalSearch(db, dynamo.endpoint)).toBe(sharedLocalSearch(db, dynamo.endpoint));
    expect(sharedLocalSearch(db, dynamo.endpoint)).not.toBe(
      sharedLocalSearch({ ...db, table: 'other' }, dynamo.endpoint),
    );
  });
});
