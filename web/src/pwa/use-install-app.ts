import { useCallback } from 'react';
import { useToast } from '../components/toast/use-toast';
import { promptInstall } from './pwa-store';
import { pwaText as T } from './pwa-text';

/** Install App (S3 §4): the browser's install dialog, then 'App installation started!' or the failure toast. */
export function useInstallApp(): () => Promise<void> {
  const toast = useToast();
  return useCallback(async () => {
    try {
      if ((await promptInstall()) === 'accepted') toast.success(T.installStarted);
    } catch {
      toast.error(T.installFailed);
    }
  }, [toast]);
}
