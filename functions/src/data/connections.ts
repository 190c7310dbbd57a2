import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { PendingConnectionSchema, type PendingConnection } from '@kehila/shared';
import { isConditionFailed, queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';

/** A pending group connection as stored: the spec's fields plus who opened it. */
export type ConnectionRecord = PendingConnection & { readonly user_id: string };

/** Digits of a phone (the index key): '+972 50-123' → '97250123'. */
function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}

function toItem(c: ConnectionRecord): Record<string, unknown> {
  return {
    ...keys.connection(c.community_id, c.id),
    ...keys.connectionByPhone(digits(c.admin_phone), c.status, c.created_at),
    entity: 'connection',
    ...PendingConnectionSchema.parse(c),
    user_id: c.user_id,
  };
}

function fromItem(item: Record<string, unknown>): ConnectionRecord {
  const c = PendingConnectionSchema.parse(stripKeys(item));
  return { ...c, user_id: typeof item.user_id === 'string' ? item.user_id : '' };
}

/** Stores a new connection. */
export async function createConnection(db: Db, connection: ConnectionRecord): Promise<ConnectionRecord> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: toItem(connection), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return connection;
}

/** A connection by community and id, or null. */
export async function getConnection(db: Db, communityId: string, id: string): Promise<ConnectionRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.connection(communityId, id), ConsistentRead: true }),
  );
  return res.Item ? fromItem(res.Item) : null;
}

/**
 * Connections opened for a phone, newest first (gsi1 `PHONE#<digits>`); `status` narrows to one
 * status. A phone has a handful of them, so the list is read whole.
 */
export async function listConnectionsByPhone(
  db: Db,
  phone: string,
  status?: PendingConnection['status'],
): Promise<ConnectionRecord[]> {
  const k = keys.connectionByPhone(digits(phone), status ?? '', '');
  const prefix = status ? k.gsi1sk : 'CONNECTION#';
  const res = await queryAll(db, { index: 'gsi1', pk: k.gsi1pk, sk: { prefix } }, { map: fromItem });
  return res.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** A community's connections, newest first. */
export async function listCommunityConnections(db: Db, communityId: string): Promise<ConnectionRecord[]> {
  const k = keys.connection(communityId, '');
  const rows = await queryAll(db, { pk: k.pk, sk: { prefix: k.sk } }, { consistent: true, map: fromItem });
  return rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Marks a pending connection connected to a group, only if it is still pending. Returns the
 * updated connection, or null when it was no longer pending (another event completed it).
 */
export async function markConnected(
  db: Db,
  connection: ConnectionRecord,
  groupId: string,
  detectedAt: string,
): Promise<ConnectionRecord | null> {
  const idx = keys.connectionByPhone(digits(connection.admin_phone), 'connected', connection.created_at);
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.connection(connection.community_id, connection.id),
        UpdateExpression: 'SET #s = :connected, group_id = :g, uuid_detected_at = :at, gsi1sk = :sk',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':connected': 'connected',
          ':pending': 'pending',
          ':g': groupId,
          ':at': detectedAt,
          ':sk': idx.gsi1sk,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(res.Attributes ?? {});
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/** Removes a connection (a newer one for the same phone replaces it). */
export async function deleteConnection(db: Db, communityId: string, id: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.connection(communityId, id) }));
}
