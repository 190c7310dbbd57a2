import { computeAccessState, routes, trialWarning } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { getProfile, updateProfile } from '../../data/profiles';
import { getAllowlistEntry } from '../../data/allowlist';
import { fail } from '../../core/errors';

const me = implement(routes.me, async ({ user, deps }) => {
  const [profile, whitelist] = await Promise.all([
    getProfile(deps.db, user.id),
    getAllowlistEntry(deps.db, user.email),
  ]);
  const access = profile ? computeAccessState({ profile, whitelist, now: deps.now() }) : null;
  return { id: user.id, email: user.email, profile, access, trialWarning: access ? trialWarning(access) : null };
});

const updateMyProfile = implement(routes.updateProfile, async ({ user, body, deps }) => {
  const profile = await updateProfile(deps.db, user.id, { username: body.username });
  if (!profile) throw fail.notFound('Failed to load your profile');
  return profile;
});

/** Lambda handler of the accounts area. */
export const handler = createAreaHandler([me, updateMyProfile]);
