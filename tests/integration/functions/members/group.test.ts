import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type GroupReconciliation, type InboundMessage } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { blankMember } from '@kehila/functions/core/communities/records';
import { buildParticipantsWebhook } from '@kehila/functions/adapters/whatsapp/payloads';
import { getDashboard } from '@kehila/functions/core/analytics/service';
import { processIngestBatch } from '@kehila/functions/core/messages/enrich-batch';
import { senderKeyFor } from '@kehila/functions/core/messages/ids';
import { recountDay } from '@kehila/functions/core/messages/recount';
import { receiveWhatsAppWebhook } from '@kehila/functions/core/messages/webhook';
import { readDayBuckets } from '@kehila/functions/data/aggregates';
import { putMember } from '@kehila/functions/data/memberships';
import { listParticipants } from '@kehila/functions/data/participants';
import { useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';
import { fixture, FIXTURE_GROUPS } from '../../../fixtures/whatsapp/index';
import { signBody } from '@kehila/functions/adapters/whatsapp/payloads';
import { invoke } from './invoke';

const LID = '190112233445566@lid';
const PHONE = '972507770001@c.us';

/** Sender counts of a day bucket: `s_<senderKey>` → messages. */
function senderCounts(bucket: Readonly<Record<string, number>> | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(bucket ?? {}).filter(([k]) => k.startsWith('s_')),
  );
}

