import { randomBytes } from 'node:crypto';
import {
  enrichmentStateOf,
  ENRICHMENT_BUSY,
  ENRICHMENT_MAX_MEMBERS,
  type EnrichmentJob,
  type EnrichmentMember,
  type EnrichmentOutcome,
  type EnrichmentPanel,
  type Member,
} from '@kehila/shared';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { logger } from '../logger';
import type { PublicProfile } from '../ports/enrichment';
import type { EnrichmentJobMessage } from '../queues';
import {
  getEnrichmentJob,
  latestEnrichmentJob,
  putEnrichmentJob,
  recordEnrichmentOutcome,
  releaseEnrichmentLock,
  takeEnrichmentLock,
  touchEnrichmentLock,
  updateEnrichmentJob,
  type StoredEnrichmentJob,
} from '../../data/enrichment';
import { getMember, listAllMembers, replaceMember } from '../../data/memberships';

/** Members one queue message works (each a provider lookup, then the member's write and the job's progress). */
export const ENRICHMENT_CHUNK = 25;
/** A lock not refreshed for this long was left by a job whose worker gave up: the next job may take it. */
const LOCK_STALE_MS = 30 * 60_000;
/** A referral is worth this share of the budget a member controls (the commission of core/bi/analysis.ts). */
export const REFERRAL_SHARE_OF_BUDGET = 0.1;
/** What a job that failed on its last delivery says (S3 §8). */
export const ENRICHMENT_FAILED = 'Enrichment failed';
/** The single-member route's refusal for a member without a URL (our words). */
export const NO_LINKEDIN_URL = 'This member has no LinkedIn profile URL';
/** Enrich All with nobody pending (S3 §8). */
export const NO_MEMBERS_NEED_ENRICHMENT = 'No members need enrichment';

const DECISION_LEVELS = new Set(['cxo', 'owner', 'vp', 'director', 'partner']);

/** The role level shown for a title's seniority (the highest PDL level of it). */
const LEVEL_NAMES: readonly (readonly [string, string, number, number])[] = [
  // [PDL level, role_level shown, revenue points, budget in USD at a 201-500 company]
  ['cxo', 'C-Level', 45, 500_000],
  ['owner', 'Owner', 45, 500_000],
  ['vp', 'VP', 40, 300_000],
  ['partner', 'Partner', 35, 250_000],
  ['director', 'Director', 30, 150_000],
  ['manager', 'Manager', 20, 50_000],
  ['senior', 'Senior', 12, 10_000],
  ['entry', 'Entry', 5, 0],
  ['training', 'Entry', 0, 0],
  ['unpaid', 'Entry', 0, 0],
];

/** PDL's company size bands and how far a title's budget scales with them (201-500 = 1). */
const SIZE_FACTOR: Readonly<Record<string, readonly [number, number]>> = {
  // [budget factor, revenue points]
  '1-10': [0.1, 5],
  '11-50': [0.25, 10],
  '51-200': [0.5, 15],
  '201-500': [1, 20],
  '501-1000': [1.5, 22],
  '1001-5000': [2, 25],
  '5001-10000': [3, 28],
  '10001+': [4, 30],
};

