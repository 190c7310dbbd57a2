import { useContext } from 'react';
import type { RuntimeConfig } from '@kehila/shared';
import { RuntimeConfigContext } from './runtime-config-context';

/** The runtime configuration the app started with. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig outside RuntimeConfigContext');
  return config;
}
