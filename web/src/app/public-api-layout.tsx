import { use, useContext, useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { ApiClientContext } from '../api/api-client-context';
import { createApiClient, type CallApi } from '../api/client';
import { ConfigErrorPage } from '../config/config-error-page';
import { loadRuntimeConfig } from '../config/load-runtime-config';
import type { RuntimeConfig } from '@kehila/shared/api/runtime-config';
import { GivenSessionContext } from './session';

type Loaded = { ok: true; config: RuntimeConfig } | { ok: false; error: unknown };

let loading: Promise<Loaded> | null = null;

/** The runtime configuration, fetched once per page load. */
function loadOnce(): Promise<Loaded> {
  loading ??= loadRuntimeConfig().then(
    (config): Loaded => ({ ok: true, config }),
    (error: unknown): Loaded => ({ ok: false, error }),
  );
  return loading;
}

/**
 * The layout of the public pages that call the API without a user (invite registration, the public
 * directory): the runtime configuration and an anonymous API client, without Amplify or the session,
 * so a visitor's first load stays light. Tests give their own configuration and client.
 */
export default function PublicApiLayout() {
  const given = useContext(GivenSessionContext);
  if (given) return <WithClient callApi={given.callApi} />;
  return <Anonymous />;
}

function Anonymous() {
  const loaded = use(loadOnce());
  const callApi = useMemo(
    () =>
      loaded.ok ? createApiClient({ baseUrl: loaded.config.apiUrl, getIdToken: () => Promise.resolve(null) }) : null,
    [loaded],
  );
  if (!loaded.ok) return <ConfigErrorPage error={loaded.error} />;
  return <WithClient callApi={callApi} />;
}

function WithClient({ callApi }: { callApi: CallApi | null }) {
  return (
    <ApiClientContext.Provider value={callApi}>
      <Outlet />
    </ApiClientContext.Provider>
  );
}
