/** Local-storage key marking that an admin skipped a community's setup screen (S1 §2 "Skip marks it complete"). */
export const setupSkippedKey = (communityId: string) => `kehila:setup-skipped:${communityId}`;

/** True when the admin skipped the setup screen of this community on this device. */
export function isSetupSkipped(communityId: string | null): boolean {
  if (!communityId) return false;
  try {
    return window.localStorage.getItem(setupSkippedKey(communityId)) === '1';
  } catch {
    return false;
  }
}

/** Marks the setup screen of a community as done for now. */
export function markSetupSkipped(communityId: string): void {
  try {
    window.localStorage.setItem(setupSkippedKey(communityId), '1');
  } catch {
    // storage unavailable: the skip lasts until the page reloads
  }
}
