import { useContext } from 'react';
import { SessionReadyContext, type Session } from './session';

/** Resolves with the session (configuration, API client, Amplify configured) once it has started. */
export function useSessionReady(): () => Promise<Session> {
  const ready = useContext(SessionReadyContext);
  if (!ready) throw new Error('useSessionReady outside SessionLayout or the prerendered /login');
  return ready;
}
