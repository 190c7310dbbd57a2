import { createHmac, randomBytes } from 'node:crypto';
import {
  DIRECTORY_LINK_INVALID,
  communityDisplayName,
  type DirectoryLinkExpiry,
  type DirectoryLinkWithAnalytics,
  type PublicDirectory,
  type PublicDirectoryMember,
  type Member,
} from '@kehila/shared';
import { getCommunity } from '../../data/communities';
import {
  createDirectoryLink,
  deleteDirectoryLink,
  findDirectoryLinkByToken,
  listDirectoryDailyViews,
  listDirectoryLinks,
  recordDirectoryView,
  type StoredDirectoryLink,
} from '../../data/directory';
import type { AuthUser } from '../authz';
import { newId } from '../communities/records';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { membersOf } from '../members/member-list';

/** Random bits of a directory token: 128, as 22 base64url characters. */
const TOKEN_BYTES = 16;
const DAY_MS = 86_400_000;
/** Days of daily views returned with a link. */
const DAILY_VIEWS_DAYS = 30;

export const DIRECTORY_LINK_NOT_FOUND = 'Directory link not found';

type DirectoryDeps = Pick<Deps, 'db' | 'now'>;

const day = (d: Date) => d.toISOString().slice(0, 10);

async function withAnalytics(deps: DirectoryDeps, link: StoredDirectoryLink): Promise<DirectoryLinkWithAnalytics> {
  const now = deps.now();
  const from = new Date(now.getTime() - (DAILY_VIEWS_DAYS - 1) * DAY_MS);
  const daily = await listDirectoryDailyViews(deps.db, link, day(from));
  const today = day(now);
  const weekStart = day(new Date(now.getTime() - 6 * DAY_MS));
  return {
    id: link.id,
    link_name: link.link_name,
    access_token: link.access_token,
    expires_at: link.expires_at,
    created_at: link.created_at,
    created_by: link.created_by,
    community_id: link.community_id,
    analytics: {
      total_views: link.total_views,
      unique_visitors: link.unique_visitors,
      views_today: daily.find((d) => d.date === today)?.views ?? 0,
      views_this_week: daily.filter((d) => d.date >= weekStart).reduce((s, d) => s + d.views, 0),
      last_viewed: link.last_viewed,
      daily_views: daily,
    },
  };
}

/** The Share Member Directory card (S3 §2): unexpired links, newest first, with their views. */
export async function listLinks(deps: DirectoryDeps, communityId: string): Promise<DirectoryLinkWithAnalytics[]> {
  const now = deps.now().getTime();
  const live = (await listDirectoryLinks(deps.db, communityId))
    .filter((l) => Date.parse(l.expires_at) > now)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return Promise.all(live.map((l) => withAnalytics(deps, l)));
}

/** Create Shareable Link (S3 §2, §5, §9): a name, an expiry in days, a 128-bit token. */
export async function createLink(
  deps: DirectoryDeps,
  communityId: string,
  user: AuthUser,
  input: { link_name: string; expires_in_days: DirectoryLinkExpiry },
): Promise<DirectoryLinkWithAnalytics> {
  const now = deps.now();
  const link = await createDirectoryLink(
    deps.db,
    {
      id: newId(),
      link_name: input.link_name,
      access_token: randomBytes(TOKEN_BYTES).toString('base64url'),
      expires_at: new Date(now.getTime() + input.expires_in_days * DAY_MS).toISOString(),
      created_at: now.toISOString(),
      created_by: user.id,
      community_id: communityId,
    },
    randomBytes(TOKEN_BYTES).toString('base64url'),
  );
  return withAnalytics(deps, link);
}

/** Revokes a link at once. */
export async function removeLink(deps: DirectoryDeps, communityId: string, linkId: string): Promise<void> {
  if (!(await deleteDirectoryLink(deps.db, communityId, linkId))) throw fail.notFound(DIRECTORY_LINK_NOT_FOUND);
}

/**
 * Exactly the fields a public directory card shows (S3 §2): built field by field, so nothing else a
 * member has (e-mail first of all) can reach an anonymous visitor.
 */
export function publicCard(m: Member): PublicDirectoryMember {
  return {
    id: m.id,
    first_name: m.first_name,
    last_name: m.last_name,
    role: m.role,
    job_role: m.job_role,
    company: m.company,
    phone: m.phone,
    country_code: m.country_code,
    location: m.location,
    linkedin_profile_url: m.linkedin_profile_url,
  };
}

/** A visitor as counted: a digest of address and browser salted per link; the address is not kept. */
export function visitorDigest(salt: string, address: string, userAgent: string): string {
  return createHmac('sha256', salt).update(`${address}\n${userAgent}`, 'utf8').digest('base64url').slice(0, 32);
}

/**
 * The public directory (S3 §2, §5): a valid, unexpired token shows the community's approved
 * members; an unknown, expired or revoked one gets the same 404. Each load counts as a view.
 */
export async function publicDirectory(
  deps: DirectoryDeps,
  token: string,
  visitor: { address: string; userAgent: string },
): Promise<PublicDirectory> {
  const link = await findDirectoryLinkByToken(deps.db, token);
  const now = deps.now();
  if (!link || Date.parse(link.expires_at) <= now.getTime()) throw fail.notFound(DIRECTORY_LINK_INVALID);
  const community = await getCommunity(deps.db, link.community_id);
  if (!community) throw fail.notFound(DIRECTORY_LINK_INVALID);
  await recordDirectoryView(deps.db, link, visitorDigest(link.visitor_salt, visitor.address, visitor.userAgent), now);
  const { members } = await membersOf(deps, link.community_id);
  return {
    info: {
      communityId: community.id,
      communityName: communityDisplayName(community),
      linkName: link.link_name,
      expiresAt: link.expires_at,
    },
    members: members.filter((m) => m.approval_status === 'approved').map(publicCard),
  };
}
