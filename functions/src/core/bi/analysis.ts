import { createHash } from 'node:crypto';
import {
  MARKET_INTELLIGENCE_PERIOD_DAYS,
  PARTNERSHIP_MATCHER_MAX_MATCHES,
  toWhatsAppId,
  type BiRun,
  type Member,
  type Message,
} from '@kehila/shared';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import type { AiInputMessage, AiMemberProfile, DetectedOpportunity } from '../ports/ai';
import type { BiAnalysisJob } from '../queues';
import {
  createRunIfNew,
  getRun,
  listOpportunityItems,
  putOpportunityIfNew,
  putPartnership,
  updateRun,
  type StoredOpportunity,
  type StoredRun,
} from '../../data/bi';
import { listAllMembers } from '../../data/memberships';
import { queryMessagePage } from '../../data/messages';

/** Messages sent to the AI port per call (and per progress step). */
export const BI_BATCH_MESSAGES = 100;
/** Share of an opportunity's value a match is estimated to earn the community (docs/business-intelligence.md). */
export const COMMISSION_RATE = 0.1;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The period a run analyses: the last 30 days up to the end of the current UTC hour. Its id (the
 * hour, `yyyymmddhh`) makes Run Analysis idempotent per period: pressing it again within the hour
 * answers the same run.
 */
export function periodOf(now: Date): { id: string; start: string; end: string } {
  const end = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const start = new Date(end.getTime() - MARKET_INTELLIGENCE_PERIOD_DAYS * DAY_MS);
  const hour = new Date(end.getTime() - HOUR_MS).toISOString();
  return { id: hour.slice(0, 13).replace(/[-T]/g, ''), start: start.toISOString(), end: end.toISOString() };
}

/** The run as the API shows it. */
export function publicRun(run: StoredRun): BiRun {
  const { worker_token: _token, ...rest } = run;
  return rest;
}

/**
 * Run Analysis (S3 §7): the run of the current period, queued now if it is new (or failed before).
 * Idempotent per period: a run queued, running or done is answered as it is.
 */
export async function startAnalysis(
  deps: Pick<Deps, 'db' | 'queues' | 'now' | 'ai'>,
  communityId: string,
  correlationId?: string,
): Promise<BiRun> {
  const now = deps.now();
  const period = periodOf(now);
  const at = now.toISOString();
  const { run, created } = await createRunIfNew(deps.db, {
    id: period.id,
    community_id: communityId,
    period_start: period.start,
    period_end: period.end,
    status: 'queued',
    stage: 'queued',
    processed: 0,
    total: 0,
    opportunities_found: 0,
    matches_found: 0,
    ai_provider: deps.ai.name,
    error: null,
    created_at: at,
    updated_at: at,
    worker_token: null,
  });
  let current = run;
  if (!created) {
    if (run.status !== 'failed') return publicRun(run);
    const again = await updateRun(deps.db, communityId, run.id, ['failed'], {
      status: 'queued',
      stage: 'queued',
      processed: 0,
      error: null,
      worker_token: null,
      updated_at: at,
    });
    if (!again) return publicRun((await getRun(deps.db, communityId, run.id)) ?? run);
    current = again;
  }
  await deps.queues.send('bi', {
    communityId,
    runId: current.id,
    ...(correlationId ? { correlation_id: correlationId } : {}),
  });
  return publicRun(current);
}

/** A member's profile as the AI port reads it. */
export function memberProfile(m: Member): AiMemberProfile {
  const name = [m.first_name, m.last_name]
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return {
    id: m.id,
    name: name || m.email || m.id,
    job_role: m.job_role,
    company: m.company,
    headline: m.linkedin_headline ?? null,
    skills: m.skills ?? [],
    location: m.location,
    decision_authority: m.decision_authority ?? null,
    revenue_potential_score: m.revenue_potential_score ?? null,
    referral_value: m.referral_value ?? null,
  };
}

/** Digits of a WhatsApp user id (`972501234567@c.us`), or null for ids without a number (`…@lid`, hashes). */
export function senderPhone(senderId: string | null): string | null {
  const m = /^(\d{8,15})@c\.us$/.exec(senderId ?? '');
  return m ? (m[1] ?? null) : null;
}

/** A stable id of the thing both halves name (an opportunity's message, a pair of members). */
export function stableId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);
}

