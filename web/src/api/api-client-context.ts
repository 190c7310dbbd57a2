import { createContext } from 'react';
import type { CallApi } from './client';

/** The app's one API client, provided at start-up (tests provide their own). */
export const ApiClientContext = createContext<CallApi | null>(null);
