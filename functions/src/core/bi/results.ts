import {
  HOME_OPPORTUNITIES_FETCHED,
  HOME_OPPORTUNITY_MIN_CONFIDENCE,
  ILS_PER_USD,
  MARKET_INTELLIGENCE_PERIOD_DAYS,
  OPPORTUNITIES_LIMIT,
  OPPORTUNITY_SORT_REFUSED,
  PARTNERSHIP_MATCHES_LIMIT,
  type BiOverview,
  type BusinessOpportunity,
  type MarketGap,
  type MarketIntelligence,
  type MarketRecommendation,
  type Member,
  type OpportunitySort,
  type OpportunitySourceFilter,
  type PartnershipMatch,
} from '@kehila/shared';
import type { Access } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import {
  getMarketIntelligence as readMarket,
  getMembersByIds,
  latestRun,
  listOpportunityItems,
  listPartnershipItems,
  markOpportunityDeleted,
  putMarketIntelligence,
  type StoredOpportunity,
} from '../../data/bi';
import { listAllMembers } from '../../data/memberships';
import { publicRun } from './analysis';

const DAY_MS = 86_400_000;

/** What a caller is told about an opportunity that does not exist (or is another community's). */
export const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';

/** Members by id (the joins of S3 §7). */
async function membersById(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  ids: readonly string[],
): Promise<Map<string, Member>> {
  return new Map((await getMembersByIds(deps.db, communityId, ids)).map((m) => [m.id, m]));
}

/** The time an opportunity is "new" by: when it was found, then when it was asked. */
function newestFirst(a: StoredOpportunity, b: StoredOpportunity): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  const ta = a.source_messages[0]?.timestamp ?? '';
  const tb = b.source_messages[0]?.timestamp ?? '';
  if (ta !== tb) return ta < tb ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

const SORTS: Record<OpportunitySort, (a: StoredOpportunity, b: StoredOpportunity) => number> = {
  newest: newestFirst,
  oldest: (a, b) => -newestFirst(a, b),
  highest_value: (a, b) => (b.estimated_value ?? -1) - (a.estimated_value ?? -1) || newestFirst(a, b),
  confidence: (a, b) => b.confidence_score - a.confidence_score || newestFirst(a, b),
};

const SOURCES: Record<OpportunitySourceFilter, (o: StoredOpportunity) => boolean> = {
  all: () => true,
  // opportunities imported from Dealtomat (S3 §2); this product detects its own, so none are yet
  dealtomat: (o) => o.metadata.source === 'dealtomat',
  matched: (o) => o.member_id !== null,
  unmatched: (o) => o.member_id === null,
};

/** Opportunities with their joined member (S3 §3). */
async function withMembers(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  items: readonly StoredOpportunity[],
): Promise<BusinessOpportunity[]> {
  const members = await membersById(
    deps,
    communityId,
    items.flatMap((o) => (o.member_id ? [o.member_id] : [])),
  );
  return items.map((o) => {
    const { run_id: _run, service_en: _en, service_he: _he, deleted: _deleted, ...rest } = o;
    const m = o.member_id ? members.get(o.member_id) : undefined;
    return {
      ...rest,
      // a member who left the community is no longer offered
      member_id: m ? o.member_id : null,
      member: m ? { first_name: m.first_name, last_name: m.last_name, company: m.company, job_role: m.job_role } : null,
    };
  });
}

/** The community's opportunities, deleted ones left out. */
async function liveOpportunities(deps: Pick<Deps, 'db'>, communityId: string): Promise<StoredOpportunity[]> {
  return (await listOpportunityItems(deps.db, communityId)).filter((o) => !o.deleted);
}

/**
 * The Revenue tab (S3 §7 Read business_opportunities): at most 25, newest first; other sorts and the
 * source filter are admins' only (S3 §6), refused to members on the server.
 */
export async function listOpportunities(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  access: Access | null,
  query: { sort: OpportunitySort; source: OpportunitySourceFilter },
): Promise<{ items: BusinessOpportunity[]; total: number }> {
  if (access?.role !== 'Admin' && (query.sort !== 'newest' || query.source !== 'all'))
    throw fail.forbidden(OPPORTUNITY_SORT_REFUSED);
  const all = (await liveOpportunities(deps, communityId)).filter(SOURCES[query.source]).sort(SORTS[query.sort]);
  return { items: await withMembers(deps, communityId, all.slice(0, OPPORTUNITIES_LIMIT)), total: all.length };
}

