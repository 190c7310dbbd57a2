import {
  CONNECTION_SLOW_HINT_AFTER_CHECKS,
  CONNECTION_STUCK_HINT_AFTER_CHECKS,
  ONBOARDING_STEPS,
} from '../constants';
import { guardCompletenessScore, missingBasicFields, type CompletenessSource } from './completeness';

/** An onboarding step (S1 §2, §4). */
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Progress bar value in percent: step number divided by 3 (S1 §2). */
export function onboardingProgress(step: OnboardingStep): number {
  return ((ONBOARDING_STEPS.indexOf(step) + 1) / ONBOARDING_STEPS.length) * 100;
}

/** Which hint the connect step shows after a number of polling checks (S1 §4). */
export type ConnectionHint = 'none' | 'slow' | 'stuck';

/** 'slow' ('taking longer than expected') after more than 5 checks, 'stuck' ('still not connecting') after more than 15 (S1 §4). */
export function connectionHint(checks: number): ConnectionHint {
  if (checks > CONNECTION_STUCK_HINT_AFTER_CHECKS) return 'stuck';
  if (checks > CONNECTION_SLOW_HINT_AFTER_CHECKS) return 'slow';
  return 'none';
}

/** What the community-setup check knows about the user (S1 §4). */
export interface SetupCheckInput {
  hasPendingConnection: boolean;
  /** The active membership's community, or null with no active membership. */
  activeCommunity: { group_id: string | null } | null;
}

/**
 * Onboarding is needed with a pending connection, with neither an active membership nor a pending
 * connection, or with an active membership whose community has no group_id (S1 §4).
 */
export function needsOnboarding(input: SetupCheckInput): boolean {
  if (input.hasPendingConnection) return true;
  if (!input.activeCommunity) return true;
  return !input.activeCommunity.group_id;
}

/** Outcome of the metadata guard (S1 §4). */
export type MetadataGuardOutcome = 'pass' | 'setup' | 'banner';

/**
 * Metadata guard (S1 §4): non-admins and users with no active membership pass; admins with missing
 * basic fields get the full setup screen (unless they skipped it); admins below 100 get the banner.
 */
export function metadataGuard(input: {
  role: 'Admin' | 'Member' | null;
  community: CompletenessSource | null;
  setupSkipped?: boolean;
}): MetadataGuardOutcome {
  if (input.role !== 'Admin' || !input.community) return 'pass';
  if (missingBasicFields(input.community).length > 0 && !input.setupSkipped) return 'setup';
  return guardCompletenessScore(input.community) < 100 ? 'banner' : 'pass';
}

/**
 * After connecting a group from Settings or the add-community dialog, the flow goes to the metadata
 * step only when the server reports needs_metadata and the role is Admin (S1 §4, S2 §4).
 */
export function nextStepAfterConnect(result: { needs_metadata: boolean; user_role: 'Admin' | 'Member' | null }): 'metadata' | 'complete' {
  return result.needs_metadata && result.user_role === 'Admin' ? 'metadata' : 'complete';
}