function titleCase(s: string | null): string | null {
  if (!s) return null;
  return s.replace(/(^|[\s&/(-])(\p{Ll})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * A member's enrichment fields from their public profile. The scores are our rules over the
 * profile's facts, not the provider's figures (docs/business-intelligence.md "Enrichment fields"):
 * decision authority for a C-level, owner, VP, director or partner title; influence High for a
 * decision maker or 500+ connections, Medium for a manager or senior title or 200+, else Low; the
 * revenue score adds points for seniority (≤ 45), employer size (≤ 30), skills (≤ 10) and
 * connections (≤ 15); the budget scales the title's with the employer's size; the referral value is
 * 10% of the budget.
 */
export function enrichmentFields(p: PublicProfile, at: string): Partial<Member> {
  const level = LEVEL_NAMES.find(([l]) => p.title_levels.includes(l));
  const size = p.company_size ? SIZE_FACTOR[p.company_size] : undefined;
  const decision = p.title_levels.some((l) => DECISION_LEVELS.has(l));
  const connections = p.connections ?? 0;
  const influence =
    decision || connections >= 500
      ? 'High'
      : p.title_levels.some((l) => l === 'manager' || l === 'senior') || connections >= 200
        ? 'Medium'
        : 'Low';
  const score = Math.min(
    100,
    (level?.[2] ?? 0) +
      (size?.[1] ?? 0) +
      Math.min(10, p.skills.length * 2) +
      Math.min(15, Math.round((connections / 500) * 15)),
  );
  const budget = level ? Math.round((level[3] * (size?.[0] ?? 0.5)) / 1000) * 1000 : null;
  const jobRole = titleCase(p.job_title);
  const company = titleCase(p.company);
  return {
    job_role: jobRole,
    role_level: level?.[1] ?? null,
    linkedin_headline: p.headline ?? (jobRole ? `${jobRole}${company ? ` at ${company}` : ''}` : null),
    ...(p.picture_url ? { profile_picture_url: p.picture_url } : {}),
    skills: p.skills.slice(0, 20).map((s) => titleCase(s) ?? s),
    decision_authority: decision,
    influence_level: influence,
    revenue_potential_score: score,
    estimated_budget_authority: budget,
    referral_value: budget === null ? null : Math.round(budget * REFERRAL_SHARE_OF_BUDGET),
    linkedin_enriched_at: at,
  };
}

/** A member as the panel shows them. */
export function enrichmentMember(m: Member): EnrichmentMember {
  return {
    id: m.id,
    name: nameOf(m),
    email: m.email,
    company: m.company,
    job_role: m.job_role,
    role_level: m.role_level,
    linkedin_profile_url: m.linkedin_profile_url,
    linkedin_enriched_at: m.linkedin_enriched_at ?? null,
    linkedin_headline: m.linkedin_headline ?? null,
    profile_picture_url: m.profile_picture_url ?? null,
    skills: m.skills ?? [],
    decision_authority: m.decision_authority ?? null,
    influence_level: m.influence_level ?? null,
    revenue_potential_score: m.revenue_potential_score ?? null,
    estimated_budget_authority: m.estimated_budget_authority ?? null,
    referral_value: m.referral_value ?? null,
  };
}

function nameOf(m: Member): string {
  const name = [m.first_name, m.last_name]
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return name || m.email || m.id;
}

const isListed = (m: Member) => m.status === 'active' && m.approval_status === 'approved';

function publicJob(job: StoredEnrichmentJob): EnrichmentJob {
  const { worker_token: _token, ...rest } = job;
  return rest;
}

/** The panel: the community's active members by name, the latest job and the provider. */
export async function enrichmentPanel(
  deps: Pick<Deps, 'db' | 'config'>,
  communityId: string,
): Promise<EnrichmentPanel> {
  const [members, job] = await Promise.all([
    listAllMembers(deps.db, communityId),
    latestEnrichmentJob(deps.db, communityId),
  ]);
  return {
    members: members
      .filter(isListed)
      .map(enrichmentMember)
      .sort((a, b) => a.name.localeCompare(b.name)),
    job: job ? publicJob(job) : null,
    provider: deps.config.enrichment.provider,
  };
}

/** One job's progress. */
export async function enrichmentJob(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  jobId: string,
): Promise<EnrichmentJob> {
  const job = await getEnrichmentJob(deps.db, communityId, jobId);
  if (!job) throw fail.notFound('Enrichment job not found');
  return publicJob(job);
}

function newJobId(now: Date): string {
  return `${now.toISOString().replace(/\D/g, '').slice(0, 17)}${randomBytes(4).toString('hex')}`;
}

/**
 * Enrich one member, Enrich Selected or Enrich All (S3 §2, §5): keeps the members of this community
 * that can be enriched (a LinkedIn URL; with `onlyPending`, no enrichment date either), takes the
 * community's enrichment lock (409 while another job holds it), stores the job and queues its first
 * chunk. Durable before it answers: the job is stored and queued.
 */
export async function startEnrichment(
  deps: Pick<Deps, 'db' | 'queues' | 'now' | 'config'>,
  communityId: string,
  input: { memberIds: readonly string[]; onlyPending: boolean; single: boolean },
  correlationId?: string,
): Promise<EnrichmentJob> {
  const wanted = [...new Set(input.memberIds)].slice(0, ENRICHMENT_MAX_MEMBERS);
  let chosen: Member[];
  if (input.single) {
    const member = await getMember(deps.db, communityId, wanted[0] ?? '');
    if (!member || !isListed(member)) throw fail.notFound('Member not found');
    if (enrichmentStateOf(member) === 'no_linkedin') throw fail.badRequest(NO_LINKEDIN_URL);
    chosen = [member];
  } else {
    const byId = new Map((await listAllMembers(deps.db, communityId)).filter(isListed).map((m) => [m.id, m]));
    chosen = wanted
      .map((id) => byId.get(id))
      .filter((m): m is Member => m !== undefined)
      .filter((m) => (input.onlyPending ? enrichmentStateOf(m) === 'pending' : enrichmentStateOf(m) !== 'no_linkedin'));
    if (chosen.length === 0) throw fail.badRequest(NO_MEMBERS_NEED_ENRICHMENT);
  }
  const now = deps.now();
  const at = now.toISOString();
  const id = newJobId(now);
  const locked = await takeEnrichmentLock(
    deps.db,
    communityId,
    id,
    at,
    new Date(now.getTime() - LOCK_STALE_MS).toISOString(),
  );
  if (!locked) throw fail.conflict(ENRICHMENT_BUSY);
  const job: StoredEnrichmentJob = {
    id,
    community_id: communityId,
    status: 'queued',
    member_ids: chosen.map((m) => m.id),
    processed: 0,
    total: chosen.length,
    enriched: 0,
    not_found: 0,
    failed: 0,
    results: {},
    force_refresh: true,
    provider: deps.config.enrichment.provider,
    error: null,
    created_at: at,
    updated_at: at,
    worker_token: null,
  };
  try {
    await putEnrichmentJob(deps.db, job);
    await deps.queues.send('enrichment', {
      communityId,
      jobId: id,
      offset: 0,
      ...(correlationId ? { correlation_id: correlationId } : {}),
    });
  } catch (err) {
    await releaseEnrichmentLock(deps.db, communityId, id);
    throw err;
  }
  return publicJob(job);
}

/** Options of one delivery of a chunk (the worker's). */
export interface ChunkOptions {
  readonly receiveCount: number;
  readonly maxReceiveCount: number;
}

/** Writes a member's enrichment fields, read again on a concurrent edit; false when the member is gone. */
async function writeMember(deps: Pick<Deps, 'db'>, communityId: string, memberId: string, patch: Partial<Member>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const member = await getMember(deps.db, communityId, memberId);
    if (!member) return false;
    const next: Member = { ...member, ...patch, updated_at: patch.linkedin_enriched_at ?? member.updated_at };
    if (await replaceMember(deps.db, next, member.updated_at)) return true;
  }
  throw new Error(`member ${memberId} kept changing while its enrichment was written`);
}

async function enrichOne(
  deps: Pick<Deps, 'db' | 'enrichment' | 'now'>,
  communityId: string,
  memberId: string,
): Promise<EnrichmentOutcome> {
  const member = await getMember(deps.db, communityId, memberId);
  if (!member || !isListed(member)) return 'failed';
  if (!member.linkedin_profile_url?.trim()) return 'no_linkedin';
  const profile = await deps.enrichment.lookup(member.linkedin_profile_url);
  if (!profile) return 'not_found';
  const written = await writeMember(deps, communityId, memberId, enrichmentFields(profile, deps.now().toISOString()));
  return written ? 'enriched' : 'failed';
}

/**
 * Works one chunk of a job (the `enrichment` queue's worker): each member of the chunk without an
 * outcome yet is looked up and written, and the job's progress moves with each; then the next chunk is
 * queued, or the job is done and the lock released. A provider failure fails the delivery (SQS
 * retries it; members already done are skipped); on the last receive the job fails with
 * 'Enrichment failed' and the lock is released.
 */
export async function runEnrichmentChunk(
  deps: Pick<Deps, 'db' | 'enrichment' | 'queues' | 'now'>,
  msg: EnrichmentJobMessage,
  opts: ChunkOptions,
): Promise<void> {
  const { communityId, jobId, offset } = msg;
  const job =
    (await updateEnrichmentJob(deps.db, communityId, jobId, ['queued'], {
      status: 'running',
      updated_at: deps.now().toISOString(),
    })) ?? (await getEnrichmentJob(deps.db, communityId, jobId));
  if (!job || job.status !== 'running') {
    logger.info('enrichment: job is not running; chunk left alone', { communityId, jobId, status: job?.status });
    return;
  }
  try {
    await touchEnrichmentLock(deps.db, communityId, jobId, deps.now().toISOString());
    for (const memberId of job.member_ids.slice(offset, offset + ENRICHMENT_CHUNK)) {
      if (job.results[memberId]) continue;
      const outcome = await enrichOne(deps, communityId, memberId);
      await recordEnrichmentOutcome(deps.db, communityId, jobId, memberId, outcome, deps.now().toISOString());
    }
    const next = offset + ENRICHMENT_CHUNK;
    if (next < job.member_ids.length) {
      await deps.queues.send('enrichment', {
        communityId,
        jobId,
        offset: next,
        ...(msg.correlation_id ? { correlation_id: msg.correlation_id } : {}),
      });
      return;
    }
    await updateEnrichmentJob(deps.db, communityId, jobId, ['running'], {
      status: 'done',
      updated_at: deps.now().toISOString(),
    });
    await releaseEnrichmentLock(deps.db, communityId, jobId);
  } catch (err) {
    if (opts.receiveCount >= opts.maxReceiveCount) {
      logger.error('enrichment: job failed on its last delivery', { communityId, jobId, err });
      await updateEnrichmentJob(deps.db, communityId, jobId, ['running', 'queued'], {
        status: 'failed',
        error: ENRICHMENT_FAILED,
        updated_at: deps.now().toISOString(),
      });
      await releaseEnrichmentLock(deps.db, communityId, jobId);
    }
    throw err;
  }
}
