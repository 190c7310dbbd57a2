import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@kehila/functions/data/table-client';
import type { SQSEvent } from 'aws-lambda';
import type { Message } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { type Deps } from '@kehila/functions/core/deps';
import { createDb, type Db } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { putMessageIfNew } from '@kehila/functions/data/messages';
import { getSearchState, WALK_START } from '@kehila/functions/data/search-state';
import type { AiPort } from '@kehila/functions/core/ports/ai';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { LocalSearch } from '@kehila/functions/adapters/search/local/local-search';
import { resetIndexingCache, WALK_PAGE } from '@kehila/functions/core/search/indexing';
import { handler } from '@kehila/functions/workers/embed';
import { processEmbedRecords } from '@kehila/functions/core/search/embed';
import { ensureTable, startDynamo, type LocalDynamo } from '../../../../infra/local/engines/dynamodb';

const DIM = 4;

/** A deterministic embedder: words hashed into 4 dimensions, unit length. Counts its calls. */
class FakeAi {
  readonly name = 'local' as const;
  readonly embeddingDimensions = DIM;
  calls: { texts: string[]; communityId: string; purpose: string }[] = [];
  failWith: Error | null = null;
  version: string | undefined;
  wrongDimension = false;

  async embed(texts: readonly string[], ctx: { communityId: string; purpose: 'document' | 'query' }) {
    this.calls.push({ texts: [...texts], ...ctx });
    if (this.failWith) throw this.failWith;
    return texts.map((t) => {
      const v = new Array<number>(this.wrongDimension ? DIM + 1 : DIM).fill(0);
      for (const w of t.toLowerCase().split(/\s+/)) v[[...w].reduce((h, ch) => h + ch.charCodeAt(0), 0) % DIM]! += 1;
      const n = Math.hypot(...v) || 1;
      return v.map((x) => x / n);
    });
  }

  embeddingVersion = (): string => this.version ?? `local:${DIM}`;
}

class FakeQueues implements QueueClient {
  sent: { queue: string; body: unknown }[] = [];
  async send(queue: string, body: unknown) {
    this.sent.push({ queue, body });
  }
  async sendBatch(queue: string, bodies: readonly unknown[]) {
    for (const body of bodies) this.sent.push({ queue, body });
  }
}

let dynamo: LocalDynamo;
let db: Db;
let tableNo = 0;

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  dynamo = await startDynamo();
});
afterAll(async () => {
  setDeps(undefined);
  await dynamo.close();
});

let ai: FakeAi;
let queues: FakeQueues;
let search: LocalSearch;
let deps: Deps;
const C = 'embed-community';

beforeEach(async () => {
  const table = `embed-${++tableNo}`;
  await ensureTable(dynamo.endpoint, table);
  db = createDb({ region: 'us-east-1', tableName: table, endpoints: { dynamodb: dynamo.endpoint } });
  ai = new FakeAi();
  queues = new FakeQueues();
  search = new LocalSearch();
  resetIndexingCache();
  deps = createLocalDeps(loadConfig({ TABLE_NAME: table, STAGE: 'local' }), {
    db,
    ai: ai as unknown as AiPort,
    queues,
    search,
    now: () => new Date('2025-03-01T12:00:00.000Z'),
  });
});

function message(id: string, minute: number, content: string | null): Message {
  return {
    msg_id: id,
    group_id: '120363041234567890@g.us',
    content,
    timestamp: new Date(Date.UTC(2025, 2, 1, 9, minute)).toISOString(),
    Sender_name: 'Dana',
    sender_hash: '972501234567@c.us',
    topic: 'Events',
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

async function store(...messages: Message[]) {
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
}

const job = (m: Message, id = m.msg_id) => ({
  messageId: `rec-${id}`,
  body: JSON.stringify({ communityId: C, msgId: m.msg_id, timestamp: m.timestamp }),
});

async function item(m: Message) {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.message(C, m.timestamp, m.msg_id) }));
  return res.Item ?? {};
}

const textHits = async (text: string) =>
  (await search.text({ communityId: C, text, order: 'desc', limit: 10 })).hits.map((h) => h.msgId);