describe('members reconciled with the WhatsApp group', () => {
  let deps: Deps;
  let communityId: string;
  let groupId: string;
  const adminId = `group-admin-${randomUUID().slice(0, 8)}`;

  const post = async (provider: 'waha' | 'evolution', event: Parameters<typeof buildParticipantsWebhook>[1]) => {
    const req = buildParticipantsWebhook(provider, event);
    return receiveWhatsAppWebhook(deps, provider, { rawBody: Buffer.from(req.body), headers: req.headers }, 'test');
  };
  const view = async () => {
    const res = await invoke(routes.groupMembers, { params: { communityId }, userId: adminId });
    expect(res.status).toBe(200);
    return res.body as unknown as GroupReconciliation;
  };
  const ingest = (messages: Omit<InboundMessage, 'community_id' | 'group_id' | 'provider'>[]) =>
    processIngestBatch(
      deps,
      messages.map((m) => ({
        id: m.provider_message_id,
        body: JSON.stringify({ community_id: communityId, group_id: groupId, provider: 'evolution', ...m }),
      })),
    );

  beforeAll(async () => {
    deps = useStackEnv();
    groupId = freshGroupId();
    const community = await communityWithGroup(deps, groupId);
    communityId = community.id;
    const now = new Date();
    await putMember(deps.db, {
      ...blankMember({ communityId, userId: adminId, email: `${adminId}@example.com`, role: 'Admin', now }),
      approval_status: 'approved',
      status: 'active',
      phone: '050-777-0002',
      country_code: '+972',
      first_name: 'Rina',
      last_name: 'Admin',
    });
  });

  it('counts an @lid sender and its phone id as one person once a payload names both, and a recount moves the history', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const t = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
    const base = { sender_name: 'Tamar', text: 'Hello group', reply_to: null, media_type: null };
    // Before the two ids are known to be one person: the @lid is its own sender.
    await ingest([{ ...base, provider_message_id: `3EB0L1${randomUUID().slice(0, 8)}`, sender_id: LID, timestamp: t(1) }]);
    // A message naming both ids, then one by phone id, then one by @lid only.
    await ingest([
      { ...base, provider_message_id: `3EB0L2${randomUUID().slice(0, 8)}`, sender_id: LID, sender_phone_id: PHONE, timestamp: t(2) },
    ]);
    await ingest([{ ...base, provider_message_id: `3EB0P3${randomUUID().slice(0, 8)}`, sender_id: PHONE, timestamp: t(3) }]);
    await ingest([{ ...base, provider_message_id: `3EB0L4${randomUUID().slice(0, 8)}`, sender_id: LID, timestamp: t(4) }]);

    const phoneKey = `s_${senderKeyFor(deps.config, communityId, PHONE)}`;
    const lidKey = `s_${senderKeyFor(deps.config, communityId, LID)}`;
    const [live] = await readDayBuckets(deps.db, communityId, day, day);
    // Live: the three messages after the merge count under the phone id; the first is history.
    expect(senderCounts(live?.values)).toEqual({ [phoneKey]: 3, [lidKey]: 1 });

    const report = await recountDay(deps, communityId, day);
    expect(report.messages).toBe(4);
    const [recounted] = await readDayBuckets(deps.db, communityId, day, day);
    expect(senderCounts(recounted?.values)).toEqual({ [phoneKey]: 4 });
    expect(recounted?.values.count).toBe(4);
  });

  it('after an @lid and phone merge, the message counts, the leaderboard and the group view all name one person', async () => {
    const lid = '190155566677788@lid';
    const phone = '972507770011@c.us';
    const day = new Date().toISOString().slice(0, 10);
    const t = (s: number) => new Date(Date.now() - 30_000 + s * 1000).toISOString();
    const memberId = `group-merged-${randomUUID().slice(0, 8)}`;
    await putMember(deps.db, {
      ...blankMember({ communityId, userId: memberId, email: `${memberId}@example.com`, role: 'Member', now: new Date() }),
      approval_status: 'approved',
      status: 'active',
      phone: '050-777-0011',
      country_code: '+972',
      first_name: 'Noa',
      last_name: 'Merged',
    });
    // The group first knows her by @lid only: a participant no member matches, and a member not in the group.
    await post('waha', { groupId, action: 'join', participants: [{ id: lid }], timestamp: new Date('2026-03-03T08:00:00Z') });
    const before = await view();
    expect(before.not_registered.map((p) => p.wa_id)).toContain(lid);
    expect(before.not_in_group.map((m) => m.member_id)).toContain(memberId);

    const base = { sender_name: 'Noa', text: 'Shalom', reply_to: null, media_type: null };
    await ingest([{ ...base, provider_message_id: `3EB0M1${randomUUID().slice(0, 8)}`, sender_id: lid, timestamp: t(1) }]);
    await ingest([
      { ...base, provider_message_id: `3EB0M2${randomUUID().slice(0, 8)}`, sender_id: lid, sender_phone_id: phone, timestamp: t(2) },
    ]);
    await ingest([{ ...base, provider_message_id: `3EB0M3${randomUUID().slice(0, 8)}`, sender_id: phone, timestamp: t(3) }]);
    await recountDay(deps, communityId, day);

    const phoneKey = senderKeyFor(deps.config, communityId, phone);
    const lidKey = senderKeyFor(deps.config, communityId, lid);
    // Message counts: the day's sender counts hold her three messages under the phone id only.
    const [bucket] = await readDayBuckets(deps.db, communityId, day, day);
    expect(bucket?.values[`s_${phoneKey}`]).toBe(3);
    expect(bucket?.values[`s_${lidKey}`]).toBeUndefined();
    // The dashboard's leaderboard: one entry, with all three.
    const dash = await getDashboard(deps, communityId, { from: day, to: day });
    const mine = dash.leaderboard.filter((e) => e.sender_hash === phoneKey || e.sender_hash === lidKey);
    expect(mine).toEqual([{ Sender_name: 'Noa', cnt: 3, sender_hash: phoneKey }]);
    // The group view: one participant under the phone id, matched to the member.
    const after = await view();
    const all = [...after.not_registered, ...after.left].map((p) => p.wa_id);
    expect(all).not.toContain(lid);
    expect(all).not.toContain(phone);
    expect(after.not_in_group.map((m) => m.member_id)).not.toContain(memberId);
    const participants = (await listParticipants(deps.db, communityId)).filter((p) => p.wa_ids.includes(lid));
    expect(participants).toHaveLength(1);
    expect(participants[0]).toMatchObject({ wa_id: phone, status: 'in_group', joined_at: '2026-03-03T08:00:00.000Z' });
  });

  it('merges what the group knew of an @lid participant into its phone id', async () => {
    const lid = '190199887766554@lid';
    const phone = '972507770003@c.us';
    await post('waha', { groupId, action: 'join', participants: [{ id: lid }], timestamp: new Date('2026-03-01T08:00:00Z') });
    await post('evolution', {
      groupId,
      action: 'promote',
      participants: [{ id: lid, phoneId: phone }],
      timestamp: new Date('2026-03-02T08:00:00Z'),
    });
    const mine = (await listParticipants(deps.db, communityId)).filter((p) => p.wa_ids.includes(lid));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      wa_id: phone,
      phone: '972507770003',
      status: 'in_group',
      joined_at: '2026-03-01T08:00:00.000Z',
      is_admin: true,
    });
  });

  it('shows a participant who leaves the group as left, with the date', async () => {
    const who = '972507770004@c.us';
    await post('waha', { groupId, action: 'join', participants: [{ id: who }], timestamp: new Date('2026-03-05T09:00:00Z') });
    expect((await view()).not_registered.map((p) => p.wa_id)).toContain(who);
    await post('evolution', { groupId, action: 'leave', participants: [{ id: who }], timestamp: new Date('2026-03-09T18:30:00Z') });
    const after = await view();
    expect(after.not_registered.map((p) => p.wa_id)).not.toContain(who);
    expect(after.left.find((p) => p.wa_id === who)).toMatchObject({
      phone: '+972507770004',
      joined_at: '2026-03-05T09:00:00.000Z',
      left_at: '2026-03-09T18:30:00.000Z',
    });
  });

  it('changes nothing when a join is delivered again, even after a later leave', async () => {
    const who = '972507770005@c.us';
    const join = { groupId, action: 'join' as const, participants: [{ id: who }], timestamp: new Date('2026-03-10T10:00:00Z') };
    await post('waha', join);
    const first = (await listParticipants(deps.db, communityId)).find((p) => p.wa_id === who);
    await post('waha', join);
    const again = (await listParticipants(deps.db, communityId)).find((p) => p.wa_id === who);
    expect(again).toEqual(first);
    expect(again?.rev).toBe(1);

    await post('waha', { ...join, action: 'leave', timestamp: new Date('2026-03-11T10:00:00Z') });
    await post('waha', join);
    const left = (await listParticipants(deps.db, communityId)).find((p) => p.wa_id === who);
    expect(left).toMatchObject({ status: 'left', left_at: '2026-03-11T10:00:00.000Z' });
  });

  it('matches registered members by phone: registered but not in the group, and in the group once they join', async () => {
    const now = new Date();
    const memberId = `group-member-${randomUUID().slice(0, 8)}`;
    await putMember(deps.db, {
      ...blankMember({ communityId, userId: memberId, email: `${memberId}@example.com`, role: 'Member', now }),
      approval_status: 'approved',
      status: 'active',
      phone: '0507770006',
      country_code: '+972',
      first_name: 'Omer',
      last_name: 'Member',
    });
    const before = await view();
    expect(before.not_in_group).toContainEqual(
      expect.objectContaining({ member_id: memberId, name: 'Omer Member', phone: '+972507770006' }),
    );
    await post('evolution', {
      groupId,
      action: 'join',
      participants: [{ id: '972507770006@c.us' }],
      timestamp: new Date('2026-03-12T10:00:00Z'),
    });
    const after = await view();
    expect(after.not_in_group.map((m) => m.member_id)).not.toContain(memberId);
    expect(after.not_registered.map((p) => p.wa_id)).not.toContain('972507770006@c.us');
  });

  it("stores Meta's group_participants_update joins and leaves (fixtures written from Meta's documentation)", async () => {
    const metaGroup = `Y2FwaV9ncm91cD${randomUUID().replace(/-/g, '')}`;
    const metaCommunity = await communityWithGroup(deps, metaGroup);
    const deliver = async (name: string) => {
      const body = fixture('meta', name).replaceAll(FIXTURE_GROUPS.meta, metaGroup);
      await receiveWhatsAppWebhook(deps, 'meta', { rawBody: Buffer.from(body), headers: signBody('meta', body) }, 'test');
    };
    await deliver('group-participants-add');
    await deliver('group-join-request');
    expect(await listParticipants(deps.db, metaCommunity.id)).toEqual([
      expect.objectContaining({ wa_id: '972501112233@c.us', status: 'in_group', joined_at: '2026-01-01T10:15:00.000Z' }),
    ]);
    await deliver('group-participants-leave');
    expect(await listParticipants(deps.db, metaCommunity.id)).toEqual([
      expect.objectContaining({ wa_id: '972501112233@c.us', status: 'left', left_at: '2026-01-01T10:30:00.000Z' }),
    ]);
  });

  it("reads the group's participant list through the gateway: the listed are in the group, the unlisted left", async () => {
    const res = await invoke(routes.syncGroupMembers, { params: { communityId }, userId: adminId });
    expect(res.status).toBe(200);
    const body = res.body as unknown as GroupReconciliation;
    expect(body.synced_at).not.toBeNull();
    // The local gateway's group holds the simulator's people.
    expect(body.not_registered.map((p) => p.display_name)).toContain('Dana Levi');
    expect(body.left.map((p) => p.wa_id)).toContain('972507770006@c.us');
  });
});
