import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { ActionSchema, type Action } from '@kehila/shared';
import { batchGet, conditionHolds, queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * Actions (S2 §3): one item per action in the community's partition; gsi1 lists one user's actions
 * in a community by status then due date (the Actions screen's tabs and counts).
 */
function toItem(communityId: string, a: Action): Record<string, unknown> {
  return {
    ...keys.action(communityId, a.action_id),
    ...(a.user_id ? keys.actionByUser(communityId, a.user_id, a.status, a.due_date) : {}),
    entity: 'action',
    community_id: communityId,
    ...a,
  };
}

/** Stores a new action (ids are fresh UUIDs, so a put is enough). */
export async function putAction(db: Db, communityId: string, action: Action): Promise<Action> {
  const a = ActionSchema.parse(action);
  await db.doc.send(new PutCommand({ TableName: db.table, Item: toItem(communityId, a) }));
  return a;
}

/** An action by id, or null. */
export async function getAction(db: Db, communityId: string, actionId: string): Promise<Action | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.action(communityId, actionId) }));
  return res.Item ? ActionSchema.parse(stripKeys(res.Item)) : null;
}

/**
 * One user's actions in a community, optionally of one status, ordered by due date (no due date
 * last). A person's own task list: bounded.
 */
export async function listActionsOfUser(
  db: Db,
  communityId: string,
  userId: string,
  status?: Action['status'],
): Promise<Action[]> {
  const pk = keys.actionByUser(communityId, userId, 'pending', null).gsi1pk;
  return queryAll(
    db,
    { index: 'gsi1', pk, ...(status ? { sk: { prefix: `${status}#` } } : {}) },
    { map: (item) => ActionSchema.parse(stripKeys(item)) },
  );
}

/** Actions by id (missing ones are absent), in no particular order. */
export async function getActionsByIds(db: Db, communityId: string, actionIds: readonly string[]): Promise<Action[]> {
  const items = await batchGet(
    db,
    [...new Set(actionIds)].map((id) => keys.action(communityId, id)),
  );
  return items.map((item) => ActionSchema.parse(stripKeys(item)));
}

/**
 * Writes a changed action in place of `before`, only if it is still the user's and unchanged in
 * status and due date since it was read (its index key moves with them). False when that no longer holds.
 */
export async function replaceActionOfUser(
  db: Db,
  communityId: string,
  userId: string,
  before: Action,
  after: Action,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(communityId, ActionSchema.parse(after)),
        ConditionExpression: 'user_id = :uid AND gsi1sk = :sk',
        ExpressionAttributeValues: {
          ':uid': userId,
          ':sk': keys.actionByUser(communityId, userId, before.status, before.due_date).gsi1sk,
        },
      }),
    ),
  );
}

/** Deletes an action if it is the user's; false when there was none of theirs. */
export async function deleteActionOfUser(
  db: Db,
  communityId: string,
  userId: string,
  actionId: string,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.action(communityId, actionId),
        ConditionExpression: 'user_id = :uid',
        ExpressionAttributeValues: { ':uid': userId },
      }),
    ),
  );
}

/**
 * Marks an action's reminder as sent at `sentAt`, only if it is still the user's, pending, and not
 * reminded since it was read (two Process Reminders calls: one claims it). False when that no longer holds.
 */
export async function claimReminder(
  db: Db,
  communityId: string,
  userId: string,
  read: Action,
  sentAt: string,
): Promise<boolean> {
  const previous = read.reminded_at ?? null;
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.action(communityId, read.action_id),
        UpdateExpression: 'SET reminded_at = :sent',
        ConditionExpression:
          'user_id = :uid AND #status = :pending AND ' +
          (previous ? 'reminded_at = :prev' : '(attribute_not_exists(reminded_at) OR reminded_at = :null)'),
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sent': sentAt,
          ':uid': userId,
          ':pending': 'pending',
          ...(previous ? { ':prev': previous } : { ':null': null }),
        },
      }),
    ),
  );
}

/** Gives back a reminder claimed at `sentAt` whose send failed, so the next call sends it. */
export async function releaseReminder(db: Db, communityId: string, read: Action, sentAt: string): Promise<void> {
  await conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.action(communityId, read.action_id),
        UpdateExpression: read.reminded_at ? 'SET reminded_at = :prev' : 'REMOVE reminded_at',
        ConditionExpression: 'reminded_at = :sent',
        ExpressionAttributeValues: { ':sent': sentAt, ...(read.reminded_at ? { ':prev': read.reminded_at } : {}) },
      }),
    ),
  );
}
