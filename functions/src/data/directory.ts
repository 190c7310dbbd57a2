import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { DirectoryLinkSchema, type DirectoryLink } from '@kehila/shared';
import { conditionHolds, queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * Directory links (S3 §3) and their view counters. A link item also holds `visitor_salt` (random,
 * never returned): visitors are counted by a salted digest of their address, never the address.
 */
export interface StoredDirectoryLink extends DirectoryLink {
  readonly visitor_salt: string;
  readonly total_views: number;
  readonly unique_visitors: number;
  readonly last_viewed: string | null;
}

function parse(item: Record<string, unknown>): StoredDirectoryLink {
  const link = DirectoryLinkSchema.parse(stripKeys(item));
  return {
    ...link,
    visitor_salt: String(item.visitor_salt ?? ''),
    total_views: typeof item.total_views === 'number' ? item.total_views : 0,
    unique_visitors: typeof item.unique_visitors === 'number' ? item.unique_visitors : 0,
    last_viewed: typeof item.last_viewed === 'string' ? item.last_viewed : null,
  };
}

/** Stores a new link (fresh id and token). */
export async function createDirectoryLink(
  db: Db,
  link: DirectoryLink,
  visitorSalt: string,
): Promise<StoredDirectoryLink> {
  const item = DirectoryLinkSchema.parse(link);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.directoryLink(item.community_id, item.id),
        ...keys.directoryLinkByToken(item.access_token),
        entity: 'directory_link',
        ...item,
        visitor_salt: visitorSalt,
        total_views: 0,
        unique_visitors: 0,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { ...item, visitor_salt: visitorSalt, total_views: 0, unique_visitors: 0, last_viewed: null };
}

/** A community's links (bounded: admins create them by hand). */
export async function listDirectoryLinks(db: Db, communityId: string): Promise<StoredDirectoryLink[]> {
  const pk = keys.directoryLink(communityId, '').pk;
  return queryAll(db, { pk, sk: { prefix: 'DIRLINK#' } }, { map: parse });
}

/** A link by community and id, or null. */
export async function getDirectoryLink(
  db: Db,
  communityId: string,
  linkId: string,
): Promise<StoredDirectoryLink | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.directoryLink(communityId, linkId), ConsistentRead: true }),
  );
  return res.Item ? parse(res.Item) : null;
}

/**
 * A link by its token, read again consistently from the table once the index names it, so a link
 * deleted a moment ago is not served from a lagging index.
 */
export async function findDirectoryLinkByToken(db: Db, token: string): Promise<StoredDirectoryLink | null> {
  const k = keys.directoryLinkByToken(token);
  const rows = await queryAll(db, { index: 'gsi1', pk: k.gsi1pk, sk: { equals: k.gsi1sk } }, { map: parse });
  const found = rows[0];
  if (!found) return null;
  const fresh = await getDirectoryLink(db, found.community_id, found.id);
  return fresh && fresh.access_token === token ? fresh : null;
}

/** Deletes a link; false when there was none. */
export async function deleteDirectoryLink(db: Db, communityId: string, linkId: string): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.directoryLink(communityId, linkId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
}

/**
 * Records one view of a link: the total and the day's count go up; the visitor (a salted digest)
 * is counted once, by a conditional put of its marker.
 */
export async function recordDirectoryView(
  db: Db,
  link: Pick<DirectoryLink, 'community_id' | 'id'>,
  visitorDigest: string,
  at: Date,
): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  const newVisitor = await conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.directoryVisitor(link.community_id, link.id, visitorDigest), entity: 'directory_visitor' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  await conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.directoryLink(link.community_id, link.id),
        UpdateExpression: `SET last_viewed = :at ADD total_views :one${newVisitor ? ', unique_visitors :one' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at.toISOString(), ':one': 1 },
      }),
    ),
  );
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.directoryViews(link.community_id, link.id, day),
      UpdateExpression: 'SET entity = :e ADD #views :one',
      ExpressionAttributeNames: { '#views': 'views' },
      ExpressionAttributeValues: { ':one': 1, ':e': 'directory_views' },
    }),
  );
}

/** Views per day of a link, from `fromDay` (yyyy-MM-dd) on. */
export async function listDirectoryDailyViews(
  db: Db,
  link: Pick<DirectoryLink, 'community_id' | 'id'>,
  fromDay: string,
): Promise<{ date: string; views: number }[]> {
  const pk = keys.directoryViews(link.community_id, link.id, fromDay).pk;
  return queryAll(
    db,
    { pk, sk: { between: [`DAY#${fromDay}`, 'DAY#9999'] } },
    {
      map: (item) => ({
        date: String(item.sk).slice(4),
        views: typeof item.views === 'number' ? item.views : 0,
      }),
    },
  );
}
