import type * as z from 'zod';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './table-client';
import { ConsentMetadataSchema, ProfileSchema, type Profile } from '@kehila/shared';
import { isConditionFailed, queryPage, setExpression, stripKeys, type Db } from './db';
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
  const res = await queryPage(db, { index: 'gsi1', pk: k.gsi1pk, sk: { equals: k.gsi1sk } }, { limit: 1 });
  const item = res.items[0];
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

/** Consent metadata of a user (S1 §3 profile creation metadata: provider, acceptances, timestamp). */
export type ConsentMetadata = z.infer<typeof ConsentMetadataSchema>;

/** The consent a user gave, or null. */
export async function getConsent(db: Db, userId: string): Promise<ConsentMetadata | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.consent(userId), ConsistentRead: true }),
  );
  return res.Item ? ConsentMetadataSchema.parse(stripKeys(res.Item)) : null;
}

/**
 * Stores a user's consent. `onlyIfMissing` keeps an existing record (trigger retries); otherwise the
 * newest consent replaces the old one. Returns false when a record existed and was kept.
 */
export async function putConsent(
  db: Db,
  userId: string,
  consent: ConsentMetadata,
  opts: { onlyIfMissing?: boolean } = {},
): Promise<boolean> {
  const item = ConsentMetadataSchema.parse(consent);
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.consent(userId), entity: 'consent', user_id: userId, ...item },
        ...(opts.onlyIfMissing ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
      }),
    );
    return true;
  } catch (err) {
    if (opts.onlyIfMissing && isConditionFailed(err)) return false;
    throw err;
  }
}

/** Keeps the consent of a sign-up form until the account is confirmed; `ttl` is epoch seconds. */
export async function putSignupConsent(db: Db, email: string, consent: ConsentMetadata, ttl: number): Promise<void> {
  const item = ConsentMetadataSchema.parse(consent);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.signupConsent(email), entity: 'signup_consent', ttl, ...item },
    }),
  );
}

/** The sign-up consent kept for an e-mail, unless it expired (TTL is filtered on read). */
export async function getSignupConsent(db: Db, email: string, now: Date): Promise<ConsentMetadata | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.signupConsent(email), ConsistentRead: true }),
  );
  const item = res.Item;
  if (!item || (typeof item.ttl === 'number' && item.ttl * 1000 <= now.getTime())) return null;
  return ConsentMetadataSchema.parse(stripKeys(item));
}

/** Removes the kept sign-up consent once it has been copied to the user. */
export async function deleteSignupConsent(db: Db, email: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.signupConsent(email) }));
}
