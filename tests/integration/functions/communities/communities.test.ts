import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import { addToBucket } from '@kehila/functions/data/aggregates';
import { findCommunityIdByGroup, getCommunity } from '@kehila/functions/data/communities';
import { getMember } from '@kehila/functions/data/memberships';
import { getProfile } from '@kehila/functions/data/profiles';
import { api, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';
import { group, verifyGroup } from './verify';
const info = {
  group_description: 'Founders helping founders',
  group_goals: 'Hire, sell, raise',
  admin_name: 'Dana',
  admin_gender: 'Female',
  group_language: 'Hebrew',
  admin_phone: '',
  meaningful_id: 'Dana-Founders',
  business_focus: [' Startups ', 'Startups', ''],
};

describe('communities', () => {
  let deps: Deps;
  let dana: Awaited<ReturnType<typeof signedInUser>>;
  let yossi: Awaited<ReturnType<typeof signedInUser>>;
  let communityId = '';
  const groupId = group();

  beforeAll(async () => {
    deps = useStackEnv();
    dana = await signedInUser('dana');
    yossi = await signedInUser('yossi');
  });

  it('Add Community: a trimmed group id becomes a community with the caller as Admin and owner', async () => {
    await verifyGroup(dana, groupId);
    const res = await api('/api/communities', {
      token: dana.token,
      method: 'POST',
      body: { group_id: `  ${groupId} ` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Community added successfully!',
      needs_metadata: true,
      user_role: 'Admin',
    });
    communityId = String(res.body.community_id);
    expect(await getCommunity(deps.db, communityId)).toMatchObject({
      group_id: groupId,
      owner_id: dana.id,
      name: `Community for ${groupId}`,
    });
    expect(await getMember(deps.db, communityId, dana.id)).toMatchObject({
      role: 'Admin',
      approval_status: 'approved',
      status: 'active',
    });
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBe(communityId);
    expect((await getProfile(deps.db, dana.id))?.group_id).toBe(groupId);
  });

  it.each([
    ['an empty id', '   ', 'Please enter a valid Group ID'],
    ['an id without @g.us', '120363123', 'Group ID must end with @g.us'],
  ])('refuses %s with the spec message', async (_n, id, message) => {
    const res = await api('/api/communities', { token: dana.token, method: 'POST', body: { group_id: id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('one group belongs to one community: adding it again answers that community to its admin and refuses others', async () => {
    const again = await api('/api/communities', { token: dana.token, method: 'POST', body: { group_id: groupId } });
    expect(again.body).toMatchObject({ success: true, community_id: communityId });
    // Someone else's claim of it is a 404 that changes nothing (they never verified it: the group is Dana's).
    const other = await api('/api/communities', { token: yossi.token, method: 'POST', body: { group_id: groupId } });
    expect(other.status).toBe(404);
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBe(communityId);
    expect((await api('/api/communities', { token: yossi.token })).body.communities).toEqual([]);
  });

  it('lists active communities newest first with display name, role and active members of the last 30 days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await addToBucket(deps.db, { communityId, kind: 'day', bucket: today, delta: { s_aaa: 3, s_bbb: 1 } });
    await addToBucket(deps.db, { communityId, kind: 'day', bucket: old, delta: { s_ccc: 5 } });
    const secondGroup = group();
    await verifyGroup(dana, secondGroup);
    const second = await api('/api/communities', {
      token: dana.token,
      method: 'POST',
      body: { group_id: secondGroup },
    });
    const res = await api('/api/communities', { token: dana.token });
    const list = res.body.communities as Record<string, unknown>[];
    expect(list.map((c) => c.community_id)).toEqual([second.body.community_id, communityId]);
    expect(list[1]).toMatchObject({
      community_name: `Community for ${groupId}`,
      display_name: `WhatsApp Group (${groupId.slice(0, 8)}...)`,
      group_id: groupId,
      meaningful_id: null,
      role: 'Admin',
      member_count: 2,
    });
  });

  it('saves the community information form and marks the metadata collected', async () => {
    const res = await api(`/api/communities/${communityId}/info`, { token: dana.token, method: 'PUT', body: info });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      meaningful_id: 'dana-founders',
      business_focus: ['Startups'],
      admin_phone: null,
      group_language: 'Hebrew',
      summary_destination: 'whatsapp',
      weekly_summary: true,
      daily_summary: false,
    });
    expect(typeof res.body.metadata_collected_at).toBe('string');
    const list = await api('/api/communities', { token: dana.token });
    expect(
      (list.body.communities as Record<string, unknown>[]).find((c) => c.community_id === communityId)?.display_name,
    ).toBe('dana-founders');
  });

  it('refuses an invalid form with the first field message', async () => {
    const res = await api(`/api/communities/${communityId}/info`, {
      token: dana.token,
      method: 'PUT',
      body: { ...info, group_goals: '  ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Group goals are required');
  });

  describe('authorization', () => {
    it('another community’s admin gets 404 for every route of this community', async () => {
      const ownGroup = group();
      await verifyGroup(yossi, ownGroup);
      const own = await api('/api/communities', { token: yossi.token, method: 'POST', body: { group_id: ownGroup } });
      expect(own.body.user_role).toBe('Admin');
      for (const [method, path, body] of [
        ['GET', `/api/communities/${communityId}`, undefined],
        ['PUT', `/api/communities/${communityId}/info`, info],
        ['POST', `/api/communities/${communityId}/group`, { group_id: group() }],
        ['DELETE', `/api/communities/${communityId}/membership`, undefined],
      ] as const) {
        const res = await api(path, { token: yossi.token, method, body });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    });

    it('a member reads the community but may not edit it or connect a group (403)', async () => {
      const now = new Date().toISOString();
      const { putMember } = await import('@kehila/functions/data/memberships');
      await putMember(deps.db, {
        ...(await getMember(deps.db, communityId, dana.id))!,
        id: yossi.id,
        auth_id: yossi.id,
        role: 'Member',
        email: yossi.email,
        created_at: now,
        updated_at: now,
      });
      expect((await api(`/api/communities/${communityId}`, { token: yossi.token })).status).toBe(200);
      const edit = await api(`/api/communities/${communityId}/info`, { token: yossi.token, method: 'PUT', body: info });
      expect(edit.status).toBe(403);
      const connect = await api(`/api/communities/${communityId}/group`, {
        token: yossi.token,
        method: 'POST',
        body: { group_id: group() },
      });
      expect(connect.status).toBe(403);
      const list = await api('/api/communities', { token: yossi.token });
      expect(list.body.communities).toContainEqual(
        expect.objectContaining({ community_id: communityId, role: 'Member' }),
      );
    });

    it('a member leaves; the workspace owner may not', async () => {
      const left = await api(`/api/communities/${communityId}/membership`, { token: yossi.token, method: 'DELETE' });
      expect(left.body).toEqual({ ok: true });
      expect(await getMember(deps.db, communityId, yossi.id)).toBeNull();
      expect((await api(`/api/communities/${communityId}`, { token: yossi.token })).status).toBe(404);
      const owner = await api(`/api/communities/${communityId}/membership`, { token: dana.token, method: 'DELETE' });
      expect(owner.status).toBe(409);
    });
  });

  describe('connect a group (Settings / manual entry)', () => {
    it('connects a group to a community without one, and reports needs_metadata and the role', async () => {
      const rina = await signedInUser('rina');
      const start = await api('/api/onboarding', { token: rina.token, method: 'POST' });
      const cid = (start.body.community as { id: string }).id;
      const gid = group();
      await verifyGroup(rina, gid);
      const res = await api(`/api/communities/${cid}/group`, {
        token: rina.token,
        method: 'POST',
        body: { group_id: gid },
      });
      expect(res.body).toEqual({
        success: true,
        message: 'WhatsApp group connected successfully!',
        community_id: cid,
        needs_metadata: true,
        user_role: 'Admin',
      });
      expect((await getCommunity(deps.db, cid))?.group_id).toBe(gid);
      expect((await getProfile(deps.db, rina.id))?.group_id).toBe(gid);

      const secondGroup = group();
      await verifyGroup(rina, secondGroup);
      const other = await api(`/api/communities/${cid}/group`, {
        token: rina.token,
        method: 'POST',
        body: { group_id: secondGroup },
      });
      expect(other.status).toBe(409);
      expect(other.body.message).toBe('This community is already connected to a different WhatsApp group.');
      // Another community's group, never verified by Rina: not found for her.
      const taken = await api(`/api/communities/${cid}/group`, {
        token: rina.token,
        method: 'POST',
        body: { group_id: groupId },
      });
      expect(taken.status).toBe(404);
    });
  });
});

describe('onboarding', () => {
  let deps: Deps;
  let user: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    deps = useStackEnv();
    user = await signedInUser(`onb-${randomUUID().slice(0, 4)}`);
  });

  it('before it starts there is nothing to poll', async () => {
    const res = await api('/api/onboarding', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('creates "<username>\'s Community", makes the user its Admin and opens a pending connection for their phone', async () => {
    const res = await api('/api/onboarding', { token: user.token, method: 'POST' });
    expect(res.status).toBe(200);
    const community = res.body.community as { id: string; name: string; owner_id: string; group_id: string | null };
    expect(community).toMatchObject({
      name: `${user.email.split('@')[0]}'s Community`,
      owner_id: user.id,
      group_id: null,
    });
    expect(res.body.isNewCommunity).toBe(true);
    expect(res.body.connection).toMatchObject({
      community_id: community.id,
      admin_phone: user.phone,
      status: 'pending',
      group_id: null,
    });
    expect(await getMember(deps.db, community.id, user.id)).toMatchObject({
      role: 'Admin',
      approval_status: 'approved',
      status: 'active',
    });
  });

  it('reuses the community and the pending connection when started again', async () => {
    const first = await api('/api/onboarding', { token: user.token });
    const again = await api('/api/onboarding', { token: user.token, method: 'POST' });
    expect(again.body.isNewCommunity).toBe(false);
    expect((again.body.community as { id: string }).id).toBe((first.body.community as { id: string }).id);
    expect((again.body.connection as { id: string }).id).toBe((first.body.connection as { id: string }).id);
  });
});