/** Home 'Hot Opportunities' (S3 §7, §9): confidence at least 0.7, newest first, five and the count. */
export async function hotOpportunities(
  deps: Pick<Deps, 'db'>,
  communityId: string,
): Promise<{ items: BusinessOpportunity[]; count: number }> {
  const hot = (await liveOpportunities(deps, communityId))
    .filter((o) => o.confidence_score >= HOME_OPPORTUNITY_MIN_CONFIDENCE)
    .sort(newestFirst);
  return { items: await withMembers(deps, communityId, hot.slice(0, HOME_OPPORTUNITIES_FETCHED)), count: hot.length };
}

/** Deletes an opportunity (admins; the route refuses others with the S3 text). */
export async function deleteOpportunity(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  opportunityId: string,
): Promise<{ deleted: number }> {
  if (!(await markOpportunityDeleted(deps.db, communityId, opportunityId))) throw fail.notFound(OPPORTUNITY_NOT_FOUND);
  return { deleted: 1 };
}

/** Whether an opportunity still needs following up: its deadline (or 30 days without one) not passed. */
function isActive(o: StoredOpportunity, now: Date): boolean {
  const asked = Date.parse(o.source_messages[0]?.timestamp ?? o.created_at);
  const days = o.timeline_days ?? MARKET_INTELLIGENCE_PERIOD_DAYS;
  return o.status === 'new' && asked + days * DAY_MS >= now.getTime();
}

/** The four stat cards (S3 §3 business intelligence summary) and the latest run. */
export async function biOverview(deps: Pick<Deps, 'db' | 'now'>, communityId: string): Promise<BiOverview> {
  const [opps, pairs, run, done] = await Promise.all([
    liveOpportunities(deps, communityId),
    listPartnershipItems(deps.db, communityId),
    latestRun(deps.db, communityId),
    latestRun(deps.db, communityId, { done: true }),
  ]);
  const now = deps.now();
  const current = pairs.filter((p) => done && p.run_id === done.id);
  return {
    summary: {
      total_opportunities: opps.length,
      new_opportunities: done ? opps.filter((o) => o.run_id === done.id).length : 0,
      total_estimated_value: opps.reduce((s, o) => s + (o.estimated_value ?? 0), 0),
      total_partnership_matches: current.length,
      new_partnership_matches: current.filter((p) => p.first_run_id === done?.id).length,
      active_opportunities: opps.filter((o) => isActive(o, now)).length,
    },
    run: run ? publicRun(run) : null,
  };
}

/** The Partners tab (S3 §7): the latest finished run's matches, most compatible first, at most 10. */
export async function listPartnerships(
  deps: Pick<Deps, 'db'>,
  communityId: string,
): Promise<{ items: PartnershipMatch[] }> {
  const done = await latestRun(deps.db, communityId, { done: true });
  if (!done) return { items: [] };
  const pairs = (await listPartnershipItems(deps.db, communityId))
    .filter((p) => p.run_id === done.id)
    .sort((a, b) => b.compatibility_score - a.compatibility_score || a.id.localeCompare(b.id));
  const members = await membersById(
    deps,
    communityId,
    pairs.flatMap((p) => [p.member_a_id, p.member_b_id]),
  );
  const side = (id: string) => {
    const m = members.get(id);
    return { id, first_name: m?.first_name ?? null, last_name: m?.last_name ?? null, company: m?.company ?? null };
  };
  return {
    items: pairs
      // a pair with a member who left is no longer offered
      .filter((p) => members.has(p.member_a_id) && members.has(p.member_b_id))
      .slice(0, PARTNERSHIP_MATCHES_LIMIT)
      .map((p) => {
        const { member_a_id: a, member_b_id: b, run_id: _run, first_run_id: _first, ...rest } = p;
        return { ...rest, member_a: side(a), member_b: side(b) };
      }),
  };
}

const usd = (ils: number) => Math.round(ils / ILS_PER_USD);

/** The words of a member's expertise: their skills, else their job role. */
function expertiseOf(m: Member): string[] {
  const skills = (m.skills ?? []).map((s) => s.trim()).filter(Boolean);
  if (skills.length > 0) return skills;
  return m.job_role?.trim() ? [m.job_role.trim()] : [];
}

/**
 * Market Intel (S3 §7 market-intelligence, 30 days): opportunities asked in the period, their value in
 * dollars, the members' distinct skills and how many members have each; a market gap for each service
 * asked for that no member was matched to (priority by how often, and urgency); recommendations from
 * the gaps and from the matches waiting for an introduction. Stored as the community's last result.
 */
