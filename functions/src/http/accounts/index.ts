import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { updateProfile } from '../../data/profiles';
import { fail } from '../../core/errors';
import { accessOf } from '../../core/access/access';
import { ensureProfile, recordConsent } from '../../core/accounts/profiles';
import { resetPasswordWithCode, signUpWithEmail } from '../../core/accounts/registration';
import { attributesFromClaims, providerOf } from '../../core/accounts/signup';
import { readDataJob } from '../../core/rights/jobs';
import { startAccountDeletion, startAccountExport } from '../../core/rights/account';
import type { HttpEvent } from '../route-handler';
import { cognitoUserPool } from '../../wiring/cloud/identity';
import { secretsManager } from '../../wiring/cloud/secrets';
import { sqsQueues } from '../../wiring/cloud/queues';
import { s3Storage } from '../../wiring/cloud/storage';
import type { Wiring } from '../../wiring/deps';

/**
 * Sign-up and reset call the user pool as the web client; sign-up signs its ticket with a secret key;
 * a user's own export or deletion is queued for the rights worker.
 */
export const wiring: Wiring = {
  identity: cognitoUserPool,
  secrets: secretsManager,
  storage: s3Storage,
  queues: sqsQueues,
};

/** The caller's user name in the user pool (`cognito:username`: a federated user's differs from their id). */
function userNameOf(event: HttpEvent, userId: string): string {
  const name = event.requestContext.authorizer?.jwt?.claims['cognito:username'];
  return typeof name === 'string' && name ? name : userId;
}

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

const dataJob = implement(routes.getDataJob, async ({ params, user, deps }) => readDataJob(deps, user, params.jobId));

const accountExport = implement(routes.startAccountExport, async ({ user, deps, event }) =>
  startAccountExport(deps, user, userNameOf(event, user.id)),
);

const accountDeletion = implement(routes.startAccountDeletion, async ({ user, body, deps, event }) =>
  startAccountDeletion(deps, user, userNameOf(event, user.id), body.confirm_email),
);

/** Lambda handler of the accounts area. */
export const handler = createAreaHandler(
  [me, updateMyProfile, recordMyConsent, signUp, resetPassword, dataJob, accountExport, accountDeletion],
  wiring,
);
