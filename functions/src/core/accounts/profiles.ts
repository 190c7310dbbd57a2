import { ACCOUNT_MESSAGES, type ConsentRecord, type Profile } from '@kehila/shared';
import { fail } from '../errors';
import type { Deps } from '../deps';
import { logger } from '../logger';
import {
  createProfile,
  deleteSignupConsent,
  getProfile,
  getSignupConsent,
  putConsent,
  putSignupConsent,
  type ConsentMetadata,
} from '../../data/profiles';
import { isAccountErased } from '../../data/account-data';
import { newProfile, providerOf, type UserAttributes } from './signup';

/** How long the consent of an unconfirmed sign-up is kept (confirmation codes can be re-sent meanwhile). */
export const SIGNUP_CONSENT_TTL_DAYS = 90;

/**
 * Records the consent of a sign-up form the PreSignUp trigger accepted: both boxes were checked
 * (the trigger refuses otherwise), at the time the sign-up reached the server. Kept by e-mail
 * until the account is confirmed, because the user id is not final before that.
 */
export async function recordSignupConsent(deps: Pick<Deps, 'db' | 'now'>, email: string): Promise<void> {
  const now = deps.now();
  const consent: ConsentMetadata = {
    provider: 'email',
    accepted_privacy_policy: true,
    accepted_email_communications: true,
    consent_timestamp: now.toISOString(),
  };
  const ttl = Math.floor(now.getTime() / 1000) + SIGNUP_CONSENT_TTL_DAYS * 86_400;
  await putSignupConsent(deps.db, email, consent, ttl);
}

/**
 * Creates the profile of a confirmed user once (S1 §3) and moves their sign-up consent onto them.
 * Safe to repeat: Cognito retries triggers, and /api/me repairs a missing profile the same way.
 */
export async function provisionProfile(
  deps: Pick<Deps, 'db' | 'now'>,
  input: { userId: string; attributes: UserAttributes; userName?: string },
): Promise<{ created: boolean; profile: Profile }> {
  const provider = providerOf(input.attributes, input.userName);
  const result = await createProfile(
    deps.db,
    newProfile({ userId: input.userId, attributes: input.attributes, provider, now: deps.now() }),
  );
  const email = input.attributes.email?.trim();
  if (provider === 'email' && email) {
    const kept = await getSignupConsent(deps.db, email, deps.now());
    if (kept) {
      await putConsent(deps.db, input.userId, kept, { onlyIfMissing: true });
      await deleteSignupConsent(deps.db, email);
    } else if (result.created) {
      logger.warn('no sign-up consent recorded for a confirmed e-mail user', { userId: input.userId });
    }
  }
  if (result.created) logger.info('profile created', { userId: input.userId, provider });
  return result;
}

/**
 * The signed-in user's profile, created from their verified token claims when it is missing (a
 * failed or skipped post-confirmation trigger must not leave an account without a profile). Not for
 * an account its user deleted: a token issued before the deletion answers 401 (signed out).
 */
export async function ensureProfile(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  claims: UserAttributes,
): Promise<Profile> {
  const existing = await getProfile(deps.db, userId);
  if (existing) return existing;
  if (await isAccountErased(deps.db, userId)) throw fail.unauthorized(ACCOUNT_MESSAGES.accountDeleted);
  const { profile } = await provisionProfile(deps, { userId, attributes: claims });
  return profile;
}

/**
 * Stores the consent the user gave in the Google terms dialog (S1 §2, §5): both boxes must be
 * checked, with the dialog's messages. The dialog's timestamp is kept when it is a valid time not
 * in the future; otherwise the server's time is used.
 */
export async function recordConsent(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  provider: ConsentMetadata['provider'],
  record: ConsentRecord,
): Promise<ConsentMetadata> {
  if (!record.acceptedPrivacyPolicy) throw fail.badRequest(ACCOUNT_MESSAGES.privacyRequired);
  if (!record.acceptedEmailCommunications) throw fail.badRequest(ACCOUNT_MESSAGES.communicationsRequired);
  const now = deps.now();
  const given = Date.parse(record.consentTimestamp);
  const at = Number.isNaN(given) || given > now.getTime() ? now : new Date(given);
  const consent: ConsentMetadata = {
    provider,
    accepted_privacy_policy: true,
    accepted_email_communications: true,
    consent_timestamp: at.toISOString(),
  };
  await putConsent(deps.db, userId, consent);
  return consent;
}