export async function generateMarketIntelligence(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
): Promise<MarketIntelligence> {
  const now = deps.now();
  const start = new Date(now.getTime() - MARKET_INTELLIGENCE_PERIOD_DAYS * DAY_MS);
  const [opps, members] = await Promise.all([
    liveOpportunities(deps, communityId),
    listAllMembers(deps.db, communityId),
  ]);
  const recent = opps.filter((o) => Date.parse(o.source_messages[0]?.timestamp ?? o.created_at) >= start.getTime());
  const active = members.filter((m) => m.status === 'active' && m.approval_status === 'approved');
  const distribution = new Map<string, { label: string; count: number }>();
  for (const m of active) {
    for (const skill of new Set(expertiseOf(m).map((s) => s.toLowerCase()))) {
      const e = distribution.get(skill) ?? {
        label: expertiseOf(m).find((s) => s.toLowerCase() === skill) ?? skill,
        count: 0,
      };
      e.count++;
      distribution.set(skill, e);
    }
  }
  const unmet = new Map<string, StoredOpportunity[]>();
  for (const o of recent.filter((x) => x.member_id === null))
    unmet.set(o.service_en, [...(unmet.get(o.service_en) ?? []), o]);
  const gaps: MarketGap[] = [...unmet.entries()]
    .map(([service, list]) => {
      const value = list.reduce((s, o) => s + (o.estimated_value ?? 0), 0);
      const pressing = list.some((o) => o.urgency_level === 'urgent' || o.urgency_level === 'high');
      const priority =
        list.length >= 3 || (list.length >= 2 && pressing) ? 'high' : list.length >= 2 || pressing ? 'medium' : 'low';
      return {
        gap_type: 'unmet_demand',
        priority,
        description: `${list.length} request${list.length === 1 ? '' : 's'} for ${service.toLowerCase()} in the last ${MARKET_INTELLIGENCE_PERIOD_DAYS} days, and no member offers it`,
        potential_value: value > 0 ? usd(value) : null,
        count: list.length,
      };
    })
    .sort(
      (a, b) =>
        b.count - a.count ||
        (b.potential_value ?? 0) - (a.potential_value ?? 0) ||
        a.description.localeCompare(b.description),
    )
    .map(({ count: _count, ...g }) => g);
  const recommendations: MarketRecommendation[] = [...unmet.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([service, list]) => ({
      title: `Bring a ${service.toLowerCase()} into the community`,
      description: `Members asked for a ${service.toLowerCase()} ${list.length} time${list.length === 1 ? '' : 's'} and nobody could take it. Invite one, or ask members for a referral.`,
      impact: list.length >= 3 ? 'high' : list.length === 2 ? 'medium' : 'low',
    }));
  const matched = recent.filter((o) => o.member_id !== null && o.status === 'new');
  if (matched.length > 0) {
    recommendations.unshift({
      title: 'Make the introductions',
      description: `${matched.length} opportunit${matched.length === 1 ? 'y has' : 'ies have'} a matched member. Send each the intro script on its card.`,
      impact: 'high',
    });
  }
  const unregistered = recent.filter((o) => o.metadata.unregistered_phone).length;
  if (unregistered > 0) {
    recommendations.push({
      title: 'Register the people asking',
      description: `${unregistered} request${unregistered === 1 ? ' came' : 's came'} from numbers that are not registered members. Invite them to complete a profile.`,
      impact: 'medium',
    });
  }
  const result: MarketIntelligence = {
    summary: {
      total_opportunities: recent.length,
      total_value: usd(recent.reduce((s, o) => s + (o.estimated_value ?? 0), 0)),
      unique_skills: distribution.size,
    },
    insights: {
      market_gaps: gaps,
      recommendations,
      expertise_distribution: Object.fromEntries(
        [...distribution.values()]
          .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
          .map((e) => [e.label, e.count]),
      ),
    },
    generated_at: now.toISOString(),
    period_start: start.toISOString(),
    period_end: now.toISOString(),
  };
  await putMarketIntelligence(deps.db, communityId, result);
  return result;
}

/** The last market intelligence, or null before the first. */
export async function getMarketIntelligence(
  deps: Pick<Deps, 'db'>,
  communityId: string,
): Promise<{ result: MarketIntelligence | null }> {
  return { result: await readMarket(deps.db, communityId) };
}
