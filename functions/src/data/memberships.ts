import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { MemberSchema, type Member } from '@kehila/shared';
import { conditionHolds, queryAll, queryPage, stripKeys, type Db } from './db';
import { keys } from './keys';

function toItem(member: Member): Record<string, unknown> {
  return {
    ...keys.member(member.community_id, member.id),
    ...(member.auth_id ? keys.memberByUser(member.auth_id, member.community_id) : {}),
    ...keys.memberByApproval(member.community_id, member.approval_status, member.created_at, member.id),
    entity: 'member',
    ...member,
  };
}

/**
 * A member of a community by member id. A member with an account has their user id as member id,
 * so this is also "the user's membership in that community".
 */
export async function getMember(db: Db, communityId: string, memberId: string): Promise<Member | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.member(communityId, memberId), ConsistentRead: true }),
  );
  return res.Item ? MemberSchema.parse(stripKeys(res.Item)) : null;
}

/** Creates or replaces a member (upsert on community and member id). */
export async function putMember(db: Db, member: Member): Promise<Member> {
  const item = MemberSchema.parse(member);
  await db.doc.send(new PutCommand({ TableName: db.table, Item: toItem(item) }));
  await bumpMembersVersion(db, item.community_id);
  return item;
}

/** Creates a member only if that member id is new in the community; returns false if it existed. */
export async function createMember(db: Db, member: Member): Promise<boolean> {
  const item = MemberSchema.parse(member);
  const created = await conditionHolds(
    db.doc.send(
      new PutCommand({ TableName: db.table, Item: toItem(item), ConditionExpression: 'attribute_not_exists(pk)' }),
    ),
  );
  if (created) await bumpMembersVersion(db, item.community_id);
  return created;
}

/** Every membership of a user, across communities (gsi1). */
export async function listMembershipsOfUser(db: Db, authId: string): Promise<Member[]> {
  const k = keys.membershipsOfUser(authId);
  const rows = await queryAll(db, { index: 'gsi1', pk: k.gsi1pk, sk: { prefix: k.gsi1skPrefix } });
  return rows.map((r) => MemberSchema.parse(r));
}

/** One page of a community's members, in member-id order. */
export async function listMembers(
  db: Db,
  communityId: string,
  page: { limit?: number; cursor?: Record<string, unknown> } = {},
): Promise<{ items: Member[]; cursor?: Record<string, unknown> }> {
  const k = keys.memberPrefix(communityId);
  const res = await queryPage(
    db,
    { pk: k.pk, sk: { prefix: k.skPrefix } },
    { limit: page.limit ?? 100, startKey: page.cursor },
  );
  return {
    items: res.items.map((i) => MemberSchema.parse(stripKeys(i))),
    ...(res.lastKey ? { cursor: res.lastKey } : {}),
  };
}

/** Removes a member from a community. */
export async function deleteMember(db: Db, communityId: string, memberId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.member(communityId, memberId) }));
  await bumpMembersVersion(db, communityId);
}

/**
 * Bumps the community's member-list version (after any member write), so a list cached by a warm
 * function is read again. Every write of this module calls it.
 */
export async function bumpMembersVersion(db: Db, communityId: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.membersVersion(communityId),
      UpdateExpression: 'SET entity = :e ADD #v :one',
      ExpressionAttributeNames: { '#v': 'v' },
      ExpressionAttributeValues: { ':one': 1, ':e': 'members_version' },
    }),
  );
}

/** The community's member-list version (0 before any member write through this module). */
export async function getMembersVersion(db: Db, communityId: string): Promise<number> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.membersVersion(communityId), ConsistentRead: true }),
  );
  const v = res.Item?.v;
  return typeof v === 'number' ? v : 0;
}

/** Every member of a community (the members screen filters and pages them; see core/members). */
export async function listAllMembers(db: Db, communityId: string): Promise<Member[]> {
  const k = keys.memberPrefix(communityId);
  return queryAll(db, { pk: k.pk, sk: { prefix: k.skPrefix } }, { map: (i) => MemberSchema.parse(stripKeys(i)) });
}

/**
 * Replaces a member only if it still has the `updated_at` it was read with (two admins editing the
 * same member: the second gets false and reads again).
 */
export async function replaceMember(db: Db, member: Member, readUpdatedAt: string): Promise<boolean> {
  const item = MemberSchema.parse(member);
  const written = await conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(item),
        ConditionExpression: 'attribute_exists(pk) AND updated_at = :read',
        ExpressionAttributeValues: { ':read': readUpdatedAt },
      }),
    ),
  );
  if (written) await bumpMembersVersion(db, item.community_id);
  return written;
}

/**
 * Claims an e-mail for a member in a community (one registration per e-mail per community, S1 §8):
 * true when claimed, false when another member holds it.
 */
export async function claimMemberEmail(db: Db, communityId: string, email: string, memberId: string): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.memberEmail(communityId, email), entity: 'member_email', member_id: memberId },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** The member holding an e-mail in a community, or null. */
export async function getMemberIdByEmail(db: Db, communityId: string, email: string): Promise<string | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.memberEmail(communityId, email), ConsistentRead: true }),
  );
  const id = res.Item?.member_id;
  return typeof id === 'string' ? id : null;
}

/** Takes over an e-mail claim whose member no longer exists (only if it still names that member). */
export async function reclaimMemberEmail(
  db: Db,
  communityId: string,
  email: string,
  staleMemberId: string,
  memberId: string,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.memberEmail(communityId, email), entity: 'member_email', member_id: memberId },
        ConditionExpression: 'member_id = :stale',
        ExpressionAttributeValues: { ':stale': staleMemberId },
      }),
    ),
  );
}

/** Releases an e-mail claim if it names this member (the member was deleted). */
export async function releaseMemberEmail(db: Db, communityId: string, email: string, memberId: string): Promise<void> {
  await conditionHolds(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.memberEmail(communityId, email),
        ConditionExpression: 'member_id = :id',
        ExpressionAttributeValues: { ':id': memberId },
      }),
    ),
  );
}
