import { GetCommand, PutCommand } from './table-client';
import { DeliveryScheduleSchema, type DeliverySchedule, type PromptName } from '@kehila/shared';
import { conditionHolds, queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';

/** A saved prompt version as stored (is_active is derived on read: the newest of its prompt). */
export interface PromptVersion {
  readonly id: string;
  readonly prompt_name: PromptName;
  readonly prompt_content: string;
  readonly created_at: string;
  readonly created_by: string;
}

/** Adds a prompt version; never overwrites one (its key holds its own time and id). */
export async function putPromptVersion(db: Db, communityId: string, v: PromptVersion): Promise<PromptVersion> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.promptVersion(communityId, v.created_at, v.id), entity: 'prompt-version', ...v },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return v;
}

/** Every prompt version of a community, newest first. */
export async function promptVersions(db: Db, communityId: string): Promise<PromptVersion[]> {
  const items = await queryAll<PromptVersion>(
    db,
    { pk: keys.community(communityId).pk, sk: { prefix: keys.promptVersionPrefix } },
    { order: 'desc' },
  );
  return items.map((i) => ({
    id: i.id,
    prompt_name: i.prompt_name,
    prompt_content: i.prompt_content,
    created_at: i.created_at,
    created_by: i.created_by,
  }));
}

/** The saved delivery schedule of a community (day, time, zone, language, sheet), or null when never saved. */
export async function getDeliverySchedule(db: Db, communityId: string): Promise<DeliverySchedule | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.deliverySettings(communityId), ConsistentRead: true }),
  );
  return res.Item ? DeliveryScheduleSchema.parse(stripKeys(res.Item)) : null;
}

/**
 * Saves a community's delivery schedule (one item, replaced). `scheduled` (a daily or weekly summary
 * is on) puts it in the scheduler's index; off, it leaves the index.
 */
export async function putDeliverySchedule(
  db: Db,
  communityId: string,
  schedule: DeliverySchedule,
  scheduled: boolean,
): Promise<DeliverySchedule> {
  const s = DeliveryScheduleSchema.parse(schedule);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.deliverySettings(communityId),
        ...(scheduled ? keys.scheduledDelivery(communityId) : {}),
        entity: 'delivery-schedule',
        community_id: communityId,
        ...s,
      },
    }),
  );
  return s;
}

/**
 * Writes a community's schedule only if its stored `updated_at` is still `expected` (null: never
 * saved by an admin, or no item at all), so keeping the index in step never overwrites an admin's
 * save made meanwhile. False when it changed.
 */
export async function putDeliveryScheduleIfUnchanged(
  db: Db,
  communityId: string,
  schedule: DeliverySchedule,
  scheduled: boolean,
  expected: string | null,
): Promise<boolean> {
  const s = DeliveryScheduleSchema.parse(schedule);
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.deliverySettings(communityId),
          ...(scheduled ? keys.scheduledDelivery(communityId) : {}),
          entity: 'delivery-schedule',
          community_id: communityId,
          ...s,
        },
        ConditionExpression: expected
          ? 'updated_at = :expected'
          : 'attribute_not_exists(pk) OR attribute_not_exists(updated_at) OR updated_at = :null',
        ExpressionAttributeValues: expected ? { ':expected': expected } : { ':null': null },
      }),
    ),
  );
}

/** Every community with a daily or weekly summary on, and its schedule (one index query, paged). */
export async function scheduledDeliveries(db: Db): Promise<{ communityId: string; schedule: DeliverySchedule }[]> {
  return queryAll(
    db,
    { index: 'gsi1', pk: keys.scheduledDeliveryPartition },
    {
      map: (item) => ({
        communityId: String(item.community_id),
        schedule: DeliveryScheduleSchema.parse(stripKeys(item)),
      }),
    },
  );
}
