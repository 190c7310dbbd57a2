import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { updateProfile } from '../../data/profiles';
import { fail } from '../../core/errors';
import { accessOf } from '../../core/access/access';
import { ensureProfile, recordConsent } from '../../core/accounts/profiles';
import { resetPasswordWithCode, signUpWithEmail } from '../../core/accounts/registration';
import { attributesFromClaims, providerOf } from '../../core/accounts/signup';
import { readDataJob } from '../../core/rights/jobs';
import { cognitoUserPool } from '../../wiring/cloud/identity';
import { secretsManager } from '../../wiring/cloud/secrets';
import { s3Storage } from '../../wiring/cloud/storage';
import type { Wiring } from '../../wiring/deps';

/** Sign-up and reset call the user pool as the web client; sign-up signs its ticket with a secret key. */
export const wiring: Wiring = { identity: cognitoUserPool, secrets: secretsManager, storage: s3Storage };

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

const signUp = implement(routes.signUp, async ({ body, deps }) => signUpWithEmail(deps, body));

const resetPassword = implement(routes.resetPassword, async ({ body, deps }) => {
  await resetPasswordWithCode(deps, body);
  return { updated: true as const };
});

/** Lambda handler of the accounts area. */
const dataJob = implement(routes.getDataJob, async ({ params, user, deps }) => readDataJob(deps, user, params.jobId));

export const handler = createAreaHandler([me, updateMyProfile, recordMyConsent, signUp, resetPassword, dataJob], wiring);
