import '@cloudscape-design/global-styles/index.css';
import '../../app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startPwa } from '../../pwa/pwa-store';
import { StandaloneLogin } from './standalone';

// The entry of the prerendered /login (login.html, docs/public-pages.md). The build painted the sign-in
// view; this hydrates it. An address asking for another first view (`?register=1`, a verification
// link, `?email=`) renders that view in place of the prerendered one.

// The installable app as in the app's own entry (docs/pwa.md): the install offer is kept for the card, and
// a production build registers the service worker after the page's load (a few hundred bytes here; the
// cards load only when one is due).
startPwa({ register: import.meta.env.PROD });

const root = document.getElementById('root');
if (!root) throw new Error('login.html has no #root element');
const params = new URLSearchParams(window.location.search);
params.delete('lang');
const app = (
  <StrictMode>
    <StandaloneLogin />
  </StrictMode>
);
// Hydrated as a transition: React then hydrates in short pieces, yielding to the browser between them,
// instead of one long task that a slow phone's main thread would be blocked by (TBT).
if (params.size === 0) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