/** The right-to-left Hebrew intro script of a match (S3 §2). */
export function introScript(member: AiMemberProfile, requester: string | null, o: DetectedOpportunity): string {
  const first = member.name.split(/\s+/)[0] ?? member.name;
  const budget = o.estimated_value !== null ? ` בתקציב של כ-${o.estimated_value.toLocaleString('he-IL')} ₪` : '';
  const when = o.timeline_days !== null ? ` תוך ${o.timeline_days} ימים` : '';
  return `היי ${first}, רציתי להכיר לך את ${requester ?? 'חבר/ת הקהילה'} מהקבוצה — מחפש/ת ${o.service.he}${budget}${when}. נראה לי שזה בדיוק התחום שלך, אשמח אם תיצרו קשר.`;
}

/** Options of one delivery of a run (the worker's). */
export interface RunOptions {
  /** The queue delivery: its retries resume the run, any other delivery of a running run leaves it. */
  readonly token: string;
  readonly receiveCount: number;
  readonly maxReceiveCount: number;
}

async function allMessages(deps: Pick<Deps, 'db'>, communityId: string, from: string, to: string): Promise<Message[]> {
  const out: Message[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryMessagePage(deps.db, communityId, {
      order: 'asc',
      limit: 1000,
      from,
      to,
      ...(startKey ? { startKey } : {}),
    });
    out.push(...page.items);
    startKey = page.lastKey ?? undefined;
  } while (startKey);
  return out;
}

/**
 * Works one run (the `bi` queue's worker): reads the period's messages and the members, asks the AI
 * port for opportunities batch by batch (progress after each), stores each once (keyed by the message
 * it cites first), then asks for partnership matches (at most 20). A failure on the last delivery marks
 * the run failed with 'Failed to run business analysis'; before it, the queue retries from the start
 * (every write is idempotent).
 */
export async function runAnalysis(
  deps: Pick<Deps, 'db' | 'ai' | 'now'>,
  job: BiAnalysisJob,
  opts: RunOptions,
): Promise<void> {
  const { communityId, runId } = job;
  const claimed = await updateRun(deps.db, communityId, runId, ['queued'], {
    status: 'running',
    worker_token: opts.token,
  });
  const run = claimed ?? (await getRun(deps.db, communityId, runId));
  if (!run) {
    logger.warn('bi: run not found; nothing to do', { communityId, runId });
    return;
  }
  if (!claimed && (run.status !== 'running' || run.worker_token !== opts.token)) {
    logger.info('bi: run is not this delivery’s; left alone', { communityId, runId, status: run.status });
    return;
  }
  try {
    await work(deps, run, opts.token);
  } catch (err) {
    if (opts.receiveCount >= opts.maxReceiveCount) {
      await updateRun(
        deps.db,
        communityId,
        runId,
        ['running'],
        { status: 'failed', error: 'Failed to run business analysis' },
        opts.token,
      );
    }
    throw err;
  }
}

async function work(deps: Pick<Deps, 'db' | 'ai' | 'now'>, run: StoredRun, token: string): Promise<void> {
  const { community_id: communityId, id: runId } = run;
  const [messages, members] = await Promise.all([
    allMessages(deps, communityId, run.period_start, run.period_end),
    listAllMembers(deps.db, communityId),
  ]);
  const active = members.filter((m) => m.status === 'active' && m.approval_status === 'approved');
  const profiles = active.map(memberProfile);
  const byPhone = new Map<string, string>();
  for (const m of active) {
    const wa = m.phone ? toWhatsAppId(m.country_code ?? '+972', m.phone) : null;
    if (wa) byPhone.set(wa.replace(/@c\.us$/, ''), m.id);
  }
  const byId = new Map(messages.map((m) => [m.msg_id, m]));
  // deleted by an admin: never brought back, nor counted
  const deleted = new Set((await listOpportunityItems(deps.db, communityId)).filter((o) => o.deleted).map((o) => o.id));
  const input: AiInputMessage[] = messages
    .filter((m) => m.content?.trim())
    .map((m) => ({ id: m.msg_id, text: m.content ?? '', sender_name: m.Sender_name, timestamp: m.timestamp }));
  await updateRun(
    deps.db,
    communityId,
    runId,
    ['running'],
    { stage: 'opportunities', total: input.length, processed: 0 },
    token,
  );
  let found = 0;
  for (let i = 0; i < input.length; i += BI_BATCH_MESSAGES) {
    const batch = input.slice(i, i + BI_BATCH_MESSAGES);
    const detected = await deps.ai.detectOpportunities({ messages: batch, members: profiles, communityId });
    for (const o of detected) {
      if (await storeOpportunity(deps, run, o, byId, profiles, byPhone, deleted)) found++;
    }
    const step = await updateRun(
      deps.db,
      communityId,
      runId,
      ['running'],
      { processed: i + batch.length, opportunities_found: found },
      token,
    );
    if (!step) return; // another delivery took it over
  }
  await updateRun(deps.db, communityId, runId, ['running'], { stage: 'partnerships' }, token);
  const pairs = await deps.ai.matchPartners({ members: profiles, max: PARTNERSHIP_MATCHER_MAX_MATCHES, communityId });
  for (const p of pairs.slice(0, PARTNERSHIP_MATCHER_MAX_MATCHES)) {
    const [a, b] = p.member_a_id < p.member_b_id ? [p.member_a_id, p.member_b_id] : [p.member_b_id, p.member_a_id];
    await putPartnership(deps.db, {
      id: stableId(a, b),
      community_id: communityId,
      member_a_id: p.member_a_id,
      member_b_id: p.member_b_id,
      compatibility_score: p.compatibility,
      opportunity_type: p.opportunity_type,
      estimated_value: p.estimated_value,
      match_reason: p.reason,
      status: 'suggested',
      run_id: runId,
      first_run_id: runId,
    });
  }
  await updateRun(
    deps.db,
    communityId,
    runId,
    ['running'],
    // processed again: a redelivery working beside this one (a visibility timeout passed) may have reset it
    {
      status: 'done',
      stage: 'done',
      processed: input.length,
      matches_found: Math.min(pairs.length, PARTNERSHIP_MATCHER_MAX_MATCHES),
      opportunities_found: found,
    },
    token,
  );
}

