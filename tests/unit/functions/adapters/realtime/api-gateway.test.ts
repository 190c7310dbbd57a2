import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiGatewayRealtimePort } from '@kehila/functions/adapters/realtime/api-gateway';
import { createDb } from '@kehila/functions/data/db';

const api = mockClient(ApiGatewayManagementApiClient);
const ddb = mockClient(DynamoDBDocumentClient);
const db = createDb({ region: 'us-east-1', tableName: 't', endpoints: {} });
const event = { type: 'message.deleted' as const, communityId: 'c1', msg_id: 'm1' };

describe('cloud realtime port', () => {
  beforeEach(() => {
    api.reset();
    ddb.reset();
    ddb.on(QueryCommand).resolves({ Items: [{ connection_id: 'live' }, { connection_id: 'gone' }] });
    ddb.on(DeleteCommand).resolves({});
  });

  it('posts the event to every subscribed connection and forgets the gone ones', async () => {
    api
      .on(PostToConnectionCommand, { ConnectionId: 'gone' })
      .rejects(new GoneException({ message: 'Gone', $metadata: {} }));
    api.on(PostToConnectionCommand, { ConnectionId: 'live' }).resolves({});
    const port = apiGatewayRealtimePort(db, 'https://abc.execute-api.us-east-1.amazonaws.com/prod', 'us-east-1');
    await port.publish('c1', event);
    const posts = api.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input);
    expect(posts.map((p) => p.ConnectionId).sort()).toEqual(['gone', 'live']);
    expect(JSON.parse(Buffer.from(posts[0]?.Data as Uint8Array).toString())).toEqual(event);
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual([
      { pk: 'C#c1#WS', sk: 'CONN#gone' },
    ]);
    const query = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(query?.FilterExpression).toBe('#ttl > :now');
  });

  it('publishes nothing without an endpoint', async () => {
    await apiGatewayRealtimePort(db, undefined, 'us-east-1').publish('c1', event);
    expect(api.calls()).toHaveLength(0);
    expect(ddb.calls()).toHaveLength(0);
  });
});
