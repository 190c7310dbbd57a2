import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LoginNavContext, type LoginNav } from './login-nav';

/** /login inside the app: the router's address and navigation. */
export function RouterLoginNav({ children }: { children: ReactNode }) {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<LoginNav>(
    () => ({ address: { pathname, search, state }, navigate: (to, options) => navigate(to, options), Link }),
    [pathname, search, state, navigate],
  );
  return <LoginNavContext.Provider value={nav}>{children}</LoginNavContext.Provider>;
}
