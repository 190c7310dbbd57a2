import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { PendingConnectionSchema, type PendingConnection } from '@kehila/shared';
import { isConditionFailed, queryAll, setExpression, stripKeys, type Db } from './db';
import { keys } from './keys';

/** A group verification as stored: the spec's pending connection plus whose it is and the wrong tries. */
export type ConnectionRecord = PendingConnection & { readonly user_id: string; readonly attempts: number };

/** Digits of a phone (the index key): '+972 50-123' → '97250123'. */
function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}

function toItem(c: ConnectionRecord): Record<string, unknown> {
  return {
    ...keys.connection(c.user_id, c.id),
    ...keys.connectionByPhone(digits(c.admin_phone), c.status, c.created_at),
    entity: 'connection',
    ...PendingConnectionSchema.parse(c),
    user_id: c.user_id,
    attempts: c.attempts,
  };
}

function fromItem(item: Record<string, unknown>): ConnectionRecord {
  const c = PendingConnectionSchema.parse(stripKeys(item));
  return {
    ...c,
    user_id: typeof item.user_id === 'string' ? item.user_id : '',
    attempts: typeof item.attempts === 'number' ? item.attempts : 0,
  };
}

/** Stores a new connection. */
export async function createConnection(db: Db, connection: ConnectionRecord): Promise<ConnectionRecord> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: toItem(connection), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return connection;
}

/** A user's connection by id, or null. */
export async function getConnection(db: Db, userId: string, id: string): Promise<ConnectionRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.connection(userId, id), ConsistentRead: true }),
  );
  return res.Item ? fromItem(res.Item) : null;
}

/** A user's connections, newest first. */
export async function listConnectionsOfUser(db: Db, userId: string): Promise<ConnectionRecord[]> {
  const k = keys.connection(userId, '');
  const rows = await queryAll(db, { pk: k.pk, sk: { prefix: k.sk } }, { consistent: true, map: fromItem });
  return rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
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

/**
 * Changes a connection only while it is still `pending` (one conditional update: a code is used
 * once, two events cannot both complete it). Returns the updated connection, or null when it was no
 * longer pending.
 */
export async function updatePendingConnection(
  db: Db,
  connection: ConnectionRecord,
  patch: Partial<Omit<ConnectionRecord, 'id' | 'user_id' | 'admin_phone' | 'created_at'>>,
): Promise<ConnectionRecord | null> {
  const status = patch.status ?? connection.status;
  const index = keys.connectionByPhone(digits(connection.admin_phone), status, connection.created_at);
  const set = setExpression({ ...patch, gsi1sk: index.gsi1sk });
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.connection(connection.user_id, connection.id),
        ...set,
        ConditionExpression: '#st = :pending',
        ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#st': 'status' },
        ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':pending': 'pending' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(res.Attributes ?? {});
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/** Links a connected verification to the community created for its group (Add Community). */
export async function linkConnectionToCommunity(
  db: Db,
  connection: ConnectionRecord,
  communityId: string,
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.connection(connection.user_id, connection.id),
      UpdateExpression: 'SET community_id = :c',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':c': communityId },
    }),
  );
}

/** Removes a connection (a newer one of the same user replaces it). */
export async function deleteConnection(db: Db, connection: Pick<ConnectionRecord, 'user_id' | 'id'>): Promise<void> {
  await db.doc.send(
    new DeleteCommand({ TableName: db.table, Key: keys.connection(connection.user_id, connection.id) }),
  );
}
