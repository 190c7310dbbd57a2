import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A one-time query parameter (a checkout's `payment`, the Free card's `plan`): once per address,
 * `handle` gets its value and the path and says whether it was meant for this screen; if so, the
 * parameter is removed from the address. Nothing runs while `ready` is false (what `handle` reads has
 * not arrived yet). Effects may run twice for one address (StrictMode); `handle` runs once.
 */
export function useOneTimeParam(name: string, handle: (value: string, pathname: string) => boolean, ready = true): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const value = search.get(name);
    if (value === null || !ready || handled.current === location.key) return;
    if (!handle(value, location.pathname)) return;
    handled.current = location.key;
    search.delete(name);
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate, name, handle, ready]);
}
