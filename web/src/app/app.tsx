import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/toast/toast-provider';
import type { AppRouter } from './router';
import { GivenSessionContext, type Session } from './session';

/** Everything the app is built from; main.tsx makes the real ones, tests their own. */
export interface AppProps {
  readonly router: AppRouter;
  readonly queryClient: QueryClient;
  /** Tests give their configuration and API client; the browser starts its own when a screen needs it. */
  readonly session?: Session;
}

/** The app: queries and toasts around the router; the session is provided by the routes that need it. */
export function App({ router, queryClient, session }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <GivenSessionContext.Provider value={session ?? null}>
          <RouterProvider router={router} />
        </GivenSessionContext.Provider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