/** Stores one detected opportunity once (false when it cites nothing of the period or was deleted): matched to the first proposed member who is not the requester. */
async function storeOpportunity(
  deps: Pick<Deps, 'db' | 'now'>,
  run: StoredRun,
  o: DetectedOpportunity,
  byId: ReadonlyMap<string, Message>,
  profiles: readonly AiMemberProfile[],
  byPhone: ReadonlyMap<string, string>,
  deleted: ReadonlySet<string>,
): Promise<boolean> {
  const cited = o.message_ids.map((id) => byId.get(id)).filter((m): m is Message => !!m);
  const first = cited[0];
  if (!first) return false;
  const id = stableId(run.community_id, first.msg_id);
  if (deleted.has(id)) return false;
  const phone = senderPhone(first.sender_hash);
  const requesterId = phone ? (byPhone.get(phone) ?? null) : null;
  const pick = o.matches.find((m) => m.member_id !== requesterId);
  const member = pick ? profiles.find((p) => p.id === pick.member_id) : undefined;
  const requester = first.Sender_name?.trim() || null;
  const actions = [...o.action_items];
  if (member) actions.splice(1, 0, `Introduce ${member.name} to ${requester ?? 'the requester'}`);
  const stored: StoredOpportunity = {
    id,
    title: o.title,
    description: o.description,
    opportunity_type: o.opportunity_type,
    estimated_value: o.estimated_value,
    confidence_score: o.confidence,
    urgency_level: o.urgency,
    timeline_days: o.timeline_days,
    status: 'new',
    tags: [o.service.en],
    created_at: deps.now().toISOString(),
    member_id: member?.id ?? null,
    community_id: run.community_id,
    metadata: {
      source: member ? 'matched' : 'unmatched',
      normalized_phone: phone,
      commission_estimate:
        o.estimated_value !== null && member ? Math.round(o.estimated_value * COMMISSION_RATE) : null,
      action_items: actions,
      intro_script: member ? introScript(member, requester, o) : null,
      match_reason: member ? (pick?.reason ?? null) : null,
      unregistered_phone: phone !== null && requesterId === null,
      requester_name: requester,
    },
    source_messages: cited.map((m) => ({
      msg_id: m.msg_id,
      timestamp: m.timestamp,
      sender_name: m.Sender_name,
      excerpt: (m.content ?? '').replace(/\s+/g, ' ').trim().slice(0, 280),
    })),
    run_id: run.id,
    service_en: o.service.en,
    service_he: o.service.he,
    deleted: false,
  };
  // found before (by an earlier run): kept as it was, still counted as found by this one
  await putOpportunityIfNew(deps.db, stored);
  return true;
}

/** A run by id (its progress), or 404. */
export async function getAnalysisRun(deps: Pick<Deps, 'db'>, communityId: string, runId: string): Promise<BiRun> {
  const run = await getRun(deps.db, communityId, runId);
  if (!run) throw fail.notFound('Analysis not found');
  return publicRun(run);
}
