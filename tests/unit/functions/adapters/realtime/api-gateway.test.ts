import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubConnections } from '../../../../support/connections-stub';
import { mockTable } from '../../../../support/table-mock';
import { DeleteCommand, QueryCommand } from '@kehila/functions/data/table-client';
import { apiGatewayRealtimePort } from '@kehila/functions/adapters/realtime/api-gateway';
import { createDb } from '@kehila/functions/data/db';

const ddb = mockTable();
const db = createDb({ region: 'us-east-1', tableName: 't', endpoints: {} });
const event = { type: 'message.deleted' as const, communityId: 'c1', msg_id: 'm1' };

describe('cloud realtime port', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    ddb.reset();
    ddb.on(QueryCommand).resolves({ Items: [{ connection_id: 'live' }, { connection_id: 'gone' }] });
    ddb.on(DeleteCommand).resolves({});
  });

  it('posts the event, signed, to every subscribed connection and forgets the gone ones', async () => {
    const posts = stubConnections(['gone']);
    const port = apiGatewayRealtimePort(db, 'https://abc.execute-api.us-east-1.amazonaws.com/prod', 'us-east-1');
    await port.publish('c1', event);
    expect(posts.map((p) => p.connectionId).sort()).toEqual(['gone', 'live']);
    expect(posts[0]?.message).toEqual(event);
    expect(posts[0]?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/execute-api\//,
    );
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual([
      { pk: 'C#c1#WS', sk: 'CONN#gone' },
    ]);
    const query = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(query?.FilterExpression).toBe('#ttl > :now');
  });

  it('publishes nothing without an endpoint', async () => {
    const posts = stubConnections();
    await apiGatewayRealtimePort(db, undefined, 'us-east-1').publish('c1', event);
    expect(posts).toHaveLength(0);
    expect(ddb.calls()).toHaveLength(0);
  });

  it("revokes a user's subscriptions to a community without needing the endpoint", async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        { connection_id: 'a', user_id: 'leaver' },
        { connection_id: 'b', user_id: 'stayer' },
      ],
    });
    await apiGatewayRealtimePort(db, undefined, 'us-east-1').revoke('c1', 'leaver');
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual([{ pk: 'C#c1#WS', sk: 'CONN#a' }]);
  });
});
