import { beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '@kehila/shared';
import type { Db } from '@kehila/functions/data/db';
import {
  claimGroup,
  createCommunity,
  findCommunityIdByGroup,
  getCommunities,
  getCommunity,
  updateCommunity,
} from '@kehila/functions/data/communities';
import { blankCommunity } from '@kehila/functions/core/communities/records';
import { freshTable } from '../../support';

function community(id: string, over: Partial<Community> = {}): Community {
  const now = new Date('2026-11-01T10:00:00.000Z');
  return { ...blankCommunity({ id, name: `Community for ${id}`, groupId: null, ownerId: null, now }), ...over };
}

describe('communities repository', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTable();
  });

  it('stores a community with the spec defaults and reads it back', async () => {
    await createCommunity(db, community('c1'));
    const read = await getCommunity(db, 'c1');
    expect(read).toMatchObject({ id: 'c1', group_language: 'English', summary_destination: 'whatsapp' });
    expect(read?.weekly_summary).toBe(true);
    expect(read?.daily_summary).toBe(false);
  });

  it('refuses a second community with the same id', async () => {
    await createCommunity(db, community('c2'));
    await expect(createCommunity(db, community('c2'))).rejects.toThrow();
  });

  it('updates fields and leaves the others', async () => {
    await createCommunity(db, community('c3', { admin_name: 'Dana' }));
    const updated = await updateCommunity(db, 'c3', { group_goals: 'Hire faster', business_focus: ['Startups'] });
    expect(updated).toMatchObject({ admin_name: 'Dana', group_goals: 'Hire faster', business_focus: ['Startups'] });
    expect(await updateCommunity(db, 'missing', { name: 'x' })).toBeNull();
  });

  it('gives a WhatsApp group to one community only', async () => {
    const first = await claimGroup(db, '111@g.us', 'c1');
    const second = await claimGroup(db, '111@g.us', 'c2');
    const again = await claimGroup(db, '111@g.us', 'c1');
    expect(first).toEqual({ ownerCommunityId: 'c1', claimed: true });
    expect(second).toEqual({ ownerCommunityId: 'c1', claimed: false });
    expect(again.claimed).toBe(true);
    expect(await findCommunityIdByGroup(db, '111@g.us')).toBe('c1');
    expect(await findCommunityIdByGroup(db, '222@g.us')).toBeNull();
  });

  it('reads several communities at once and skips missing ids', async () => {
    const found = await getCommunities(db, ['c1', 'c3', 'nope', 'c1']);
    expect(found.map((c) => c.id).sort()).toEqual(['c1', 'c3']);
  });
});
