import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PublicDirectoryMemberSchema,
  routes,
  type BulkMemberResult,
  type DirectoryLinkWithAnalytics,
  type Invitation,
  type Member,
  type MemberPage,
  type PublicDirectory,
} from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { blankCommunity, blankMember } from '@kehila/functions/core/communities/records';
import { ALREADY_REGISTERED, INVITE_INVALID, registerWithInvite } from '@kehila/functions/core/invites/invites';
import { createCommunity } from '@kehila/functions/data/communities';
import { getInvite } from '@kehila/functions/data/invites';
import { getMember, putMember } from '@kehila/functions/data/memberships';
import { useStackEnv } from '../../support';
import { invoke } from './invoke';

const FIELDS_ALL_OPTIONAL = {
  phone: false,
  company: false,
  job_role: false,
  role_level: false,
  gender: false,
  linkedin_profile_url: false,
  referral_source: false,
  attend_live_events: false,
  facebook_name: false,
};

/** A registration that satisfies an invite whose fields are all optional. */
const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Noa',
  last_name: 'Cohen',
  email,
  country_code: '+972',
  accepted_privacy_policy: true,
  accepted_email_communications: true,
  rules_accepted: true,
  ...extra,
});

describe('members, invitations and the public directory', () => {
  let deps: Deps;
  const stamp = randomUUID().slice(0, 8);
  const communityId = `members-${stamp}`;
  const adminId = `members-admin-${stamp}`;
  const memberId = `members-member-${stamp}`;
  let seq = 0;
  /** A fresh address per call, so the per-address budget of one test does not spill into another. */
  const ip = () => `10.9.${Math.floor(++seq / 250)}.${seq % 250}`;

  const asAdmin = <B>(route: (typeof routes)[keyof typeof routes], params: Record<string, string> = {}, more = {}) =>
    invoke(route, { params: { communityId, ...params }, userId: adminId, ...more }) as Promise<{
      status: number;
      body: B & Record<string, unknown>;
    }>;

  async function createInvite(options: Record<string, unknown> = {}): Promise<Invitation> {
    const res = await asAdmin<Invitation>(
      routes.createInvite,
      {},
      {
        body: { communityName: 'Founders', groupRules: 'Be kind', fieldRequirements: FIELDS_ALL_OPTIONAL, ...options },
      },
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    deps = useStackEnv();
    const now = new Date();
    await createCommunity(
      deps.db,
      blankCommunity({ id: communityId, name: 'Founders', groupId: null, ownerId: adminId, now }),
    );
    await putMember(
      deps.db,
      blankMember({ userId: adminId, communityId, role: 'Admin', now, first_name: 'Ada', last_name: 'Admin' }),
    );
    await putMember(deps.db, blankMember({ userId: memberId, communityId, role: 'Member', now }));
  });

  describe('invitations', () => {
    it('creates codes of at least 128 random bits and lists the active ones with uses and max', async () => {
      const a = await createInvite({ maxUses: 3 });
      const b = await createInvite();
      expect(a.code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(a.code, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(a.code).not.toBe(b.code);
      const list = await asAdmin<{ items: Invitation[] }>(routes.listInvites);
      const mine = list.body.items.find((i) => i.id === a.id);
      expect(mine).toMatchObject({ uses: 0, max_uses: 3, expires_at: null });
      expect(list.body.items.find((i) => i.id === b.id)?.max_uses).toBeNull();
    });

    it('refuses an invitation without community name or rules with the S3 texts', async () => {
      const res = await asAdmin(routes.createInvite, {}, { body: { communityName: ' ', groupRules: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Community name is required');
      const rules = await asAdmin(routes.createInvite, {}, { body: { communityName: 'X' } });
      expect(rules.body.message).toBe('Group rules are required');
    });

    it('gives the last use to exactly one of two racing registrations', async () => {
      const invite = await createInvite({ maxUses: 1 });
      const results = await Promise.allSettled([
        registerWithInvite(deps, invite.code, registration(`race-a-${stamp}@example.com`)),
        registerWithInvite(deps, invite.code, registration(`race-b-${stamp}@example.com`)),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled' && r.value.success);
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ status: 404, message: INVITE_INVALID });
      expect((await getInvite(deps.db, communityId, invite.id))?.uses).toBe(1);
    });

    it('registers a pending member, applies the invite field requirements, and answers a repeated e-mail with the existing member', async () => {
      const invite = await createInvite({ fieldRequirements: { ...FIELDS_ALL_OPTIONAL, company: true } });
      const missing = await invoke(routes.registerWithInvite, {
        params: { inviteCode: invite.code },
        body: registration(`dup-${stamp}@example.com`),
        ip: ip(),
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Company is required');

      const first = await invoke(routes.registerWithInvite, {
        params: { inviteCode: invite.code },
        body: registration(`dup-${stamp}@example.com`, { company: 'Acme' }),
        ip: ip(),
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, whatsapp_url: null });
      const stored = await getMember(deps.db, communityId, first.body.member_id as string);
      expect(stored).toMatchObject({
        role: 'Member',
        approval_status: 'pending',
        status: 'active',
        company: 'Acme',
        auth_id: null,
      });

      const again = await invoke(routes.registerWithInvite, {
        params: { inviteCode: invite.code },
        body: registration(`DUP-${stamp}@Example.com`, { company: 'Other' }),
        ip: ip(),
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({
        success: false,
        message: ALREADY_REGISTERED,
        member_id: first.body.member_id,
        whatsapp_url: null,
      });
      expect((await getInvite(deps.db, communityId, invite.id))?.uses).toBe(1);
    });

    it('answers unknown, expired and deleted invites alike', async () => {
      const expired = await createInvite({ expiresAt: new Date(Date.now() + 1500).toISOString() });
      const deleted = await createInvite();
      expect((await asAdmin(routes.deleteInvite, { inviteId: deleted.id })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1600));
      for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', expired.code, deleted.code]) {
        const res = await invoke(routes.getPublicInvite, { params: { inviteCode: code }, ip: ip() });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(INVITE_INVALID);
      }
    });

    it('limits registrations per address', async () => {
      const invite = await createInvite();
      const from = ip();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await invoke(routes.registerWithInvite, {
          params: { inviteCode: invite.code },
          body: registration(`limit-${i}-${stamp}@example.com`),
          ip: from,
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  describe('members', () => {
    let seeded: Member[];
    beforeAll(async () => {
      const now = Date.now();
      const people: Partial<Member>[] = [
        { first_name: 'Dana', last_name: 'Levi', company: 'Kinneret Labs', approval_status: 'approved' },
        { first_name: 'Yossi', last_name: 'Mizrahi', location: 'Haifa', approval_status: 'pending' },
        {
          first_name: 'Rina',
          last_name: 'Katz',
          email: `rina-${stamp}@example.com`,
          approval_status: 'rejected',
          status: 'inactive',
        },
        { first_name: 'Omer', last_name: 'Bar', phone: '0501234567', job_role: 'CTO', approval_status: 'pending' },
      ];
      seeded = [];
      for (const [i, p] of people.entries()) {
        const m = blankMember({
          userId: `seed-${i}-${stamp}`,
          communityId,
          role: 'Member',
          now: new Date(now + (i + 1) * 1000),
          auth_id: null,
          ...p,
        });
        await putMember(deps.db, m);
        seeded.push(m);
      }
    });

    const list = async (query: Record<string, string>) => {
      const res = await asAdmin<MemberPage>(routes.listMembers, {}, { query });
      expect(res.status).toBe(200);
      return res.body;
    };

    it('searches name, e-mail, company, role, phone and location on the server, case-insensitively', async () => {
      expect((await list({ q: 'kinneret' })).items.map((m) => m.first_name)).toEqual(['Dana']);
      expect((await list({ q: 'HAIFA' })).items.map((m) => m.first_name)).toEqual(['Yossi']);
      expect((await list({ q: `rina-${stamp}` })).items.map((m) => m.first_name)).toEqual(['Rina']);
      expect((await list({ q: '050123' })).items.map((m) => m.first_name)).toEqual(['Omer']);
      expect((await list({ q: 'cto' })).items.map((m) => m.first_name)).toEqual(['Omer']);
      expect((await list({ q: 'dana levi' })).items.map((m) => m.first_name)).toEqual(['Dana']);
    });

    it('filters by status, pages newest first and counts every tab', async () => {
      // The seeded members were created last (in the future), so they lead the newest-first order.
      const pending = await list({ status: 'pending' });
      expect(pending.items.slice(0, 2).map((m) => m.first_name)).toEqual(['Omer', 'Yossi']);
      expect(pending.items.every((m) => m.approval_status === 'pending')).toBe(true);
      const page2 = await list({ pageSize: '1', page: '2', q: 'o' });
      expect(page2.total).toBeGreaterThanOrEqual(2);
      expect(page2.items).toHaveLength(1);
      const all = await list({});
      expect(all.counts.total).toBe(all.counts.pending + all.counts.approved + all.counts.rejected);
      expect(all.counts.rejected).toBeGreaterThanOrEqual(1);
    });

    it('approve sets approved and active; reject sets rejected and inactive', async () => {
      const target = seeded[2] as Member;
      const ok = await asAdmin<Member>(routes.setMemberApproval, { memberId: target.id }, { body: { approved: true } });
      expect(ok.body).toMatchObject({ approval_status: 'approved', status: 'active' });
      const no = await asAdmin<Member>(
        routes.setMemberApproval,
        { memberId: target.id },
        { body: { approved: false } },
      );
      expect(no.body).toMatchObject({ approval_status: 'rejected', status: 'inactive' });
      expect((await list({ q: 'rina', status: 'rejected' })).total).toBe(1);
    });

    it('bulk edit sends only filled fields and reports each failure per member', async () => {
      const [a, b] = seeded as [Member, Member];
      const res = await asAdmin<BulkMemberResult>(
        routes.bulkUpdateMembers,
        {},
        {
          body: { member_ids: [a.id, 'no-such-member', b.id], changes: { company: 'Acme', job_role: '', role: '' } },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ succeeded: 2, failed: 1 });
      expect(res.body.results.find((r) => r.id === 'no-such-member')).toEqual({
        id: 'no-such-member',
        ok: false,
        message: 'Member not found',
      });
      const after = await getMember(deps.db, communityId, b.id);
      expect(after).toMatchObject({ company: 'Acme', job_role: null, role: 'Member' });
    });

    it('changes a role and edits details, and bulk-deletes with per-member results', async () => {
      const [, , , d] = seeded as [Member, Member, Member, Member];
      const role = await asAdmin<Member>(routes.setMemberRole, { memberId: d.id }, { body: { role: 'Admin' } });
      expect(role.body.role).toBe('Admin');
      const edit = await asAdmin<Member>(
        routes.updateMember,
        { memberId: d.id },
        { body: { firstName: 'Omri', company: '' } },
      );
      expect(edit.body).toMatchObject({ first_name: 'Omri', company: null, last_name: 'Bar' });
      const del = await asAdmin<BulkMemberResult>(
        routes.bulkDeleteMembers,
        {},
        { body: { member_ids: [d.id, 'gone-already'] } },
      );
      expect(del.body).toMatchObject({ succeeded: 1, failed: 1 });
      expect(await getMember(deps.db, communityId, d.id)).toBeNull();
    });
  });

  describe('directory links and the public directory', () => {
    const createLink = async (days = 30) => {
      const res = await asAdmin<DirectoryLinkWithAnalytics>(
        routes.createDirectoryLink,
        {},
        {
          body: { link_name: 'Board', expires_in_days: days },
        },
      );
      expect(res.status).toBe(201);
      return res.body;
    };
    const open = (token: string, from = ip(), userAgent = 'vitest') =>
      invoke(routes.getPublicDirectory, { params: { token }, ip: from, userAgent }) as Promise<{
        status: number;
        body: PublicDirectory & Record<string, unknown>;
      }>;

    it('refuses a blank name and an expiry that is not 7, 14, 30, 90 or 365 days', async () => {
      const blank = await asAdmin(routes.createDirectoryLink, {}, { body: { link_name: '  ', expires_in_days: 30 } });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('Please enter a link name');
      const odd = await asAdmin(routes.createDirectoryLink, {}, { body: { link_name: 'x', expires_in_days: 10 } });
      expect(odd.status).toBe(400);
    });

    it('shows approved members only, with no field outside the S3 card list, for members in every state', async () => {
      const now = new Date();
      const states: Partial<Member>[] = [
        { approval_status: 'approved', status: 'active' },
        { approval_status: 'pending', status: 'active' },
        { approval_status: 'rejected', status: 'inactive' },
        { approval_status: 'approved', status: 'active', role: 'Admin' },
      ];
      for (const [i, s] of states.entries()) {
        await putMember(
          deps.db,
          blankMember({
            userId: `dir-${i}-${stamp}`,
            communityId,
            role: 'Member',
            now,
            email: `secret-${i}-${stamp}@example.com`,
            first_name: `Dir${i}`,
            facebook_name: 'fb',
            referral_source: 'friend',
            custom_field_value: 'private',
            linkedin_headline: 'private headline',
            ...s,
          }),
        );
      }
      const link = await createLink();
      expect(Buffer.from(link.access_token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const res = await open(link.access_token);
      expect(res.status).toBe(200);
      const allowed = Object.keys(PublicDirectoryMemberSchema.shape).sort();
      for (const m of res.body.members) expect(Object.keys(m).sort()).toEqual(allowed);
      expect(JSON.stringify(res.body)).not.toContain('@example.com');
      const names = res.body.members.map((m) => m.first_name);
      expect(names).toEqual(expect.arrayContaining(['Dir0', 'Dir3']));
      expect(names).not.toContain('Dir1');
      expect(names).not.toContain('Dir2');
      expect(Object.keys(res.body.info).sort()).toEqual(['communityId', 'communityName', 'expiresAt', 'linkName']);
    });

    it('counts views and unique visitors, and answers unknown, revoked and expired tokens alike', async () => {
      const link = await createLink(7);
      await open(link.access_token, '10.1.1.1', 'a');
      await open(link.access_token, '10.1.1.1', 'a');
      await open(link.access_token, '10.1.1.2', 'a');
      const links = await asAdmin<{ items: DirectoryLinkWithAnalytics[] }>(routes.listDirectoryLinks);
      const stats = links.body.items.find((l) => l.id === link.id)?.analytics;
      expect(stats).toMatchObject({ total_views: 3, unique_visitors: 2, views_today: 3, views_this_week: 3 });

      expect((await asAdmin(routes.deleteDirectoryLink, { linkId: link.id })).status).toBe(200);
      const revoked = await open(link.access_token);
      const unknown = await open('AAAAAAAAAAAAAAAAAAAAAA');
      expect(revoked).toEqual(unknown);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('This link is invalid or has expired');
    });

    it('keeps the directory closed to members who are not admins', async () => {
      const res = await invoke(routes.createDirectoryLink, {
        params: { communityId },
        userId: memberId,
        body: { link_name: 'x', expires_in_days: 7 },
      });
      expect(res.status).toBe(403);
    });
  });
});
