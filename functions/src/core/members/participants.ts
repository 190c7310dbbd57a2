import {
  deleteParticipant,
  getParticipant,
  putParticipant,
  putParticipantsSync,
  type ParticipantRecord,
} from '../../data/participants';
import type { Deps } from '../deps';
import { logger } from '../logger';
import { senderKeyFor } from '../messages/ids';
import type { ParticipantAction, ProviderParticipant, ProviderParticipantEvent } from '../ports/whatsapp';
import { canonicalIds, isLid, recordAlias } from './identity';

/**
 * The bot's view of the community's WhatsApp group: who is in it, who left and when
 * (docs/members.md, reconciliation). Fed by participant events (webhooks) and by the gateway's
 * participant list. Every change is a read, a pure transition and a put conditional on the
 * revision read; a transition that changes nothing writes nothing, so a redelivered event is a
 * no-op.
 */

type ParticipantDeps = Pick<Deps, 'db' | 'config' | 'now'>;

/** What one event or list entry says about one person. */
interface Observation {
  readonly action: ParticipantAction | 'listed' | 'unlisted';
  readonly at: string;
  readonly ids: readonly string[];
  readonly name: string | null;
  readonly admin: boolean | null;
}

const phoneOf = (id: string) => (id.endsWith('@c.us') ? id.slice(0, -'@c.us'.length) : null);

function blank(communityId: string, waId: string, at: string): ParticipantRecord {
  return {
    community_id: communityId,
    wa_id: waId,
    wa_ids: [waId],
    phone: phoneOf(waId),
    display_name: null,
    is_admin: null,
    status: 'in_group',
    joined_at: null,
    left_at: null,
    last_event_at: at,
    updated_at: at,
    rev: 0,
  };
}

/**
 * The participant after an observation (a pure function). Status changes only for observations at
 * or after the newest one applied, so a late event never undoes a newer one; the same event twice
 * gives the same record.
 */
export function nextParticipant(
  current: ParticipantRecord | null,
  communityId: string,
  waId: string,
  o: Observation,
): ParticipantRecord {
  const base = current ?? { ...blank(communityId, waId, o.at), status: o.action === 'leave' ? 'left' : 'in_group' };
  const ids = [...new Set([waId, ...base.wa_ids, ...o.ids])];
  let next: ParticipantRecord = {
    ...base,
    wa_id: waId,
    wa_ids: ids,
    phone: phoneOf(waId) ?? base.phone,
    display_name: o.name ?? base.display_name,
  };
  const newer = !current || o.at >= current.last_event_at;
  if (newer) {
    switch (o.action) {
      case 'join':
        if (!current || current.status === 'left') next = { ...next, status: 'in_group', joined_at: o.at, left_at: null };
        break;
      case 'listed':
        if (current?.status === 'left') next = { ...next, status: 'in_group', joined_at: o.at, left_at: null };
        break;
      case 'leave':
      case 'unlisted':
        if (!current || current.status === 'in_group') next = { ...next, status: 'left', left_at: o.at };
        break;
      case 'promote':
      case 'demote':
        next = { ...next, is_admin: o.action === 'promote' };
        break;
    }
    if (o.admin !== null && o.action !== 'leave' && o.action !== 'unlisted') next = { ...next, is_admin: o.admin };
    if (next.status !== base.status || !current) next = { ...next, last_event_at: o.at };
  }
  return next;
}

/** True when two records differ in anything but their bookkeeping (`updated_at`, `rev`). */
function changed(a: ParticipantRecord | null, b: ParticipantRecord): boolean {
  if (!a) return true;
  const strip = ({ updated_at: _u, rev: _r, ...rest }: ParticipantRecord) => rest;
  return JSON.stringify(strip(a)) !== JSON.stringify(strip(b));
}

/** Applies one observation to the participant of canonical id `waId`, retrying a lost race. */
async function observe(deps: ParticipantDeps, communityId: string, waId: string, o: Observation): Promise<void> {
  const key = senderKeyFor(deps.config, communityId, waId);
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getParticipant(deps.db, communityId, key);
    const next = nextParticipant(current, communityId, waId, o);
    if (!changed(current, next)) return;
    const rev = current?.rev ?? null;
    const written = { ...next, updated_at: deps.now().toISOString(), rev: (current?.rev ?? 0) + 1 };
    if (await putParticipant(deps.db, key, written, rev)) return;
  }
  throw new Error(`participant ${key} of community ${communityId} kept changing meanwhile`);
}

