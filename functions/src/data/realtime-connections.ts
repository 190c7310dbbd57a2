import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { queryAll, type Db } from './db';
import { keys } from './keys';

/**
 * WebSocket connections of the cloud realtime API, kept in the table: one item per connection
 * (found on $disconnect) and one per community it subscribed to (queried to publish). API Gateway
 * ends a connection after 2 hours at most, so every item carries a `ttl` a little past that
 * (`ttlSeconds`, from functions/src/realtime/declaration.ts); readers filter expired items because
 * TTL deletion is eventual.
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Records a new connection. */
export async function putConnection(
  db: Db,
  connectionId: string,
  connectedAt: string,
  ttlSeconds: number,
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.wsConnection(connectionId),
        entity: 'ws_connection',
        connection_id: connectionId,
        connected_at: connectedAt,
        ttl: nowSeconds() + ttlSeconds,
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
  ttlSeconds: number,
): Promise<void> {
  const ttl = nowSeconds() + ttlSeconds;
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

/** Live connections subscribed to a community, with the user each subscribed as. */
export async function subscribedConnections(
  db: Db,
  communityId: string,
): Promise<{ connectionId: string; userId: string }[]> {
  return queryAll(
    db,
    { pk: keys.wsSubscriptionPartition(communityId) },
    {
      filter: { expression: '#ttl > :now', names: { '#ttl': 'ttl' }, values: { ':now': nowSeconds() } },
      map: (item) => ({ connectionId: String(item.connection_id), userId: String(item.user_id ?? '') }),
    },
  );
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
