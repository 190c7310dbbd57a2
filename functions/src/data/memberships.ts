import { DeleteCommand, GetCommand, PutCommand } from './table-client';
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
  return item;
}

/** Creates a member only if that member id is new in the community; returns false if it existed. */
export async function createMember(db: Db, member: Member): Promise<boolean> {
  const item = MemberSchema.parse(member);
  return conditionHolds(
    db.doc.send(
      new PutCommand({ TableName: db.table, Item: toItem(item), ConditionExpression: 'attribute_not_exists(pk)' }),
    ),
  );
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
}
