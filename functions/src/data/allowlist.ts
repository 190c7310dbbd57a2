import { DeleteCommand, GetCommand, PutCommand } from './table-client';
import { AccessWhitelistSchema, type AccessWhitelist } from '@kehila/shared';
import { queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';

/** The allow-list entry of an e-mail (case-insensitive), or null. */
export async function getAllowlistEntry(db: Db, email: string): Promise<AccessWhitelist | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.allowlist(email) }));
  return res.Item ? AccessWhitelistSchema.parse(stripKeys(res.Item)) : null;
}

/** Adds or replaces an allow-list entry. */
export async function putAllowlistEntry(db: Db, entry: AccessWhitelist): Promise<AccessWhitelist> {
  const item = AccessWhitelistSchema.parse({ ...entry, email: entry.email.trim().toLowerCase() });
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.allowlist(item.email), ...keys.allowlistIndex(item.email), entity: 'allowlist', ...item },
    }),
  );
  return item;
}

/** Every allow-list entry, by e-mail (gsi1). */
export async function listAllowlist(db: Db): Promise<AccessWhitelist[]> {
  const rows = await queryAll(db, { index: 'gsi1', pk: keys.allowlistIndex('x').gsi1pk });
  return rows.map((r) => AccessWhitelistSchema.parse(r));
}

/** Removes an allow-list entry. */
export async function deleteAllowlistEntry(db: Db, email: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.allowlist(email) }));
}
