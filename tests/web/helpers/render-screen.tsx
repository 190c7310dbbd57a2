import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { ApiClientContext } from '../../../web/src/api/api-client-context';
import { createApiClient } from '../../../web/src/api/client';
import { AuthContext, type AuthContextValue } from '../../../web/src/auth/auth-context';
import { getIdToken } from '../../../web/src/auth/session';
import { CurrentCommunityProvider } from '../../../web/src/communities/current-community';
import { ToastProvider } from '../../../web/src/components/toast/toast-provider';
import { RuntimeConfigContext } from '../../../web/src/config/runtime-config-context';
import { localConfig } from './render-app';
import { setViewportWidth } from './viewport';

const signedIn: AuthContextValue = {
  state: { status: 'signedIn', user: { userId: 'user-dana', username: 'user-dana', email: 'dana@example.com' } },
  refresh: async () => signedIn.state,
  signOut: async () => undefined,
};

/**
 * Renders one screen's routes at `path` with the real providers a signed-in screen needs (config,
 * queries, toasts, Dana signed in, the contract client over `fetch`, the current community) and a
 * memory router, at a viewport `width` (1280 unless given).
 */
export function renderScreen(options: { routes: RouteObject[]; path: string; fetch: typeof fetch; width?: number }) {
  setViewportWidth(options.width ?? 1280);
  const router = createMemoryRouter(options.routes, { initialEntries: [options.path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const callApi = createApiClient({ baseUrl: '', getIdToken, fetch: options.fetch });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <RuntimeConfigContext.Provider value={localConfig}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthContext.Provider value={signedIn}>
            <ApiClientContext.Provider value={callApi}>
              <CurrentCommunityProvider>
                <RouterProvider router={router} />
              </CurrentCommunityProvider>
            </ApiClientContext.Provider>
          </AuthContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </RuntimeConfigContext.Provider>,
  );
  return { ...view, router, user, queryClient };
}
