import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@kehila/shared';
import type { Db } from '@kehila/functions/data/db';
import { createProfile, getProfile, getProfileByEmail, updateProfile } from '@kehila/functions/data/profiles';
import { freshTable } from '../../support';

function profile(id: string, over: Partial<Profile> = {}): Profile {
  const now = '2026-11-01T10:00:00.000Z';
  return {
    id,
    username: 'dana',
    email: `${id}@example.com`,
    group_id: null,
    subscription_status: null,
    subscription_plan: null,
    lemon_squeezy_customer_id: null,
    subscription_ends_at: null,
    trial_ends_at: '2026-11-15T10:00:00.000Z',
    phone_number: '+972501234567',
    country_code: '+972',
    created_at: now,
    updated_at: now,
    ...over,
  };
}

describe('profiles repository', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTable();
  });

  it('creates a profile once and keeps the first on a repeated create', async () => {
    const first = await createProfile(db, profile('u1', { username: 'first' }));
    const again = await createProfile(db, profile('u1', { username: 'second' }));
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.profile.username).toBe('first');
    expect((await getProfile(db, 'u1'))?.username).toBe('first');
  });

  it('returns null for a user without a profile', async () => {
    expect(await getProfile(db, 'nobody')).toBeNull();
  });

  it('finds a profile by e-mail regardless of case', async () => {
    await createProfile(db, profile('u2', { email: 'Dana.Levi@Example.com' }));
    expect((await getProfileByEmail(db, 'dana.levi@example.COM'))?.id).toBe('u2');
    expect(await getProfileByEmail(db, 'other@example.com')).toBeNull();
  });

  it('updates only the given fields and stamps updated_at', async () => {
    await createProfile(db, profile('u3'));
    const updated = await updateProfile(db, 'u3', { group_id: '120363@g.us' });
    expect(updated?.group_id).toBe('120363@g.us');
    expect(updated?.username).toBe('dana');
    expect(updated?.updated_at).not.toBe('2026-11-01T10:00:00.000Z');
  });

  it('does not create a profile when updating a missing one', async () => {
    expect(await updateProfile(db, 'ghost', { username: 'x' })).toBeNull();
    expect(await getProfile(db, 'ghost')).toBeNull();
  });
});
