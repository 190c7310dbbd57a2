import { use, useContext } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { ApiClientContext } from '../api/api-client-context';
import { AuthProvider } from '../auth/auth-provider';
import { ConfigErrorPage } from '../config/config-error-page';
import { RuntimeConfigContext } from '../config/runtime-config-context';
import { startBrowserSession, type SessionStart } from './browser-session';
import { GivenSessionContext } from './session';

/**
 * The layout of every screen that talks to the backend (sign-in, invites, the signed-in app): it waits
 * for the session (suspending into the root's loading state), then provides the configuration, the
 * auth state and the API client; a configuration that cannot be read shows the start-up failure page.
 */
export default function SessionLayout() {
  const given = useContext(GivenSessionContext);
  const navigate = useNavigate();
  const start: SessionStart = given ? { ok: true, session: given } : use(startBrowserSession({ navigate }));
  if (!start.ok) return <ConfigErrorPage error={start.error} />;
  return (
    <RuntimeConfigContext.Provider value={start.session.config}>
      <AuthProvider>
        <ApiClientContext.Provider value={start.session.callApi}>
          <Outlet />
        </ApiClientContext.Provider>
      </AuthProvider>
    </RuntimeConfigContext.Provider>
  );
}
