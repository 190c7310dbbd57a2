import '@cloudscape-design/global-styles/index.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { startPwa } from './pwa/pwa-store';

// The first bundle holds React, the router, the query client and the route table only: configuration,
// Amplify and zod arrive with the first screen that talks to the backend (app/session-layout.tsx), and
// every screen is its own chunk.

// Before anything renders: the browser's install offer can arrive as soon as the page loads.
startPwa({ register: import.meta.env.PROD });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter({ kind: 'browser' })} queryClient={createQueryClient()} />
  </StrictMode>,
);
