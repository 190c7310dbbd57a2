import '@cloudscape-design/global-styles/index.css';
import './app/global.css';
// Completes the Google (hosted UI) callback when Amplify is configured on the page it returns to.
import 'aws-amplify/auth/enable-oauth-listener';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Amplify } from 'aws-amplify';
import { createApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/app';
import { followRedirectAfterOAuth } from './app/follow-redirect-after-oauth';
import { createAppRouter } from './app/router';
import { getIdToken } from './auth/session';
import { LoadingScreen } from './components/loading-screen';
import { toAmplifyConfig } from './config/amplify-config';
import { ConfigErrorPage } from './config/config-error-page';
import { loadRuntimeConfig } from './config/load-runtime-config';

// Modules on the start-up path import subpaths of @kehila/shared (constants, api/contract,
// api/runtime-config, rules/errors) rather than its index, so the first bundle does not carry every
// schema of the API; lazily loaded screens may use the index.

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  root.render(<LoadingScreen />);

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    root.render(<ConfigErrorPage error={error} />);
    return;
  }

  const router = createAppRouter({ kind: 'browser' });
  // Before configure: configuring is what starts completing a Google callback, which announces itself once.
  followRedirectAfterOAuth(router);
  Amplify.configure(toAmplifyConfig(config, window.location.origin));

  root.render(
    <StrictMode>
      <App
        config={config}
        router={router}
        queryClient={createQueryClient()}
        callApi={createApiClient({ baseUrl: config.apiUrl, getIdToken })}
      />
    </StrictMode>,
  );
}

void start();
