import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@kehila/shared';
import { createApiClient } from '../../../web/src/api/client';
import { App } from '../../../web/src/app/app';
import { createAppRouter } from '../../../web/src/app/router';
import { getIdToken } from '../../../web/src/auth/session';
import { fakeApi } from './fake-api';

/** config.json as the local gateway serves it (no Google). */
export const localConfig: RuntimeConfig = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_5Aa1b2c3',
  userPoolClientId: 'local-client',
  userPoolEndpoint: '/cognito',
  authFlowType: 'USER_PASSWORD_AUTH',
  wsUrl: 'ws://localhost:5173/ws',
  apiUrl: '',
  botPhone: '+1 555 010 0000',
  supportEmail: 'support@kehila.local',
};

/** A JSON response, as `fetch` would resolve. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The profile `GET /api/me` answers with in app tests. */
export function meBody(username: string | null) {
  return {
    id: 'user-dana',
    email: 'dana@example.com',
    access:
      username === null
        ? null
        : {
            hasActiveSubscription: false,
            hasWhitelistAccess: false,
            isInTrial: true,
            isExpired: false,
            daysRemaining: 10,
            trialEndsAt: '2099-01-01T00:00:00.000Z',
            isBlocked: false,
          },
    trialWarning: null,
    profile:
      username === null
        ? null
        : {
            id: 'user-dana',
            username,
            group_id: null,
            subscription_status: null,
            subscription_plan: null,
            lemon_squeezy_customer_id: null,
            subscription_ends_at: null,
            trial_ends_at: null,
            phone_number: null,
            created_at: '2025-01-01T00:00:00.000Z',
            updated_at: '2025-01-01T00:00:00.000Z',
          },
  };
}

/**
 * Renders the whole app (real router, guards, providers and API client; Amplify is the test's mock) at
 * `path`. `fetch` answers the API; by default a fake API (helpers/fake-api.ts) where dana is the admin
 * of one connected community with complete information.
 */
export function renderApp(options: { path: string; config?: RuntimeConfig; fetch?: typeof fetch }) {
  const router = createAppRouter({ kind: 'memory', initialPath: options.path });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchFn = options.fetch ?? fakeApi().fetch;
  const callApi = createApiClient({ baseUrl: '', getIdToken, fetch: fetchFn });
  const user = userEvent.setup();
  const view = render(
    <App router={router} queryClient={queryClient} session={{ config: options.config ?? localConfig, callApi }} />,
  );
  return { ...view, router, user, queryClient };
}

/** The router's current path with query and hash. */
export function currentPath(router: ReturnType<typeof createAppRouter>): string {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}
