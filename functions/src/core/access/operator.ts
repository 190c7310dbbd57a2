import { BASIC_EMAIL_PATTERN, type AccessWhitelist, type Profile } from '@kehila/shared';
import type { Db } from '../../data/db';
import { deleteAllowlistEntry, getAllowlistEntry, listAllowlist, putAllowlistEntry } from '../../data/allowlist';
import { getProfileByEmail, updateProfile } from '../../data/profiles';

/** An operator command that cannot be carried out; the message says why. */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

function email(value: string): string {
  const e = value.trim().toLowerCase();
  if (!BASIC_EMAIL_PATTERN.test(e)) throw new OperatorError(`"${value}" is not an e-mail address`);
  return e;
}

/** An ISO timestamp from operator input, or an error naming the expected form. */
export function parseInstant(value: string, what: string): string {
  const t = Date.parse(value);
  if (Number.isNaN(t))
    throw new OperatorError(`${what} must be a date or time such as 2026-12-31 or 2026-12-31T23:59:00Z`);
  return new Date(t).toISOString();
}

/** Grants access to an e-mail without a subscription (S1 §4 allow-list), optionally until a time. */
export async function allowlistAdd(db: Db, rawEmail: string, expiresAt: string | null): Promise<AccessWhitelist> {
  return putAllowlistEntry(db, { email: email(rawEmail), is_active: true, expires_at: expiresAt });
}

/** Removes an e-mail's allow-list entry; false when there was none. */
export async function allowlistRemove(db: Db, rawEmail: string): Promise<boolean> {
  const e = email(rawEmail);
  const existing = await getAllowlistEntry(db, e);
  if (!existing) return false;
  await deleteAllowlistEntry(db, e);
  return true;
}

/** Every allow-list entry. */
export async function allowlistList(db: Db): Promise<AccessWhitelist[]> {
  return listAllowlist(db);
}

/**
 * Moves the end of a user's free trial (tests and demos: a past time expires the trial). Only the
 * trial date changes; a subscription or an allow-list entry still grants access, as S1 §4 says.
 */
export async function setTrialEnd(db: Db, rawEmail: string, endsAt: string): Promise<Profile> {
  const e = email(rawEmail);
  const profile = await getProfileByEmail(db, e);
  if (!profile) throw new OperatorError(`no profile with the e-mail ${e} (has the account been confirmed?)`);
  const updated = await updateProfile(db, profile.id, { trial_ends_at: endsAt });
  if (!updated) throw new OperatorError(`the profile of ${e} disappeared while updating it`);
  return updated;
}
