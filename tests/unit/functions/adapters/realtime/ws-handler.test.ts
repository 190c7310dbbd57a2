import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTable } from '../../../../support/table-mock';
import { stubConnections, type Posted } from '../../../../support/connections-stub';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@kehila/functions/data/table-client';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { blankMember } from '@kehila/functions/core/communities/records';

vi.mock('aws-jwt-verify', () => ({
  CognitoJwtVerifier: {
    create: () => ({
      async verify(token: string) {
        if (token !== 'valid-id-token') throw new Error('invalid');
        return { sub: 'user-1' };
      },
    }),
  },
}));
const { handler } = await import('@kehila/functions/realtime/handler');

const ddb = mockTable();
let posts: Posted[] = [];

function wsEvent(routeKey: string, body?: unknown): APIGatewayProxyWebsocketEventV2 {
  return {
    requestContext: {
      routeKey,
      connectionId: 'conn-1',
      domainName: 'abc.execute-api.us-east-1.amazonaws.com',
      stage: 'prod',
      messageId: 'm',
      eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      extendedRequestId: 'x',
      requestTime: '',
      messageDirection: 'IN',
      requestTimeEpoch: 0,
      requestId: 'r',
      apiId: 'abc',
    },
    isBase64Encoded: false,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  } as APIGatewayProxyWebsocketEventV2;
}

const posted = () => posts.map((p) => p.message);

describe('cloud WebSocket handler', () => {
  beforeEach(() => {
    ddb.reset();
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    posts = stubConnections();
    ddb.on(PutCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    setDeps(
      createLocalDeps(
        loadConfig({ STAGE: 'cloud', TABLE_NAME: 't', USER_POOL_ID: 'us-east-1_x', USER_POOL_CLIENT_ID: 'c' }),
      ),
    );
  });
  afterEach(() => {
    setDeps(undefined);
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('records a connection with a ttl on $connect', async () => {
    expect(await handler(wsEvent('$connect'))).toEqual({ statusCode: 200 });
    const item = ddb.commandCalls(PutCommand)[0]?.args[0].input.Item;
    expect(item).toMatchObject({ pk: 'WSCONN#conn-1', sk: 'CONN', connection_id: 'conn-1' });
    expect(item?.ttl).toBeGreaterThan(Date.now() / 1000 + 7000);
  });

  it('subscribes a member with a valid ID token and replies subscribed through the connection', async () => {
    ddb.on(GetCommand).resolves({
      Item: blankMember({ userId: 'user-1', communityId: 'c1', role: 'Member', now: new Date('2026-01-01T00:00:00Z') }),
    });
    await handler(wsEvent('subscribe', { action: 'subscribe', communityId: 'c1', token: 'valid-id-token' }));
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({
      pk: 'C#c1#WS',
      sk: 'CONN#conn-1',
      user_id: 'user-1',
    });
    expect(posted()).toEqual([{ type: 'subscribed', communityId: 'c1' }]);
    expect(posts[0]?.connectionId).toBe('conn-1');
  });

  it('refuses an invalid token without subscribing', async () => {
    await handler(wsEvent('subscribe', { action: 'subscribe', communityId: 'c1', token: 'forged' }));
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(posted()).toEqual([{ type: 'error', message: 'Not authenticated' }]);
  });

  it('answers ping with pong', async () => {
    await handler(wsEvent('ping', { action: 'ping' }));
    expect(posted()).toEqual([{ type: 'pong' }]);
  });

  it('forgets the connection and its subscriptions on $disconnect', async () => {
    ddb.on(GetCommand).resolves({ Item: { pk: 'WSCONN#conn-1', sk: 'CONN', communities: new Set(['c1', 'c2']) } });
    await handler(wsEvent('$disconnect'));
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual(
      expect.arrayContaining([
        { pk: 'C#c1#WS', sk: 'CONN#conn-1' },
        { pk: 'C#c2#WS', sk: 'CONN#conn-1' },
        { pk: 'WSCONN#conn-1', sk: 'CONN' },
      ]),
    );
  });
});
