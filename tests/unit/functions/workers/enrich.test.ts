import { randomUUID } from 'node:crypto';
import { mockTable } from '../../../support/table-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@kehila/functions/data/table-client';
import { blocksOf } from '@kehila/functions/data/aggregate-blocks';
import { keys } from '@kehila/functions/data/keys';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { InboundMessage, RealtimeServerMessage } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import type { AiPort, Enrichment } from '@kehila/functions/core/ports/ai';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import type { RealtimePort } from '@kehila/functions/core/ports/realtime';
import { messageIdFor } from '@kehila/functions/core/messages/ids';
import { handler } from '@kehila/functions/workers/enrich';

const ddb = mockTable();
/** Primary keys the fake table holds: a put on an existing key fails its condition, as DynamoDB's does. */
let table: Map<string, Record<string, unknown>>;
let queued: { queue: string; body: unknown }[];
let published: { communityId: string; event: RealtimeServerMessage }[];
let failEmbed = false;
let failAiFor = new Set<string>();
let aiCalls = 0;

const enrichment = (text: string): Enrichment => ({
  topic: text.includes('hiring') ? 'hiring' : 'general',
  keywords: text.toLowerCase().split(/\s+/).slice(0, 2),
  urgency: text.includes('urgent') ? 'high' : 'low',
  sentiment: 0.25,
  emotion: 'joy',
  intent: 'question',
  toxicity: 0.05,
  action_items: [],
});

const ai = {
  name: 'local',
  embeddingDimensions: 0,
  async enrich(messages, context) {
    aiCalls += 1;
    if (failAiFor.has(context.communityId)) throw new Error('AI provider unavailable');
    return messages.map((m) => enrichment(m.text));
  },
} as AiPort;

const queues: QueueClient = {
  async send(queue, body) {
    queued.push({ queue, body });
  },
  async sendBatch(queue, bodies) {
    if (queue === 'embed' && failEmbed) throw new Error('queue unavailable');
    for (const body of bodies) queued.push({ queue, body });
  },
};
const realtime: RealtimePort = {
  async publish(communityId, event) {
    published.push({ communityId, event });
  },
  async revoke() {},
};

function inbound(overrides: Partial<InboundMessage> = {}): InboundMessage {
  return {
    community_id: 'c1',
    group_id: '120363000000000001@g.us',
    provider: 'waha',
    provider_message_id: `3EB0${randomUUID().slice(0, 8).toUpperCase()}`,
    sender_id: '972501234567@c.us',
    sender_name: 'Dana Levi',
    timestamp: '2026-01-01T07:00:00.000Z',
    text: 'We are hiring a backend engineer',
    reply_to: null,
    media_type: null,
    ...overrides,
  };
}

function record(body: unknown, id = randomUUID()): SQSRecord {
  return {
    messageId: id,
    receiptHandle: id,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '0',
      SenderId: 'x',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:kehila-ingest',
    awsRegion: 'us-east-1',
  };
}

const run = (records: SQSRecord[]) => handler({ Records: records } as SQSEvent);
const aggregateUpdates = () =>
  ddb
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter((i) => String(i.Key?.pk).endsWith('#AGG'));
/** Updates of the live buckets (day, hour, keywords), the sealed blocks' invalidations apart. */
const bucketUpdates = () => aggregateUpdates().filter((i) => !String(i.Key?.sk).startsWith('BLK#'));

