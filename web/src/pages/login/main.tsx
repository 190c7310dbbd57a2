import '@cloudscape-design/global-styles/index.css';
import '../../app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { StandaloneLogin } from './standalone';

// The entry of the prerendered /login (login.html, docs/public-pages.md). The build painted the sign-in
// view; this hydrates it. An address asking for another first view (`?register=1`, a verification
// link, `?email=`) renders that view in place of the prerendered one.

const root = document.getElementById('root');
if (!root) throw new Error('login.html has no #root element');
const params = new URLSearchParams(window.location.search);
params.delete('lang');
const app = (
  <StrictMode>
    <BrowserRouter>
      <StandaloneLogin />
    </BrowserRouter>
  </StrictMode>
);
if (params.size === 0) hydrateRoot(root, app);
else createRoot(root).render(app);
