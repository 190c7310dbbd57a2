import { useCallback, useState } from 'react';
import type { TrialWarning } from '@kehila/shared';
import { useMe } from '../auth/use-me';

/** Session-storage key remembering that the banner was dismissed (S1 §2: for the session). */
export const TRIAL_BANNER_DISMISSED_KEY = 'kehila:trial-banner-dismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(TRIAL_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The banner's state: the server's warning unless dismissed this session. */
export function useTrialBanner(): { warning: TrialWarning | null; dismiss: () => void } {
  const me = useMe();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const dismiss = useCallback(() => {
    try {
      window.sessionStorage.setItem(TRIAL_BANNER_DISMISSED_KEY, '1');
    } catch {
      // without storage the banner stays dismissed until the page reloads
    }
    setDismissed(true);
  }, []);
  return { warning: dismissed ? null : (me.data?.trialWarning ?? null), dismiss };
}
