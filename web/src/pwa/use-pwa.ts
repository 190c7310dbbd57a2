import { useSyncExternalStore } from 'react';
import { pwaState, subscribePwa, type PwaState } from './pwa-store';

/** The installable app's state (pwa-store.ts), re-rendering on change. */
export function usePwa(): PwaState {
  return useSyncExternalStore(subscribePwa, pwaState, pwaState);
}
