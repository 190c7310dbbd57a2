import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { CommunitySchema, type Community } from '@kehila/shared';
import { batchGet, conditionHolds, isConditionFailed, queryAll, setExpression, stripKeys, type Db } from './db';
import { keys } from './keys';

/** A community by id, or null. */
export async function getCommunity(db: Db, communityId: string): Promise<Community | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.community(communityId), ConsistentRead: true }),
  );
  return res.Item ? CommunitySchema.parse(stripKeys(res.Item)) : null;
}

/** Several communities by id (missing ones are left out), in no particular order. */
export async function getCommunities(db: Db, communityIds: readonly string[]): Promise<Community[]> {
  const unique = [...new Set(communityIds)];
  const items = await batchGet(
    db,
    unique.map((id) => keys.community(id)),
  );
  return items.map((item) => CommunitySchema.parse(stripKeys(item)));
}

/** Stores a new community; fails if the id is taken. */
export async function createCommunity(db: Db, community: Community): Promise<Community> {
  const item = CommunitySchema.parse(community);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.community(item.id), entity: 'community', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
}

/** Updates fields of a community; returns it, or null if it does not exist. */
export async function updateCommunity(
  db: Db,
  communityId: string,
  patch: Partial<Omit<Community, 'id' | 'created_at'>>,
): Promise<Community | null> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.community(communityId),
        ...setExpression({ ...patch, updated_at: patch.updated_at ?? new Date().toISOString() }),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return CommunitySchema.parse(stripKeys(res.Attributes ?? {}));
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/**
 * Claims a WhatsApp group for a community. One group belongs to one community: the claim is a
 * conditional write. Returns the community that holds the group after the call.
 */
export async function claimGroup(
  db: Db,
  groupId: string,
  communityId: string,
): Promise<{ ownerCommunityId: string; claimed: boolean }> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.groupClaim(groupId),
          ...keys.groupClaimIndex(groupId),
          entity: 'group_claim',
          group_id: groupId,
          community_id: communityId,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR community_id = :c',
        ExpressionAttributeValues: { ':c': communityId },
      }),
    );
    return { ownerCommunityId: communityId, claimed: true };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const owner = await findCommunityIdByGroup(db, groupId);
    return { ownerCommunityId: owner ?? communityId, claimed: false };
  }
}

/** The id of the community that owns a WhatsApp group, or null. */
export async function findCommunityIdByGroup(db: Db, groupId: string): Promise<string | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.groupClaim(groupId), ConsistentRead: true }),
  );
  return typeof res.Item?.community_id === 'string' ? res.Item.community_id : null;
}

/** Every claimed group and the community that holds it (Query gsi1 `GROUP_CLAIMS`). */
export async function listGroupClaims(db: Db): Promise<{ groupId: string; communityId: string }[]> {
  return queryAll(
    db,
    { index: 'gsi1', pk: keys.groupClaimsIndexPartition() },
    {
      attributes: ['group_id', 'community_id'],
      map: (r) => ({ groupId: String(r.group_id), communityId: String(r.community_id) }),
    },
  );
}

/**
 * Puts a claim made before the claims were indexed into the `GROUP_CLAIMS` index, while
 * `communityId` holds it (a Refresh from WhatsApp does it; an indexed claim is rewritten unchanged).
 */
export async function indexGroupClaim(db: Db, groupId: string, communityId: string): Promise<void> {
  const index = keys.groupClaimIndex(groupId);
  await conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.groupClaim(groupId),
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
        ConditionExpression: 'community_id = :c',
        ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk, ':c': communityId },
      }),
    ),
  );
}

/** Deletes a community item (undoes a community whose group could not be claimed). */
export async function deleteCommunity(db: Db, communityId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.community(communityId) }));
}

/**
 * Sets a community's group only while it has none (or already this one), so two concurrent
 * connections cannot both win. Returns the community, or null when it holds another group or is gone.
 */
export async function setCommunityGroup(
  db: Db,
  communityId: string,
  groupId: string,
  now: string,
): Promise<Community | null> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.community(communityId),
        UpdateExpression: 'SET group_id = :g, updated_at = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(group_id) OR attribute_type(group_id, :nullType) OR group_id = :g)',
        ExpressionAttributeValues: { ':g': groupId, ':now': now, ':nullType': 'NULL' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return CommunitySchema.parse(stripKeys(res.Attributes ?? {}));
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/** Releases a group's claim if `communityId` holds it (undoes a claim the community could not take). */
export async function releaseGroupClaim(db: Db, groupId: string, communityId: string): Promise<void> {
  try {
    await db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.groupClaim(groupId),
        ConditionExpression: 'community_id = :c',
        ExpressionAttributeValues: { ':c': communityId },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/**
 * Updates fields of a community only while `ownerId` is its workspace owner (S2 §6): a write racing
 * an ownership transfer cannot land after it. Returns the community, or null when the caller is not
 * (or no longer) the owner or the community is gone.
 */
export async function updateCommunityAsOwner(
  db: Db,
  communityId: string,
  ownerId: string,
  patch: Partial<Omit<Community, 'id' | 'created_at' | 'owner_id'>>,
): Promise<Community | null> {
  const set = setExpression({ ...patch, updated_at: patch.updated_at ?? new Date().toISOString() });
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.community(communityId),
        ...set,
        ConditionExpression: 'attribute_exists(pk) AND #owner = :owner',
        ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#owner': 'owner_id' },
        ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':owner': ownerId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return CommunitySchema.parse(stripKeys(res.Attributes ?? {}));
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/**
 * Moves workspace ownership from `fromOwnerId` to `toOwnerId` in one conditional write: it succeeds
 * only while `fromOwnerId` is still the owner, so two transfers cannot both win. False when not.
 */
export async function transferCommunityOwner(
  db: Db,
  communityId: string,
  fromOwnerId: string,
  toOwnerId: string,
  now: string,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.community(communityId),
        UpdateExpression: 'SET owner_id = :to, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND owner_id = :from',
        ExpressionAttributeValues: { ':to': toOwnerId, ':from': fromOwnerId, ':now': now },
      }),
    ),
  );
}
