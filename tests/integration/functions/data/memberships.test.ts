import { beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '@kehila/shared';
import type { Db } from '@kehila/functions/data/db';
import {
  createMember,
  deleteMember,
  getMember,
  listMembers,
  listMembershipsOfUser,
  putMember,
} from '@kehila/functions/data/memberships';
import { blankMember } from '@kehila/functions/core/communities/records';
import { freshTable } from '../../support';

function member(communityId: string, id: string, over: Partial<Member> = {}): Member {
  return blankMember({
    userId: id,
    communityId,
    role: 'Member',
    now: new Date('2026-11-01T10:00:00.000Z'),
    approval_status: 'pending',
    first_name: 'Yossi',
    last_name: 'Cohen',
    email: `${id}@example.com`,
    ...over,
  });
}

describe('memberships repository', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTable();
  });

  it("finds a user's membership in a community by their user id", async () => {
    await putMember(db, member('c1', 'u1', { role: 'Admin', approval_status: 'approved' }));
    expect(await getMember(db, 'c1', 'u1')).toMatchObject({ role: 'Admin', approval_status: 'approved' });
    expect(await getMember(db, 'c2', 'u1')).toBeNull();
  });

  it('upserts on community and user: a second put replaces the first', async () => {
    await putMember(db, member('c1', 'u2'));
    await putMember(db, member('c1', 'u2', { role: 'Admin' }));
    const all = await listMembers(db, 'c1');
    expect(all.items.filter((m) => m.id === 'u2')).toHaveLength(1);
    expect((await getMember(db, 'c1', 'u2'))?.role).toBe('Admin');
  });

  it('creates a member only once', async () => {
    expect(await createMember(db, member('c3', 'u9'))).toBe(true);
    expect(await createMember(db, member('c3', 'u9', { first_name: 'Other' }))).toBe(false);
    expect((await getMember(db, 'c3', 'u9'))?.first_name).toBe('Yossi');
  });

  it('lists every community a user belongs to', async () => {
    await putMember(db, member('c1', 'u5'));
    await putMember(db, member('c4', 'u5', { role: 'Admin' }));
    const mine = await listMembershipsOfUser(db, 'u5');
    expect(mine.map((m) => m.community_id).sort()).toEqual(['c1', 'c4']);
  });

  it('does not list invite registrants without an account under any user', async () => {
    await putMember(db, member('c1', 'm-guest', { auth_id: null }));
    expect(await listMembershipsOfUser(db, 'm-guest')).toEqual([]);
    expect((await listMembers(db, 'c1')).items.map((m) => m.id)).toContain('m-guest');
  });

  it('pages through a community’s members', async () => {
    for (let i = 0; i < 5; i += 1) await putMember(db, member('c5', `p${i}`));
    const first = await listMembers(db, 'c5', { limit: 3 });
    expect(first.items).toHaveLength(3);
    const second = await listMembers(db, 'c5', { limit: 3, cursor: first.cursor });
    expect(second.items).toHaveLength(2);
  });

  it('removes a member (leave community)', async () => {
    await putMember(db, member('c6', 'u7'));
    await deleteMember(db, 'c6', 'u7');
    expect(await getMember(db, 'c6', 'u7')).toBeNull();
    expect(await listMembershipsOfUser(db, 'u7')).toEqual([]);
  });
});
