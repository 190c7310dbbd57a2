import { mockTable } from '../../../../support/table-mock';
import { describe, expect, it } from 'vitest';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@kehila/functions/data/table-client';
import type { Message } from '@kehila/shared';
import { createDb } from '@kehila/functions/data/db';
import {
  addToBucket,
  keywordDelta,
  messageDelta,
  quarterOf,
} from '@kehila/functions/data/aggregates';
import { recountDay } from '@kehila/functions/core/messages/recount';
import { loadConfig } from '@kehila/functions/core/config';

const msg = (over: Partial<Message>): Message => ({
  msg_id: 'm',
  group_id: 'g@g.us',
  content: 'x',
  timestamp: '2026-01-01T07:00:00.000Z',
  Sender_name: null,
  sender_hash: '972501234567@c.us',
  topic: null,
  keywords: [],
  urgency: null,
  sentiment: null,
  action_items: [],
  emotion: null,
  intent: null,
  cluster_id: null,
  toxicity: null,
  ...over,
});

describe('aggregate deltas', () => {
  it('counts what a message carries and skips what it does not', () => {
    expect(
      messageDelta(
        msg({ urgency: 'high', topic: 'hiring', emotion: 'fear', intent: 'request', sentiment: -0.4, toxicity: 0.2 }),
        'k1',
      ),
    ).toEqual({
      count: 1,
      s_k1: 1,
      u_high: 1,
      t_hiring: 1,
      e_fear: 1,
      i_request: 1,
      sentiment_sum: -0.4,
      sentiment_n: 1,
      toxicity_sum: 0.2,
      toxicity_n: 1,
      sl_Negative: 1,
      q_0700: 1,
    });
    expect(messageDelta(msg({ timestamp: '2026-01-01T23:59:59.999Z' }), 'k2')).toEqual({
      count: 1,
      s_k2: 1,
      q_2345: 1,
    });
  });

  it('files a message under its UTC quarter hour, so half- and quarter-hour zones read exact local hours', () => {
    expect(quarterOf('2026-01-01T09:14:59.999Z')).toBe('q_0900');
    expect(quarterOf('2026-01-01T09:15:00.000Z')).toBe('q_0915');
    expect(quarterOf('2026-01-01T09:44:00.000Z')).toBe('q_0930');
    expect(quarterOf('2026-01-01T09:45:00.000Z')).toBe('q_0945');
  });

  it('counts keywords trimmed, lower-case and once per message', () => {
    expect(keywordDelta(msg({ keywords: ['Rent', ' rent ', 'שכירות', ''] }))).toEqual({ k_rent: 1, k_שכירות: 1 });
  });

  it('keeps every update expression small: a large delta is split into several updates', async () => {
    const ddb = mockTable();
    ddb.on(UpdateCommand).resolves({});
    const delta = Object.fromEntries(Array.from({ length: 130 }, (_, i) => [`k_word${i}`, 1]));
    await addToBucket(createDb(loadConfig({ STAGE: 'local', TABLE_NAME: 't' })), {
      communityId: 'c1',
      kind: 'keywords',
      bucket: '2026-01-01',
      delta,
    });
    const calls = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.Key?.sk === 'KW#2026-01-01')).toBe(true);
    expect(calls.reduce((n, c) => n + Object.keys(c.ExpressionAttributeValues ?? {}).length - 3, 0)).toBe(130);
    ddb.restore();
  });
});

describe('aggregate readers and recount', () => {
  const config = loadConfig({ STAGE: 'local', TABLE_NAME: 't' });
  const db = createDb(config);

  it('rebuilds a day from its messages: replaces the day and hours, deletes empty hours', async () => {
    const ddb = mockTable();
    ddb.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => {
      if (input.ExpressionAttributeValues[':qpk'] === 'C#c1#MSG') {
        return {
          Items: [
            { ...msg({ msg_id: 'a', urgency: 'low' }), sender_key: 'k1' },
            { ...msg({ msg_id: 'b', timestamp: '2026-01-01T09:10:00.000Z', urgency: 'low' }), sender_key: 'k1' },
          ],
        };
      }
      return {
        Items: [
          { hour: '2026-01-01T05', count: 4 },
          { hour: '2026-01-01T07', count: 9 },
        ],
      };
    });
    ddb
      .on(GetCommand)
      .callsFake((input: { Key: { sk: string } }) =>
        input.Key.sk === 'DAY#2026-01-01'
          ? { Item: { day: '2026-01-01', count: 1, u_low: 1, s_k1: 1, q_0700: 1 } }
          : {},
      );
    ddb.on(PutCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    expect(await recountDay({ db, config, secrets: { get: async () => null } }, 'c1', '2026-01-01')).toEqual({
      day: '2026-01-01',
      messages: 2,
      countedBefore: 1,
      drift: [
        'day.count',
        'day.u_low',
        'day.s_k1',
        'day.q_0900',
        'hour 05.count',
        'hour 07.count',
        'hour 07.s_k1',
        'hour 07.q_0700',
        'hour 07.u_low',
        'hour 09.count',
        'hour 09.s_k1',
        'hour 09.q_0900',
        'hour 09.u_low',
      ],
    });
    const puts = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(puts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sk: 'DAY#2026-01-01', count: 2, u_low: 2, s_k1: 2 }),
        expect.objectContaining({ sk: 'HOUR#2026-01-01T07', count: 1 }),
        expect.objectContaining({ sk: 'HOUR#2026-01-01T09', count: 1 }),
      ]),
    );
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key?.sk)).toEqual(['KW#2026-01-01', 'HOUR#2026-01-01T05']);
    ddb.restore();
  });
});
