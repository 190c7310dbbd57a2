import { useEffect, useRef, useState } from 'react';
import { connectionHint, WHATSAPP_POLL_INTERVAL_MS, type ConnectionHint, type OnboardingState } from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

/** True once the bot connected the group: the connection says so, or the community has its group. */
export function isConnected(state: OnboardingState | null | undefined): boolean {
  return Boolean(state && (state.connection?.status === 'connected' || state.community.group_id));
}

/**
 * Polls the pending connection every 3 s (S1 §4) while `enabled`, counting the checks for the hints
 * (more than 5: taking longer than expected; more than 15: still not connecting). Calls `onConnected`
 * once with the state that shows the group connected, and `onChecked` with every state read (the
 * connection may have failed meanwhile). A failed check counts and polling goes on.
 */
export function useConnectionPolling(
  enabled: boolean,
  onConnected: (state: OnboardingState) => void,
  onChecked?: (state: OnboardingState) => void,
): { checks: number; hint: ConnectionHint } {
  const callApi = useCallApi();
  const [checks, setChecks] = useState(0);
  const latest = useRef({ onConnected, onChecked });
  useEffect(() => {
    latest.current = { onConnected, onChecked };
  }, [onConnected, onChecked]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      let state: OnboardingState | null = null;
      try {
        state = await callApi(routes.getOnboarding);
      } catch {
        // S1 §8: an error reading the pending connection is logged and the flow goes on
      }
      if (stopped) return;
      setChecks((n) => n + 1);
      if (state) latest.current.onChecked?.(state);
      if (state && isConnected(state)) {
        latest.current.onConnected(state);
        return;
      }
      timer = setTimeout(() => void check(), WHATSAPP_POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void check(), WHATSAPP_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, callApi]);

  return { checks, hint: connectionHint(checks) };
}
