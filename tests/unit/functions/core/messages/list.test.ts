import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockTable } from '../../../../support/table-mock';
import { BatchGetCommand, QueryCommand } from '@kehila/functions/data/table-client';
import { loadConfig } from '@kehila/functions/core/config';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { type Deps } from '@kehila/functions/core/deps';
import { AppError } from '@kehila/functions/core/errors';
import { listMessages } from '@kehila/functions/core/messages/list';
import type { SearchPort, TextQuery } from '@kehila/functions/core/ports/search';

describe('message list', () => {
  const ddb = mockTable();
  let deps: Deps;
  let searched: TextQuery[];
  const search = {
    async text(q: TextQuery) {
      searched.push(q);
      return { hits: [{ msgId: 'm2', timestamp: '2026-01-02T00:00:00.000Z', score: 1 }], nextCursor: 'opaque-page-2' };
    },
  } as unknown as SearchPort;
  const message = (id: string, timestamp: string) => ({
    pk: 'C#c1#MSG',
    sk: `${timestamp}#${id}`,
    msg_id: id,
    group_id: 'g@g.us',
    content: 'hi',
    timestamp,
    Sender_name: null,
    sender_hash: null,
    topic: null,
    keywords: [],
    urgency: null,
    sentiment: null,
    action_items: [],
    emotion: null,
    intent: null,
    cluster_id: null,
    toxicity: null,
    sender_key: 'abc',
  });

  beforeEach(() => {
    ddb.reset();
    searched = [];
    deps = createLocalDeps(loadConfig({ STAGE: 'local', TABLE_NAME: 't' }), { search });
  });
  afterEach(() => ddb.reset());

  it('without filters queries the community partition by time, [from, to), with an opaque cursor', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [message('m1', '2026-01-01T10:00:00.000Z')],
      LastEvaluatedKey: { pk: 'C#c1#MSG', sk: '2026-01-01T10:00:00.000Z#m1' },
    });
    const page = await listMessages(deps, 'c1', {
      limit: 1,
      order: 'asc',
      from: '2026-01-01',
      to: '2026-01-02',
    });
    const input = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      KeyConditionExpression: '#qpk = :qpk AND #qsk BETWEEN :qlo AND :qhi',
      ExpressionAttributeNames: { '#qpk': 'pk', '#qsk': 'sk' },
      ExpressionAttributeValues: {
        ':qpk': 'C#c1#MSG',
        ':qlo': '2026-01-01T00:00:00.000Z',
        ':qhi': '2026-01-02T00:00:00.000Z',
      },
      Limit: 1,
    });
    // Ascending is DynamoDB's own order: no ScanIndexForward is sent.
    expect(input?.ScanIndexForward).toBeUndefined();
    expect(page.items.map((m) => m.msg_id)).toEqual(['m1']);
    expect(page.items[0]).not.toHaveProperty('sender_key');
    expect(page.nextCursor).toEqual(expect.any(String));

    await listMessages(deps, 'c1', { limit: 1, order: 'asc', cursor: page.nextCursor as string });
    expect(ddb.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({
      pk: 'C#c1#MSG',
      sk: '2026-01-01T10:00:00.000Z#m1',
    });
    expect(searched).toEqual([]);
  });

  it('refuses another community’s cursor and a tampered one', async () => {
    ddb.on(QueryCommand).resolves({ Items: [], LastEvaluatedKey: { pk: 'C#other#MSG', sk: 'x' } });
    const page = await listMessages(deps, 'other', { limit: 1, order: 'desc' });
    await expect(
      listMessages(deps, 'c1', { limit: 1, order: 'desc', cursor: page.nextCursor as string }),
    ).rejects.toThrow(new AppError('bad_request', 'Invalid cursor'));
    await expect(listMessages(deps, 'c1', { limit: 1, order: 'desc', cursor: 'bm9wZQ' })).rejects.toThrow(
      'Invalid cursor',
    );
  });

  it('with a term or a filter asks the search port and reads the hits from the table by key', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { t: [message('m2', '2026-01-02T00:00:00.000Z')] } });
    const page = await listMessages(deps, 'c1', { limit: 20, order: 'desc', q: 'good accountant', urgency: 'high' });
    expect(searched).toEqual([
      { communityId: 'c1', text: 'good accountant', urgency: 'high', order: 'desc', limit: 20 },
    ]);
    const keys = ddb.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.t?.Keys;
    expect(keys).toEqual([{ pk: 'C#c1#MSG', sk: '2026-01-02T00:00:00.000Z#m2' }]);
    expect(page.items.map((m) => m.msg_id)).toEqual(['m2']);

    await listMessages(deps, 'c1', { limit: 20, order: 'desc', q: 'id:3f2a', cursor: page.nextCursor as string });
    expect(searched[1]).toEqual({
      communityId: 'c1',
      idPartial: '3f2a',
      order: 'desc',
      limit: 20,
      cursor: 'opaque-page-2',
    });
  });

  it('passes topic and sender filters (also from term prefixes) to the search', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { t: [] } });
    await listMessages(deps, 'c1', { limit: 5, order: 'asc', topic: 'hiring', sender: 'Dana' });
    await listMessages(deps, 'c1', { limit: 5, order: 'asc', q: 'sender:Yossi' });
    expect(searched).toEqual([
      { communityId: 'c1', topic: 'hiring', sender: 'Dana', order: 'asc', limit: 5 },
      { communityId: 'c1', sender: 'Yossi', order: 'asc', limit: 5 },
    ]);
  });
});
