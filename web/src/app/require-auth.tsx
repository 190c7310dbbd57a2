import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/use-auth';
import { LoadingScreen } from '../components/loading-screen';
import { paths } from '../navigation/paths';
import type { LoginLocationState } from '../navigation/redirect';

/**
 * The auth guard (S1 §4): waits while auth is unknown, sends signed-out users to /login remembering the
 * page they asked for (unless they just signed out themselves), and lets signed-in users through.
 */
export function RequireAuth() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'signedOut') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const loginState: LoginLocationState | undefined = state.explicit ? undefined : { from };
    return <Navigate to={paths.login} replace state={loginState} />;
  }
  return <Outlet />;
}
