import type { GroupParticipant, GroupReconciliation, Member, MemberNotInGroup } from '@kehila/shared';
import { getCommunity } from '../../data/communities';
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

/**
 * `POST …/group-members/sync`: reads the group's participant list through the gateway and applies
 * it (listed: in the group; in the group before but not listed: left), then answers the reconciliation.
 */
export async function syncGroupMembers(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'whatsapp' | 'secrets'>,
  communityId: string,
): Promise<GroupReconciliation> {
  const community = await getCommunity(deps.db, communityId);
  if (!community?.group_id) throw fail.badRequest('Group ID is missing');
  const listed = deps.whatsapp.participants ? await deps.whatsapp.participants(community.group_id) : null;
  if (!listed) throw fail.badRequest("No WhatsApp gateway is configured to read the group's participant list");
  await loadSenderHashKey(deps);
  await applyParticipantList(deps, communityId, listed, await listParticipants(deps.db, communityId));
  return groupReconciliation(deps, communityId);
}
