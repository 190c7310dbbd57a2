import { GOOGLE_CALLBACK_MAX_ATTEMPTS, googleCallbackDelayMs } from '@kehila/shared';
import { routes } from '../api/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { CallApi } from '../api/client';
import { meQueryKey } from '../auth/me-query-key';
import { myCommunitiesQueryKey } from '../communities/current-community';
import { readGoogleConsent } from '../auth/google-consent';

/** S1 §8 "Google" texts of the callback. The new-user welcome is ours (the spec names only "a welcome toast"). */
export const googleCallbackText = {
  welcomeBack: 'Welcome back!',
  welcomeNew: "Welcome to Kehila! Let's connect your community.",
  setupFailed: 'Failed to complete account setup. Please try again.',
} as const;

/** The callback's verdict: an existing user (they have a community) or a new one. */
export type GoogleCallbackResult = { readonly ok: true; readonly isNew: boolean } | { readonly ok: false };

/** What the callback needs; `sleep` is injected so tests can run the waits on fake timers. */
export interface GoogleCallbackDeps {
  readonly callApi: CallApi;
  readonly queryClient: QueryClient;
  readonly userId: string;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The Google sign-in callback (S1 §4): up to 3 attempts, waiting 2 s then 4 s, each reading the
 * profile (the server creates the basic profile of a new Google user), recording the consent of the
 * terms dialog, and reading the user's communities. A user without any community is new (onboarding);
 * anyone else is an existing user (dashboard). The answers land in the query cache for the guards.
 */
export async function runGoogleCallback(deps: GoogleCallbackDeps): Promise<GoogleCallbackResult> {
  const sleep = deps.sleep ?? defaultSleep;
  for (let attempt = 1; attempt <= GOOGLE_CALLBACK_MAX_ATTEMPTS; attempt++) {
    try {
      const me = await deps.queryClient.fetchQuery({
        queryKey: meQueryKey(deps.userId),
        queryFn: ({ signal }) => deps.callApi(routes.me, { signal }),
        staleTime: 0,
      });
      if (!me.profile) throw new Error('No profile yet');
      const consent = readGoogleConsent();
      if (consent) await deps.callApi(routes.recordConsent, { body: consent });
      const { communities } = await deps.queryClient.fetchQuery({
        queryKey: myCommunitiesQueryKey(deps.userId),
        queryFn: ({ signal }) => deps.callApi(routes.listMyCommunities, { signal }),
        staleTime: 0,
      });
      return { ok: true, isNew: communities.length === 0 };
    } catch {
      const wait = googleCallbackDelayMs(attempt);
      if (wait === null) break;
      await sleep(wait);
    }
  }
  return { ok: false };
}
