import { mockTable } from '../../../../support/table-mock';
import { describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand, QueryCommand } from '@kehila/functions/data/table-client';
import type { Message } from '@kehila/shared';
import { createDb } from '@kehila/functions/data/db';
import { activeSenderCount, messageDelta } from '@kehila/functions/data/aggregates';
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
    });
    expect(messageDelta(msg({}), 'k2')).toEqual({ count: 1, s_k2: 1 });
  });
});

describe('aggregate readers and recount', () => {
  const config = loadConfig({ STAGE: 'local', TABLE_NAME: 't' });
  const db = createDb(config);

  it('counts distinct senders over the day buckets since a day', async () => {
    const ddb = mockTable();
    ddb.on(QueryCommand).resolves({
      Items: [
        { day: '2026-01-01', count: 3, s_a: 2, s_b: 1 },
        { day: '2026-01-02', count: 2, s_b: 1, s_c: 1 },
      ],
    });
    expect(await activeSenderCount(db, 'c1', '2026-01-01')).toBe(3);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues).toEqual({
      ':qpk': 'C#c1#AGG',
      ':qlo': 'DAY#2026-01-01',
      ':qhi': 'DAY#9999-12-31',
    });
    ddb.restore();
  });

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
    ddb.on(PutCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    expect(await recountDay({ db, config, secrets: { get: async () => null } }, 'c1', '2026-01-01')).toEqual({
      messages: 2,
    });
    const puts = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(puts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sk: 'DAY#2026-01-01', count: 2, u_low: 2, s_k1: 2 }),
        expect.objectContaining({ sk: 'HOUR#2026-01-01T07', count: 1 }),
        expect.objectContaining({ sk: 'HOUR#2026-01-01T09', count: 1 }),
      ]),
    );
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key?.sk)).toEqual(['HOUR#2026-01-01T05']);
    ddb.restore();
  });
});
