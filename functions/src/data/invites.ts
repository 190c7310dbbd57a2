import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { CommunityInviteSchema, type CommunityInvite } from '@kehila/shared';
import { conditionHolds, queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * Invitations (S1 §3 community_invites). Besides the entity's fields an item carries `use_cap`
 * (max_uses, only when set) and `expires_ms` (expiry as epoch milliseconds, only when set): the
 * attributes the conditional use-taking write compares, so max uses and expiry hold atomically.
 */
function toItem(invite: CommunityInvite): Record<string, unknown> {
  return {
    ...keys.invite(invite.community_id, invite.id),
    ...keys.inviteByCode(invite.code),
    entity: 'invite',
    ...invite,
    ...(invite.max_uses !== null ? { use_cap: invite.max_uses } : {}),
    ...(invite.expires_at !== null ? { expires_ms: Date.parse(invite.expires_at) } : {}),
  };
}

const parse = (item: Record<string, unknown>) => CommunityInviteSchema.parse(stripKeys(item));

/** Stores a new invitation (fresh id and code). */
export async function createInvite(db: Db, invite: CommunityInvite): Promise<CommunityInvite> {
  const item = CommunityInviteSchema.parse(invite);
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: toItem(item), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return item;
}

/** A community's invitations (a bounded list: admins create them by hand). */
export async function listInvites(db: Db, communityId: string): Promise<CommunityInvite[]> {
  const pk = keys.invite(communityId, '').pk;
  return queryAll(db, { pk, sk: { prefix: 'INVITE#' } }, { map: parse });
}

/** An invitation by its community and id, or null. */
export async function getInvite(db: Db, communityId: string, inviteId: string): Promise<CommunityInvite | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.invite(communityId, inviteId), ConsistentRead: true }),
  );
  return res.Item ? parse(res.Item) : null;
}

/** An invitation by its public code, or null (read again from the table, consistently, once found). */
export async function findInviteByCode(db: Db, code: string): Promise<CommunityInvite | null> {
  const k = keys.inviteByCode(code);
  const rows = await queryAll(db, { index: 'gsi1', pk: k.gsi1pk, sk: { equals: k.gsi1sk } }, { map: parse });
  const found = rows[0];
  return found ? getInvite(db, found.community_id, found.id) : null;
}

/** Deletes an invitation; false when there was none. */
export async function deleteInvite(db: Db, communityId: string, inviteId: string): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.invite(communityId, inviteId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
}

/**
 * Takes one use of an invitation in one conditional write: it must exist, be active, have uses left
 * and not be expired at `nowMs`. Of two registrations racing for the last use, exactly one gets true.
 */
export async function takeInviteUse(db: Db, communityId: string, inviteId: string, nowMs: number): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.invite(communityId, inviteId),
        UpdateExpression: 'SET uses = uses + :one',
        ConditionExpression:
          'attribute_exists(pk) AND is_active = :yes AND (attribute_not_exists(use_cap) OR uses < use_cap) AND (attribute_not_exists(expires_ms) OR expires_ms > :now)',
        ExpressionAttributeValues: { ':one': 1, ':yes': true, ':now': nowMs },
      }),
    ),
  );
}

/** Gives back a use taken by `takeInviteUse` (the registration did not go ahead). */
export async function returnInviteUse(db: Db, communityId: string, inviteId: string): Promise<void> {
  await conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.invite(communityId, inviteId),
        UpdateExpression: 'SET uses = uses - :one',
        ConditionExpression: 'attribute_exists(pk) AND uses > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      }),
    ),
  );
}
