import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ActionSchema, type Action } from '@kehila/shared';
import { stripKeys, type Db } from './db';
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

/** One user's actions in a community, optionally of one status, ordered by due date (no due date last). */
export async function listActionsOfUser(
  db: Db,
  communityId: string,
  userId: string,
  status?: Action['status'],
): Promise<Action[]> {
  const pk = keys.actionByUser(communityId, userId, 'pending', null).gsi1pk;
  const out: Action[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: status ? 'gsi1pk = :pk AND begins_with(gsi1sk, :s)' : 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(status ? { ':s': `${status}#` } : {}) },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of res.Items ?? []) out.push(ActionSchema.parse(stripKeys(item)));
    startKey = res.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (startKey);
  return out;
}
