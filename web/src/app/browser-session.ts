import { Amplify } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { createApiClient } from '../api/client';
import { getIdToken } from '../auth/session';
import { toAmplifyConfig } from '../config/amplify-config';
import { loadRuntimeConfig } from '../config/load-runtime-config';
import { isOAuthCallback } from '../navigation/redirect';
import { followRedirectAfterOAuth, type Navigator } from './follow-redirect-after-oauth';
import type { Session } from './session';

/** The browser's session, or why it could not start (config.json unreachable or invalid). */
export type SessionStart =
  { readonly ok: true; readonly session: Session } | { readonly ok: false; readonly error: unknown };

let started: Promise<SessionStart> | undefined;

/**
 * Starts the browser's session once: reads /config.json, configures Amplify (which completes a Google
 * callback when the page is one) and builds the API client. Later calls share the first start.
 */
export function startBrowserSession(navigator: Navigator): Promise<SessionStart> {
  started ??= (async (): Promise<SessionStart> => {
    try {
      const config = await loadRuntimeConfig();
      // Only the page the Google (hosted UI) round trip returns to needs Amplify's OAuth listener, which
      // completes the callback when Amplify is configured.
      if (isOAuthCallback(`${window.location.pathname}${window.location.search}`)) {
        await import('aws-amplify/auth/enable-oauth-listener');
      }
      // Before configure: configuring is what starts completing a Google callback, which announces itself once.
      followRedirectAfterOAuth(navigator);
      // The core library's configure with the user-pool token provider: what `aws-amplify`'s own configure
      // wires, minus the identity-pool credentials provider this app has no use for.
      const amplifyConfig = toAmplifyConfig(config, window.location.origin);
      cognitoUserPoolsTokenProvider.setAuthConfig(amplifyConfig.Auth);
      Amplify.configure(amplifyConfig, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
      return { ok: true, session: { config, callApi: createApiClient({ baseUrl: config.apiUrl, getIdToken }) } };
    } catch (error) {
      console.error(error);
      return { ok: false, error };
    }
  })();
  return started;
}
