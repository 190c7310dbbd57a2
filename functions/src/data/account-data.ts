import { GetCommand, PutCommand } from './table-client';
import { queryPages, stripKeys, type Db } from './db';
import { keys } from './keys';

/** How long an erased account's marker is kept: longer than any token of it stays valid. */
const ERASED_TTL_SECONDS = 24 * 60 * 60;

/**
 * The items of a user's own partition (`USER#<userId>`: profile, consent, group verifications,
 * data-rights jobs), each with its sort key: for their account's export.
 */
export async function userItems(db: Db, userId: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const items of queryPages(db, { pk: keys.userPartition(userId) })) {
    out.push(...items.map((i) => ({ sk: i.sk, ...stripKeys<Record<string, unknown>>(i) })));
  }
  return out;
}

/**
 * The items gsi1 files under the user (`USER#<userId>`: their memberships, their subscriptions),
 * each with its gsi1 sort key as `sk`: for their account's export.
 */
export async function userIndexItems(db: Db, userId: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const items of queryPages(db, { index: 'gsi1', pk: keys.userPartition(userId) })) {
    out.push(...items.map((i) => ({ sk: i.gsi1sk, ...stripKeys<Record<string, unknown>>(i) })));
  }
  return out;
}

/** A sender's messages in a community (gsi2, by the sender's keyed hash), page by page, in time order. */
export async function* senderMessagePages(
  db: Db,
  communityId: string,
  senderKey: string,
): AsyncGenerator<Record<string, unknown>[], void, undefined> {
  const pk = keys.messageBySender(communityId, senderKey, '').gsi2pk;
  for await (const items of queryPages(db, { index: 'gsi2', pk })) {
    yield items.map((i) => stripKeys<Record<string, unknown>>(i));
  }
}

/** Marks a user's account as erased (no personal data: the id, when, and a ttl). */
export async function markAccountErased(db: Db, userId: string, at: Date): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.erasedAccount(userId),
        entity: 'erased_account',
        erased_at: at.toISOString(),
        ttl: Math.floor(at.getTime() / 1000) + ERASED_TTL_SECONDS,
      },
    }),
  );
}

/** True when the user's account was erased within the last day. */
export async function isAccountErased(db: Db, userId: string): Promise<boolean> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.erasedAccount(userId), ConsistentRead: true }),
  );
  return res.Item !== undefined;
}
