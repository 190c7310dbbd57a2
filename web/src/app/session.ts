import { createContext } from 'react';
import type { RuntimeConfig } from '@kehila/shared/api/runtime-config';
import type { CallApi } from '../api/client';

/**
 * What the screens that talk to the backend share: the runtime configuration and the API client. The
 * public pages (landing, pricing, legal, 404) need neither, so they never load what starts a session
 * (config.json validation, Amplify).
 */
export interface Session {
  readonly config: RuntimeConfig;
  readonly callApi: CallApi;
}

/** A session given from outside (tests); without one the browser's own is started on first need. */
export const GivenSessionContext = createContext<Session | null>(null);

/**
 * The session when an action needs it: at once under SessionLayout; on the prerendered /login it is
 * started by the first interaction (docs/public-pages.md), so the page paints without config.json,
 * Amplify or the API client.
 */
export const SessionReadyContext = createContext<(() => Promise<Session>) | null>(null);