describe('embed worker', () => {
  const a = message('A', 1, 'picnic in the park on friday');
  const b = message('B', 2, 'פיקניק בפארק ביום שישי');

  it('embeds a batch in one call, indexes the vectors and marks the messages', async () => {
    await store(a, b);
    const outcome = await processEmbedRecords(deps, [job(a), job(b)]);
    expect([...outcome.values()]).toEqual([null, null]);
    expect(ai.calls).toEqual([{ texts: [a.content, b.content], communityId: C, purpose: 'document' }]);
    expect(await search.stats(C, { version: 'local:4' })).toEqual({ total: 2, embedded: 2 });
    expect(await textHits('picnic')).toEqual(['A']);
    const [best] = await search.semantic({
      communityId: C,
      vector: (await ai.embed([b.content!], { communityId: C, purpose: 'query' }))[0]!,
      limit: 1,
    });
    expect(best?.msgId).toBe('B');
    expect(await item(a)).toMatchObject({ embedding_version: 'local:4', embedded_at: '2025-03-01T12:00:00.000Z' });
    expect(typeof (await item(a)).embedded_hash).toBe('string');
  });

  it('records the community state and starts one walk the first time it sees the community', async () => {
    await store(a);
    await processEmbedRecords(deps, [job(a)]);
    await processEmbedRecords(deps, [job(a)]);
    expect(await getSearchState(db, C)).toMatchObject({ embedding_version: 'local:4', reembed_cursor: WALK_START });
    expect(queues.sent).toEqual([
      { queue: 'embed', body: { communityId: C, reembed: { version: 'local:4', after: WALK_START } } },
    ]);
  });

  it('does not embed again on redelivery, but refreshes the indexed fields', async () => {
    await store(a);
    await processEmbedRecords(deps, [job(a)]);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.message(C, a.timestamp, a.msg_id),
        UpdateExpression: 'SET topic = :t',
        ExpressionAttributeValues: { ':t': 'Outdoors' },
      }),
    );
    const outcome = await processEmbedRecords(deps, [job(a, 'again')]);
    expect(outcome.get('rec-again')).toBeNull();
    expect(ai.calls).toHaveLength(1);
    expect((await search.text({ communityId: C, topic: 'outdoors', order: 'desc', limit: 5 })).hits).toHaveLength(1);
    expect(await search.stats(C, { version: 'local:4' })).toEqual({ total: 1, embedded: 1 });
  });

  it('embeds again when the text changed', async () => {
    await store(a);
    await processEmbedRecords(deps, [job(a)]);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.message(C, a.timestamp, a.msg_id),
        UpdateExpression: 'SET content = :c',
        ExpressionAttributeValues: { ':c': 'the picnic moved to saturday' },
      }),
    );
    await processEmbedRecords(deps, [job(a)]);
    expect(ai.calls.map((c) => c.texts)).toEqual([[a.content], ['the picnic moved to saturday']]);
    expect(await textHits('saturday')).toEqual(['A']);
  });

  it('keeps text search working when embedding fails, and reports the records as failed', async () => {
    await store(a, b);
    ai.failWith = new Error('model unavailable');
    const outcome = await processEmbedRecords(deps, [job(a), job(b)]);
    expect(outcome.get('rec-A')?.message).toBe('model unavailable');
    expect(outcome.get('rec-B')?.message).toBe('model unavailable');
    expect(await textHits('picnic')).toEqual(['A']);
    expect(await search.stats(C)).toEqual({ total: 2, embedded: 0 });
    expect((await item(a)).embedding_version).toBeUndefined();
  });

  it('still indexes for text search when the AI provider cannot say its version', async () => {
    await store(a);
    ai.embeddingVersion = () => {
      throw new Error('AI provider not configured');
    };
    const outcome = await processEmbedRecords(deps, [job(a)]);
    expect(outcome.get('rec-A')?.message).toBe('AI provider not configured');
    expect(await textHits('picnic')).toEqual(['A']);
    expect(ai.calls).toEqual([]);
  });

  it('fails on vectors of the wrong dimension', async () => {
    await store(a);
    ai.wrongDimension = true;
    const outcome = await processEmbedRecords(deps, [job(a)]);
    expect(outcome.get('rec-A')?.message).toContain('not 4 finite numbers');
  });

  it('indexes a media message without text and does not embed it', async () => {
    const media = message('M', 3, null);
    await store(media, a);
    const outcome = await processEmbedRecords(deps, [job(media), job(a)]);
    expect([...outcome.values()]).toEqual([null, null]);
    expect(ai.calls[0]?.texts).toEqual([a.content]);
    expect((await search.text({ communityId: C, order: 'desc', limit: 5 })).hits.map((h) => h.msgId)).toEqual([
      'M',
      'A',
    ]);
    expect(await search.stats(C)).toEqual({ total: 1, embedded: 1 });
    // Marked as indexed with this version, so a walk does not queue it again.
    expect(await item(media)).toMatchObject({ embedding_version: 'local:4' });
  });

  it('removes a message that is gone from the table and succeeds', async () => {
    await search.upsert([
      {
        communityId: C,
        msgId: 'gone',
        timestamp: a.timestamp,
        content: 'x',
        sender_name: null,
        sender_hash: null,
        topic: null,
        urgency: null,
        keywords: [],
      },
    ]);
    const outcome = await processEmbedRecords(deps, [
      { messageId: 'r1', body: JSON.stringify({ communityId: C, msgId: 'gone', timestamp: a.timestamp }) },
    ]);
    expect(outcome.get('r1')).toBeNull();
    expect(await search.stats(C)).toEqual({ total: 0, embedded: 0 });
  });

  it('fails only the records whose body is not a job', async () => {
    await store(a);
    const outcome = await processEmbedRecords(deps, [
      { messageId: 'bad-json', body: '{' },
      { messageId: 'bad-shape', body: JSON.stringify({ communityId: C }) },
      job(a),
    ]);
    expect(outcome.get('bad-json')?.message).toBe('embed message is not JSON');
    expect(outcome.get('bad-shape')?.message).toMatch(/^not an embed queue message/);
    expect(outcome.get('rec-A')).toBeNull();
  });

  it('answers Lambda with the failed records only (partial batch response)', async () => {
    await store(a);
    setDeps(deps);
    const event = {
      Records: [job(a), { messageId: 'bad', body: 'nope' }].map((r) => ({
        ...r,
        receiptHandle: r.messageId,
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: '0',
          SenderId: 'x',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:kehila-embed',
        awsRegion: 'us-east-1',
      })),
    } as SQSEvent;
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad' }] });
  });

  describe('re-embedding when the embedding version moves', () => {
    it('moves the state, walks the messages page by page and queues the stale ones', { timeout: 60_000 }, async () => {
      const many = Array.from({ length: WALK_PAGE + 5 }, (_, i) =>
        message(`W${String(i).padStart(3, '0')}`, i % 60, i === 3 ? null : `text ${i}`),
      );
      await store(...many);
      await processEmbedRecords(deps, [job(many[0]!)]);
      queues.sent = [];

      ai.version = 'local:4:v2';
      resetIndexingCache();
      await processEmbedRecords(deps, [job(many[1]!)]);
      expect(await getSearchState(db, C)).toMatchObject({
        embedding_version: 'local:4:v2',
        reembed_cursor: WALK_START,
      });
      const walk = queues.sent.find((s) => JSON.stringify(s.body).includes('reembed'))!.body;
      expect(walk).toEqual({ communityId: C, reembed: { version: 'local:4:v2', after: WALK_START } });

      // A semantic query of the new version only sees vectors of the new version.
      expect(await search.stats(C, { version: 'local:4:v2' })).toEqual({ total: 2, embedded: 1 });

      queues.sent = [];
      const walkRecord = { messageId: 'walk-1', body: JSON.stringify(walk) };
      expect((await processEmbedRecords(deps, [walkRecord])).get('walk-1')).toBeNull();
      const firstPage = queues.sent.filter((s) => !JSON.stringify(s.body).includes('reembed'));
      const next = queues.sent.find((s) => JSON.stringify(s.body).includes('reembed'))?.body as {
        reembed: { after: string };
      };
      // Page 1 holds WALK_PAGE messages: only the one already re-embedded is skipped (the media
      // one is queued too, to be indexed with the new version, not embedded).
      expect(firstPage).toHaveLength(WALK_PAGE - 1);
      expect(next.reembed.after).toMatch(/^2025-03-01T/);

      // The same page delivered twice does nothing the second time.
      queues.sent = [];
      await processEmbedRecords(deps, [walkRecord]);
      expect(queues.sent).toEqual([]);

      await processEmbedRecords(deps, [{ messageId: 'walk-2', body: JSON.stringify(next) }]);
      expect(queues.sent).toHaveLength(5);
      expect(await getSearchState(db, C)).toMatchObject({
        reembed_cursor: null,
        reembed_finished_at: '2025-03-01T12:00:00.000Z',
      });
    });
  });
});
