import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { updateProfile } from '../../data/profiles';
import { fail } from '../../core/errors';
import { accessOf } from '../../core/access/access';
import { ensureProfile, recordConsent } from '../../core/accounts/profiles';
import { attributesFromClaims, providerOf } from '../../core/accounts/signup';
import type { Wiring } from '../../wiring/deps';

/** The accounts area uses only the table. */
export const wiring: Wiring = {};

const me = implement(routes.me, async ({ user, deps, event }) => {
  const profile = await ensureProfile(
    deps,
    user.id,
    attributesFromClaims(event.requestContext.authorizer?.jwt?.claims),
  );
  const { access, trialWarning } = await accessOf(deps, user.email, profile);
  return { id: user.id, email: user.email, profile, access, trialWarning };
});

const updateMyProfile = implement(routes.updateProfile, async ({ user, body, deps }) => {
  const profile = await updateProfile(deps.db, user.id, { username: body.username });
  if (!profile) throw fail.notFound('Failed to load your profile');
  return profile;
});

const recordMyConsent = implement(routes.recordConsent, async ({ user, body, deps, event }) => {
  const provider = providerOf(attributesFromClaims(event.requestContext.authorizer?.jwt?.claims));
  return recordConsent(deps, user.id, provider, body);
});

/** Lambda handler of the accounts area. */
export const handler = createAreaHandler([me, updateMyProfile, recordMyConsent], wiring);
