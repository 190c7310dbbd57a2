import { use, useContext, useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiClientContext } from '../api/api-client-context';
import { AuthProvider } from '../auth/auth-provider';
import { withPaywall } from '../billing/payment-required';
import { ConfigErrorPage } from '../config/config-error-page';
import { RuntimeConfigContext } from '../config/runtime-config-context';
import { startBrowserSession, type SessionStart } from './browser-session';
import { GivenSessionContext, SessionReadyContext } from './session';

/**
 * The layout of every screen that talks to the backend (sign-in, invites, the signed-in app): it waits
 * for the session (suspending into the root's loading state), then provides the configuration, the
 * auth state and the API client (which switches to the paywall on any 402); a configuration that cannot
 * be read shows the start-up failure page.
 */
export default function SessionLayout() {
  const given = useContext(GivenSessionContext);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start: SessionStart = given ? { ok: true, session: given } : use(startBrowserSession({ navigate }));
  const session = start.ok ? start.session : null;
  const callApi = useMemo(() => (session ? withPaywall(session.callApi, queryClient) : null), [session, queryClient]);
  const ready = useMemo(
    () => (session && callApi ? () => Promise.resolve({ config: session.config, callApi }) : null),
    [session, callApi],
  );
  if (!start.ok) return <ConfigErrorPage error={start.error} />;
  return (
    <RuntimeConfigContext.Provider value={start.session.config}>
      <SessionReadyContext.Provider value={ready}>
        <AuthProvider>
          <ApiClientContext.Provider value={callApi}>
            <Outlet />
          </ApiClientContext.Provider>
        </AuthProvider>
      </SessionReadyContext.Provider>
    </RuntimeConfigContext.Provider>
  );
}
