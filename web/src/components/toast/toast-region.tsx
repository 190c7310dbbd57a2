import { useEffect } from 'react';
import Flashbar from '@cloudscape-design/components/flashbar';
import { TOAST_GAP_PX } from '@kehila/shared/constants';
import type { ToastEntry } from './toast-context';
import styles from './toast.module.css';

function ToastItem({ toast, onDismiss }: { toast: ToastEntry; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);

  return (
    <div className={styles.toast} data-testid="toast" data-kind={toast.kind}>
      <Flashbar
        items={[
          {
            id: toast.id,
            type: toast.kind,
            // Messages may carry Hebrew (names, server texts); let the browser pick the direction.
            content: <span dir="auto">{toast.message}</span>,
            ...(toast.action
              ? {
                  buttonText: toast.action.text,
                  onButtonClick: () => {
                    toast.action?.onFollow();
                    onDismiss(toast.id);
                  },
                }
              : {}),
            dismissible: true,
            dismissLabel: 'Dismiss',
            onDismiss: () => onDismiss(toast.id),
            ariaRole: toast.kind === 'error' ? 'alert' : 'status',
          },
        ]}
      />
    </div>
  );
}

/** The fixed stack the toasts appear in, 14 px apart (S1 §9). */
export function ToastRegion({ toasts, onDismiss }: { toasts: readonly ToastEntry[]; onDismiss: (id: string) => void }) {
  if (toasts.length === 0) return null;
  return (
    <div className={styles.region} style={{ gap: `${TOAST_GAP_PX}px` }} aria-label="Notifications" role="region">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
