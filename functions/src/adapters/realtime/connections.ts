import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../data/db';
import { keys } from '../../data/keys';
import { CONNECTION_TTL_SECONDS } from '../../realtime/declaration';

/**
 * WebSocket connections of the cloud realtime API, kept in the table: one item per connection
 * (found on $disconnect) and one per community it subscribed to (queried to publish). API Gateway
 * ends a connection after 2 hours at most, so every item carries a `ttl` a little past that;
 * readers filter expired items because TTL deletion is eventual.
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Records a new connection. */
export async function putConnection(db: Db, connectionId: string, connectedAt: string): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.wsConnection(connectionId),
        entity: 'ws_connection',
        connection_id: connectionId,
        connected_at: connectedAt,
        ttl: nowSeconds() + CONNECTION_TTL_SECONDS,
      },
    }),
  );
}

/** Subscribes a connection to a community's events (idempotent). */
export async function subscribeConnection(
  db: Db,
  connectionId: string,
  communityId: string,
  userId: string,
): Promise<void> {
  const ttl = nowSeconds() + CONNECTION_TTL_SECONDS;
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.wsSubscription(communityId, connectionId),
        entity: 'ws_subscription',
        connection_id: connectionId,
        community_id: communityId,
        user_id: userId,
        ttl,
      },
    }),
  );
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.wsConnection(connectionId),
      UpdateExpression: 'SET #ttl = :ttl, entity = :e, connection_id = :id ADD communities :c',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':ttl': ttl,
        ':e': 'ws_connection',
        ':id': connectionId,
        ':c': new Set([communityId]),
      },
    }),
  );
}

/** Live connection ids subscribed to a community. */
export async function subscribedConnections(db: Db, communityId: string): Promise<string[]> {
  const out: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: '#ttl > :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':pk': keys.wsSubscriptionPartition(communityId), ':now': nowSeconds() },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of res.Items ?? []) if (typeof item.connection_id === 'string') out.push(item.connection_id);
    startKey = res.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (startKey);
  return out;
}

/** Forgets one subscription (a connection that is gone). */
export async function removeSubscription(db: Db, communityId: string, connectionId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.wsSubscription(communityId, connectionId) }));
}

/** Forgets a connection and all its subscriptions ($disconnect). */
export async function removeConnection(db: Db, connectionId: string): Promise<void> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.wsConnection(connectionId) }));
  const communities = res.Item?.communities instanceof Set ? [...(res.Item.communities as Set<string>)] : [];
  await Promise.all([
    ...communities.map((c) => removeSubscription(db, c, connectionId)),
    db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.wsConnection(connectionId) })),
  ]);
}
