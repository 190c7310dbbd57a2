import { createContext } from 'react';
import type { RuntimeConfig } from '@kehila/shared';

/** The validated config.json, provided once at start-up. */
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);
