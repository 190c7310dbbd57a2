import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

const ddb = mockClient(DynamoDBDocumentClient);
const api = mockClient(ApiGatewayManagementApiClient);

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

const posted = () =>
  api
    .commandCalls(PostToConnectionCommand)
    .map((c) => JSON.parse(Buffer.from(c.args[0].input.Data as Uint8Array).toString()));

describe('cloud WebSocket handler', () => {
  beforeEach(() => {
    ddb.reset();
    api.reset();
    ddb.on(PutCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    api.on(PostToConnectionCommand).resolves({});
    setDeps(
      createLocalDeps(
        loadConfig({ STAGE: 'cloud', TABLE_NAME: 't', USER_POOL_ID: 'us-east-1_x', USER_POOL_CLIENT_ID: 'c' }),
      ),
    );
  });
  afterEach(() => setDeps(undefined));

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
    expect(api.commandCalls(PostToConnectionCommand)[0]?.args[0].input.ConnectionId).toBe('conn-1');
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
