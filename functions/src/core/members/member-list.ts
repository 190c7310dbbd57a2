import type { Member, MemberCounts, MemberPage } from '@kehila/shared';
import { getMembersVersion, listAllMembers } from '../../data/memberships';
import type { Deps } from '../deps';

/** How long a warm function trusts its copy of a list without a version change (bounds staleness). */
const MAX_CACHE_AGE_MS = 60_000;
/** Communities whose lists one warm function keeps. */
const MAX_CACHED_COMMUNITIES = 20;

interface CachedList {
  readonly version: number;
  readonly loadedAt: number;
  /** Newest first. */
  readonly members: readonly Member[];
  /** Lower-cased search text of each member, same order. */
  readonly haystacks: readonly string[];
}

const cache = new Map<string, CachedList>();

/** The text a members search matches (S3 §2: name, email, company, role, phone, location). */
function haystackOf(m: Member): string {
  return [
    m.first_name,
    m.last_name,
    [m.first_name, m.last_name].filter(Boolean).join(' '),
    m.email,
    m.company,
    m.job_role,
    m.role,
    m.phone,
    m.phone ? `${m.country_code ?? ''}${m.phone}` : null,
    m.location,
  ]
    .filter((v): v is string => Boolean(v))
    .join('\u0000')
    .toLowerCase();
}

/**
 * A community's members, newest first, with their search text. The whole list is read once per
 * member-list version (every member write bumps it) and kept by the warm function, so a page,
 * search or filter costs one consistent GetItem of the version plus work in memory.
 */
export async function membersOf(deps: Pick<Deps, 'db' | 'now'>, communityId: string): Promise<CachedList> {
  const version = await getMembersVersion(deps.db, communityId);
  const now = deps.now().getTime();
  const hit = cache.get(communityId);
  if (hit && hit.version === version && now - hit.loadedAt < MAX_CACHE_AGE_MS) return hit;
  const members = (await listAllMembers(deps.db, communityId)).sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
  );
  const fresh: CachedList = { version, loadedAt: now, members, haystacks: members.map(haystackOf) };
  cache.delete(communityId);
  if (cache.size >= MAX_CACHED_COMMUNITIES) cache.delete(cache.keys().next().value as string);
  cache.set(communityId, fresh);
  return fresh;
}

function countsOf(members: Iterable<Member>): MemberCounts {
  const c = { total: 0, pending: 0, approved: 0, rejected: 0 };
  for (const m of members) {
    c.total++;
    c[m.approval_status]++;
  }
  return c;
}

/** The list request after contract parsing (routes.listMembers query). */
export interface MemberListRequest {
  readonly status: 'all' | Member['approval_status'];
  readonly q: string;
  readonly page: number;
  readonly pageSize: number;
}

/**
 * A page of members (S3 §2): the search (case-insensitive, every word must match) and the status
 * tab, newest first, cut to the page; counts of the whole community and of the search per tab.
 */
export async function listMembersPage(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  req: MemberListRequest,
): Promise<MemberPage> {
  const list = await membersOf(deps, communityId);
  const words = req.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const searched = words.length
    ? list.members.filter((_, i) => words.every((w) => (list.haystacks[i] ?? '').includes(w)))
    : list.members;
  const filtered = req.status === 'all' ? searched : searched.filter((m) => m.approval_status === req.status);
  const start = (req.page - 1) * req.pageSize;
  return {
    items: filtered.slice(start, start + req.pageSize),
    total: filtered.length,
    page: req.page,
    pageSize: req.pageSize,
    counts: countsOf(list.members),
    matching: countsOf(searched),
  };
}