/**
 * Records that an `@lid` id is the person of a phone id, and moves what the group knew under the
 * `@lid` (its participant item) onto the phone id's, so one person is one participant.
 */
export async function learnAlias(deps: ParticipantDeps, communityId: string, lid: string, phoneId: string): Promise<void> {
  const memo = `${deps.db.table}\n${communityId}\n${lid}\n${phoneId}`;
  if (learned.has(memo)) return;
  await recordAlias(deps, communityId, lid, phoneId);
  await mergeLidParticipant(deps, communityId, lid, phoneId);
  learned.add(memo);
}

/** Aliases this process recorded and merged (both are idempotent; this only saves repeated work). */
const learned = new Set<string>();

async function mergeLidParticipant(deps: ParticipantDeps, communityId: string, lid: string, phoneId: string) {
  const lidKey = senderKeyFor(deps.config, communityId, lid);
  const under = await getParticipant(deps.db, communityId, lidKey);
  if (!under) return;
  const action = under.status === 'left' ? 'leave' : 'join';
  await observe(deps, communityId, phoneId, {
    action,
    at: (under.status === 'left' ? under.left_at : under.joined_at) ?? under.last_event_at,
    ids: under.wa_ids,
    name: under.display_name,
    admin: under.is_admin,
  });
  if (!(await deleteParticipant(deps.db, communityId, lidKey, under.rev))) {
    logger.warn('an @lid participant changed while being merged; the next event merges it again', { communityId });
  }
}

/** Canonical ids of some participants, learning the `@lid` → phone aliases their payload gives. */
async function canonicalOf(
  deps: ParticipantDeps,
  communityId: string,
  participants: readonly ProviderParticipant[],
): Promise<Map<string, string>> {
  for (const p of participants) {
    if (p.phoneId && isLid(p.id)) await learnAlias(deps, communityId, p.id, p.phoneId);
  }
  return canonicalIds(
    deps,
    communityId,
    participants.map((p) => p.id),
  );
}

/** Applies a group's participant events (in their order). Redelivered events change nothing. */
export async function applyParticipantEvents(
  deps: ParticipantDeps,
  communityId: string,
  events: readonly ProviderParticipantEvent[],
): Promise<number> {
  let applied = 0;
  for (const e of events) {
    const at = e.timestamp ?? deps.now().toISOString();
    const canonical = await canonicalOf(deps, communityId, e.participants);
    for (const p of e.participants) {
      const waId = p.phoneId ?? canonical.get(p.id) ?? p.id;
      await observe(deps, communityId, waId, { action: e.action, at, ids: [p.id], name: p.name, admin: p.admin });
      applied += 1;
    }
  }
  return applied;
}

/**
 * Applies the group's current participant list read from the gateway: everyone listed is in the
 * group (joined now if they had left), everyone in the group but not listed has left (now).
 */
export async function applyParticipantList(
  deps: ParticipantDeps,
  communityId: string,
  listed: readonly ProviderParticipant[],
  known: readonly ParticipantRecord[],
): Promise<{ listed: number; left: number }> {
  const at = deps.now().toISOString();
  const canonical = await canonicalOf(deps, communityId, listed);
  const present = new Set<string>();
  for (const p of listed) {
    const waId = p.phoneId ?? canonical.get(p.id) ?? p.id;
    present.add(waId);
    await observe(deps, communityId, waId, { action: 'listed', at, ids: [p.id], name: p.name, admin: p.admin });
  }
  let left = 0;
  for (const k of known) {
    if (k.status !== 'in_group' || present.has(k.wa_id)) continue;
    await observe(deps, communityId, k.wa_id, { action: 'unlisted', at, ids: [], name: null, admin: null });
    left += 1;
  }
  await putParticipantsSync(deps.db, communityId, at, listed.length);
  return { listed: listed.length, left };
}
