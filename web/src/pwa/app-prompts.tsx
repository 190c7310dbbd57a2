import { lazy, Suspense, useEffect, useRef } from 'react';
import { useToast } from '../components/toast/use-toast';
import { pwaText as T } from './pwa-text';
import { usePwa } from './use-pwa';

// The cards (and Cloudscape's Container) load only when one is due: most visits show neither.
const PromptCards = lazy(() => import('./prompt-cards'));

/** The install and update prompts of every screen (S3 §4), and the toast when the app got installed. */
export function AppPrompts() {
  const { installCardDue, standalone, updateWaiting, installed } = usePwa();
  const toast = useToast();
  const announced = useRef(false);
  useEffect(() => {
    if (installed && !announced.current) {
      announced.current = true;
      toast.success(T.installed);
    }
  }, [installed, toast]);
  const install = installCardDue && !standalone && !installed;
  if (!install && !updateWaiting) return null;
  return (
    <Suspense fallback={null}>
      <PromptCards install={install} update={updateWaiting} />
    </Suspense>
  );
}
