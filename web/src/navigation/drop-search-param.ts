import type { Location, NavigateFunction } from 'react-router-dom';

/** Replaces the current address with the same one minus a query parameter (a one-time link's `payment`, `plan`). */
export function dropSearchParam(navigate: NavigateFunction, location: Location, name: string): void {
  const search = new URLSearchParams(location.search);
  search.delete(name);
  const rest = search.toString();
  void navigate(
    { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
    { replace: true, state: location.state },
  );
}
