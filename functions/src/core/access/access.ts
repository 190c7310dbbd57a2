import { computeAccessState, trialWarning, type AccessState, type Profile, type TrialWarning } from '@kehila/shared';
import type { Deps } from '../deps';
import { getAllowlistEntry } from '../../data/allowlist';

/**
 * Trial and access state of a user (S1 §4): from the profile's subscription and trial fields and the
 * allow-list entry of their e-mail, at the server's time. Null without a profile.
 */
export async function accessOf(
  deps: Pick<Deps, 'db' | 'now'>,
  email: string,
  profile: Profile | null,
): Promise<{ access: AccessState | null; trialWarning: TrialWarning | null }> {
  if (!profile) return { access: null, trialWarning: null };
  const whitelist = email ? await getAllowlistEntry(deps.db, email) : null;
  const access = computeAccessState({ profile, whitelist, now: deps.now() });
  return { access, trialWarning: trialWarning(access) };
}