describe('enrichment worker', () => {
  beforeEach(() => {
    ddb.reset();
    table = new Map();
    queued = [];
    published = [];
    failEmbed = false;
    failAiFor = new Set();
    aiCalls = 0;
    ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
      const k = `${input.Item.pk}\n${input.Item.sk}`;
      if (table.has(k)) {
        const err = new Error('The conditional request failed');
        err.name = 'ConditionalCheckFailedException';
        throw err;
      }
      table.set(k, input.Item);
      return {};
    });
    ddb.on(UpdateCommand).resolves({});
    setDeps(createLocalDeps(loadConfig({ STAGE: 'local', TABLE_NAME: 't' }), { ai, queues, realtime }));
  });
  afterEach(() => setDeps(undefined));

  it('stores an enriched message with its keys, queues embedding and publishes it live', async () => {
    const m = inbound({ reply_to: '3EB0QUOTED', media_type: null });
    const res = await run([record(m)]);
    expect(res.batchItemFailures).toEqual([]);
    const msgId = messageIdFor(m.group_id, m.provider_message_id);
    const item = [...table.values()][0];
    expect(item).toMatchObject({
      pk: 'C#c1#MSG',
      sk: `2026-01-01T07:00:00.000Z#${msgId}`,
      gsi1pk: 'C#c1#MSGID',
      gsi1sk: msgId,
      msg_id: msgId,
      group_id: m.group_id,
      content: m.text,
      Sender_name: 'Dana Levi',
      sender_hash: '972501234567@c.us',
      topic: 'hiring',
      urgency: 'low',
      sentiment: 0.25,
      emotion: 'joy',
      intent: 'question',
      toxicity: 0.05,
      cluster_id: null,
      reply_to: messageIdFor(m.group_id, '3EB0QUOTED'),
      source: 'webhook',
      provider: 'waha',
    });
    // The phone number is never part of an index key; the keyed hash is.
    expect(String(item?.gsi2pk)).toMatch(/^C#c1#SENDER#[0-9a-f]{20}$/);
    expect(String(item?.gsi2pk)).not.toContain('972501234567');
    expect(queued).toEqual([
      { queue: 'embed', body: { communityId: 'c1', msgId, timestamp: '2026-01-01T07:00:00.000Z' } },
    ]);
    expect(published).toEqual([
      {
        communityId: 'c1',
        event: { type: 'message.inserted', communityId: 'c1', message: expect.objectContaining({ msg_id: msgId }) },
      },
    ]);
  });

  it('updates each day, hour and keyword bucket once per batch with the summed deltas', async () => {
    const a = inbound({ text: 'urgent: hiring today' });
    const b = inbound({ text: 'hello all', timestamp: '2026-01-01T07:30:00.000Z' });
    await run([record(a), record(b)]);
    const updates = bucketUpdates();
    expect(updates.map((u) => u.Key?.sk).sort()).toEqual(['DAY#2026-01-01', 'HOUR#2026-01-01T07', 'KW#2026-01-01']);
    const day = updates.find((u) => u.Key?.sk === 'DAY#2026-01-01');
    const added = Object.fromEntries(
      Object.entries(day?.ExpressionAttributeNames ?? {})
        .filter(([k]) => k.startsWith('#a'))
        .map(([k, name]) => [name, day?.ExpressionAttributeValues?.[`:${k.slice(1)}`]]),
    );
    expect(added).toMatchObject({
      count: 2,
      u_high: 1,
      u_low: 1,
      t_hiring: 1,
      t_general: 1,
      e_joy: 2,
      i_question: 2,
      sentiment_sum: 0.5,
      sentiment_n: 2,
      toxicity_sum: 0.1,
      toxicity_n: 2,
    });
    const senders = Object.keys(added).filter((k) => k.startsWith('s_'));
    expect(senders).toHaveLength(1);
    expect(added[senders[0] as string]).toBe(2);
  });

  it('invalidates the sealed blocks of a past day after counting its messages, level 0 first, once per batch', async () => {
    // 2026-01-01 is long over: it may be sealed, so its nine blocks are marked changed.
    await run([record(inbound({ text: 'a' })), record(inbound({ text: 'b', timestamp: '2026-01-01T09:00:00.000Z' }))]);
    const all = aggregateUpdates();
    const blocks = all.filter((i) => String(i.Key?.sk).startsWith('BLK#'));
    expect(blocks.map((b) => b.Key?.sk)).toEqual(
      blocksOf('2026-01-01').map((r) => keys.aggregateBlock('c1', r.level, r.start).sk),
    );
    expect(blocks.every((b) => b.UpdateExpression === 'ADD #dirty :one')).toBe(true);
    // After the buckets they stand for.
    const firstBlock = all.findIndex((i) => String(i.Key?.sk).startsWith('BLK#'));
    expect(
      all
        .slice(0, firstBlock)
        .map((i) => String(i.Key?.sk).slice(0, 3))
        .sort(),
    ).toEqual(['DAY', 'HOU', 'HOU', 'KW#']);
  });

  it('stores nothing new and counts nothing on redelivery, but queues embedding again', async () => {
    const m = inbound();
    await run([record(m)]);
    ddb.resetHistory();
    queued = [];
    published = [];
    const res = await run([record(m)]);
    expect(res.batchItemFailures).toEqual([]);
    expect(table.size).toBe(1);
    expect(bucketUpdates()).toEqual([]);
    expect(published).toEqual([]);
    expect(queued.map((q) => q.queue)).toEqual(['embed']);
  });

  it('handles the same message twice in one batch once', async () => {
    const m = inbound();
    const res = await run([record(m), record(m)]);
    expect(res.batchItemFailures).toEqual([]);
    expect(table.size).toBe(1);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(1);
    expect(published).toHaveLength(1);
  });

  it('reports only the poison records as failures', async () => {
    const good = record(inbound());
    const notJson = record('{"community_id":');
    const notInbound = record({ hello: 'world' });
    const res = await run([good, notJson, notInbound]);
    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(
      [notJson.messageId, notInbound.messageId].sort(),
    );
    expect(table.size).toBe(1);
  });

  it('fails the records of a community whose enrichment failed, and only those', async () => {
    failAiFor = new Set(['c2']);
    const ok = record(inbound({ community_id: 'c1' }));
    const bad = record(inbound({ community_id: 'c2' }));
    const res = await run([ok, bad]);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: bad.messageId }]);
    expect([...table.values()].map((i) => i.pk)).toEqual(['C#c1#MSG']);
  });

  it('fails the records when embedding cannot be queued, so their redelivery queues it', async () => {
    failEmbed = true;
    const r = record(inbound());
    const res = await run([r]);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: r.messageId }]);
  });

  it('stores a captionless media message without asking the AI, with nothing scored', async () => {
    await run([record(inbound({ text: '', media_type: 'audio' }))]);
    expect(aiCalls).toBe(0);
    expect([...table.values()][0]).toMatchObject({
      content: null,
      media_type: 'audio',
      topic: null,
      urgency: null,
      sentiment: null,
      toxicity: null,
    });
  });

  it('adds imported and duplicate messages to their import job’s counters', async () => {
    const first = inbound({ provider: 'import', import_id: 'job-1' });
    await run([record(first)]);
    await run([record(first), record(inbound({ provider: 'import', import_id: 'job-1' }))]);
    const jobUpdates = ddb
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .filter((i) => i.Key?.sk === 'IMPORT#job-1');
    expect(jobUpdates.map((u) => u.ExpressionAttributeValues)).toEqual([
      expect.objectContaining({ ':i': 1, ':d': 0, ':p': 1 }),
      expect.objectContaining({ ':i': 1, ':d': 1, ':p': 2 }),
    ]);
    expect(jobUpdates[0]?.UpdateExpression).toContain('ADD imported :i, duplicates :d, #processed :p');
    expect([...table.values()][0]).toMatchObject({ source: 'import', import_id: 'job-1' });
  });
});
