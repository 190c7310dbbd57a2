import type { AuthLevel } from '@kehila/shared';
import { fail } from './errors';
import type { Deps } from './deps';
import { getMember } from '../data/memberships';
import { getCommunity } from '../data/communities';

/** The signed-in caller, from the verified JWT's claims. */
export interface AuthUser {
  readonly id: string;
  readonly email: string;
}

/** The caller's standing in the community named by the route's `communityId` parameter. */
export interface Access {
  readonly communityId: string;
  readonly role: 'Admin' | 'Member';
  readonly isOwner: boolean;
}

const NEEDS_COMMUNITY: ReadonlySet<AuthLevel> = new Set(['member', 'admin', 'owner']);

/**
 * Enforces a route's auth level: the one place authorization is decided. A community the caller
 * does not belong to answers 404, so its existence is not revealed; a weaker role answers 403.
 */
export async function authorize(
  level: AuthLevel,
  user: AuthUser | null,
  params: Record<string, string> | undefined,
  deps: Pick<Deps, 'db'>,
  refusal?: string,
): Promise<Access | null> {
  if (level === 'public' || level === 'webhook') return null;
  if (!user) throw fail.unauthorized();
  if (!NEEDS_COMMUNITY.has(level)) return null;

  const communityId = params?.communityId;
  if (!communityId) throw new Error(`route with auth ${level} has no communityId parameter`);
  const member = await getMember(deps.db, communityId, user.id);
  if (!member || member.status !== 'active' || member.approval_status !== 'approved') {
    throw fail.notFound('Community not found');
  }
  const role = member.role;
  let isOwner = false;
  if (level === 'owner' || role === 'Admin') {
    const community = await getCommunity(deps.db, communityId);
    isOwner = community?.owner_id === user.id;
  }
  if (level === 'admin' && role !== 'Admin') {
    throw fail.forbidden(refusal ?? "You don't have admin access to this community");
  }
  if (level === 'owner' && !isOwner) {
    throw fail.forbidden('Theme changes are managed by the workspace owner');
  }
  return { communityId, role, isOwner };
}
