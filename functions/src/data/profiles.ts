import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ProfileSchema, type Profile } from '@kehila/shared';
import { isConditionFailed, setExpression, stripKeys, type Db } from './db';
import { keys } from './keys';

/** A user's profile, or null. */
export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.profile(userId), ConsistentRead: true }),
  );
  return res.Item ? ProfileSchema.parse(stripKeys(res.Item)) : null;
}

/** The profile registered with an e-mail (case-insensitive), or null. */
export async function getProfileByEmail(db: Db, email: string): Promise<Profile | null> {
  const k = keys.profileByEmail(email);
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': k.gsi1pk, ':sk': k.gsi1sk },
      Limit: 1,
    }),
  );
  const item = res.Items?.[0];
  return item ? ProfileSchema.parse(stripKeys(item)) : null;
}

/**
 * Creates a profile once: a second call for the same user keeps the first and reports
 * `created: false` (sign-up triggers and retries are idempotent).
 */
export async function createProfile(db: Db, profile: Profile): Promise<{ created: boolean; profile: Profile }> {
  const item = ProfileSchema.parse(profile);
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.profile(item.id),
          ...(item.email ? keys.profileByEmail(item.email) : {}),
          entity: 'profile',
          ...item,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { created: true, profile: item };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const existing = await getProfile(db, item.id);
    if (!existing) throw err;
    return { created: false, profile: existing };
  }
}

/** Updates fields of an existing profile; returns the new profile, or null when there is none. */
export async function updateProfile(
  db: Db,
  userId: string,
  patch: Partial<Omit<Profile, 'id' | 'created_at'>>,
): Promise<Profile | null> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(userId),
        ...setExpression({ ...patch, updated_at: patch.updated_at ?? new Date().toISOString() }),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return ProfileSchema.parse(stripKeys(res.Attributes ?? {}));
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}
