import type { GroupParticipant, GroupReconciliation, Member, MemberNotInGroup } from '@kehila/shared';
import { getCommunities, getCommunity, indexGroupClaim, listGroupClaims } from '../../data/communities';
import { listMembers } from '../../data/memberships';
import { getParticipantsSync, listParticipants, type ParticipantRecord } from '../../data/participants';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { loadSenderHashKey } from '../messages/ids';
import { applyParticipantList } from './participants';

/**
 * Members reconciled with the WhatsApp group (issue 12 item 6): the bot's view of the group's
 * participants merged with the registered members, matched by phone number.
 */

/** Digits of a member's phone in international form (`+972 50-123-4567` and `050-1234567` with +972 are one number). */
export function memberPhoneDigits(member: Pick<Member, 'phone' | 'country_code'>): string | null {
  const raw = member.phone?.trim();
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  if (!digits) return null;
  if (raw.startsWith('+') || raw.startsWith('00')) return digits.replace(/^00/, '');
  const country = (member.country_code ?? '').replace(/\D/g, '');
  if (country && digits.startsWith(country) && digits.length > 10) return digits;
  return `${country}${digits.replace(/^0+/, '')}`;
}

const fullName = (m: Member) => [m.first_name, m.last_name].filter(Boolean).join(' ').trim() || (m.email ?? m.id);

async function allMembers(deps: Pick<Deps, 'db'>, communityId: string): Promise<Member[]> {
  const out: Member[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listMembers(deps.db, communityId, { limit: 1000, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

/** The reconciliation of participants and members (a pure function). */
export function reconcile(
  participants: readonly ParticipantRecord[],
  members: readonly Member[],
  meta: { groupConnected: boolean; syncedAt: string | null },
): GroupReconciliation {
  const candidates = members.filter((m) => m.approval_status !== 'rejected');
  const byPhone = new Map<string, Member>();
  for (const m of candidates) {
    const digits = memberPhoneDigits(m);
    if (digits && !byPhone.has(digits)) byPhone.set(digits, m);
  }
  const view = (p: ParticipantRecord): GroupParticipant => {
    const member = p.phone ? byPhone.get(p.phone) : undefined;
    return {
      wa_id: p.wa_id,
      phone: p.phone ? `+${p.phone}` : null,
      display_name: p.display_name,
      is_admin: p.is_admin,
      joined_at: p.joined_at,
      left_at: p.left_at,
      member_id: member?.id ?? null,
      member_name: member ? fullName(member) : null,
    };
  };
  const inGroup = participants.filter((p) => p.status === 'in_group');
  const inGroupPhones = new Set(inGroup.map((p) => p.phone).filter((p): p is string => !!p));
  const leftPhones = new Set(participants.filter((p) => p.status === 'left').map((p) => p.phone));
  const notInGroup: MemberNotInGroup[] = [];
  let withoutPhone = 0;
  for (const m of candidates) {
    const digits = memberPhoneDigits(m);
    if (!digits) withoutPhone += 1;
    // a member who left is listed under Left, with the date
    else if (!inGroupPhones.has(digits) && !leftPhones.has(digits)) {
      notInGroup.push({
        member_id: m.id,
        name: fullName(m),
        phone: `+${digits}`,
        approval_status: m.approval_status,
      });
    }
  }
  const byName = (a: GroupParticipant, b: GroupParticipant) =>
    (a.display_name ?? a.wa_id).localeCompare(b.display_name ?? b.wa_id);
  return {
    group_connected: meta.groupConnected,
    synced_at: meta.syncedAt,
    in_group: inGroup.length,
    not_registered: inGroup
      .map(view)
      .filter((p) => !p.member_id)
      .sort(byName),
    not_in_group: notInGroup.sort((a, b) => a.name.localeCompare(b.name)),
    members_without_phone: withoutPhone,
    left: participants
      .filter((p) => p.status === 'left')
      .map(view)
      .sort((a, b) => (b.left_at ?? '').localeCompare(a.left_at ?? '')),
  };
}

/** `GET …/group-members`. */
export async function groupReconciliation(
  deps: Pick<Deps, 'db'>,
  communityId: string,
): Promise<GroupReconciliation> {
  const [community, participants, members, syncedAt] = await Promise.all([
    getCommunity(deps.db, communityId),
    listParticipants(deps.db, communityId),
    allMembers(deps, communityId),
    getParticipantsSync(deps.db, communityId),
  ]);
  return reconcile(participants, members, { groupConnected: !!community?.group_id, syncedAt });
}

/** What one read of a group's participant list did, or why it read nothing. */
export type ParticipantListRead =
  | { readonly status: 'read'; readonly listed: number; readonly left: number }
  | { readonly status: 'no-group' | 'no-gateway' };

/**
 * Reads the group's participant list through the gateway and applies it (listed: in the group; in
 * the group before but not listed: left, dated now). Idempotent: a second read of the same list
 * changes nothing. The one sync of the Refresh button, the connection and the schedule.
 */
export async function readParticipantList(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'whatsapp' | 'secrets'>,
  communityId: string,
): Promise<ParticipantListRead> {
  const community = await getCommunity(deps.db, communityId);
  if (!community?.group_id) return { status: 'no-group' };
  const listed = deps.whatsapp.participants ? await deps.whatsapp.participants(community.group_id) : null;
  if (!listed) return { status: 'no-gateway' };
  await loadSenderHashKey(deps);
  // a claim made before the claims were indexed enters the schedule's index here
  await indexGroupClaim(deps.db, community.group_id, communityId);
  const applied = await applyParticipantList(deps, communityId, listed, await listParticipants(deps.db, communityId));
  return { status: 'read', ...applied };
}

/**
 * `POST …/group-members/sync` (and the connection): reads the participant list, then answers the
 * reconciliation.
 */
export async function syncGroupMembers(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'whatsapp' | 'secrets'>,
  communityId: string,
): Promise<GroupReconciliation> {
  const read = await readParticipantList(deps, communityId);
  if (read.status === 'no-group') throw fail.badRequest('Group ID is missing');
  if (read.status === 'no-gateway')
    throw fail.badRequest("No WhatsApp gateway is configured to read the group's participant list");
  return groupReconciliation(deps, communityId);
}

/**
 * One run of the participant-list schedule (docs/members.md): every connected community (the
 * claimed groups whose community still holds them: one index query and a BatchGet), one `participants`
 * queue message each. The worker reads each list on its own, so one failed read stops no other.
 */
export async function runGroupSyncSchedule(deps: Pick<Deps, 'db' | 'queues'>): Promise<{ connected: number }> {
  const claims = await listGroupClaims(deps.db);
  const communities = await getCommunities(
    deps.db,
    [...new Set(claims.map((c) => c.communityId))],
  );
  const held = new Set(claims.map((c) => `${c.communityId}|${c.groupId}`));
  const jobs = communities
    .filter((c) => c.group_id && held.has(`${c.id}|${c.group_id}`))
    .map((c) => ({ communityId: c.id }));
  if (jobs.length > 0) await deps.queues.sendBatch('participants', jobs);
  return { connected: jobs.length };
}
