import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@kehila/shared';
import { RouterProvider } from 'react-router-dom';
import { ApiClientContext } from '../api/api-client-context';
import type { CallApi } from '../api/client';
import { AuthProvider } from '../auth/auth-provider';
import { ToastProvider } from '../components/toast/toast-provider';
import { RuntimeConfigContext } from '../config/runtime-config-context';
import type { AppRouter } from './router';

/** Everything the app is built from; main.tsx makes the real ones, tests their own. */
export interface AppProps {
  readonly config: RuntimeConfig;
  readonly router: AppRouter;
  readonly queryClient: QueryClient;
  readonly callApi: CallApi;
}

/** The app: configuration, queries, toasts, auth and the API client around the router. */
export function App({ config, router, queryClient, callApi }: AppProps) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>
            <ApiClientContext.Provider value={callApi}>
              <RouterProvider router={router} />
            </ApiClientContext.Provider>
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </RuntimeConfigContext.Provider>
  );
}
