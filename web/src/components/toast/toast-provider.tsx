import { Suspense, lazy, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@kehila/shared/constants';
import { ToastContext, type ToastApi, type ToastEntry, type ToastKind, type ToastOptions } from './toast-context';

// The toast region (Cloudscape's Flashbar) loads with the first toast: most first visits show none.
const ToastRegion = lazy(() => import('./toast-region').then((m) => ({ default: m.ToastRegion })));

/** Holds the toasts and renders them; the newest 3 stay, older ones make room (S1 §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly ToastEntry[]>([]);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const show = useCallback((kind: ToastKind, message: string, options?: ToastOptions) => {
    const id = `toast-${++counter.current}`;
    const entry: ToastEntry = {
      id,
      kind,
      message,
      durationMs: options?.durationMs ?? TOAST_DURATION_MS,
      ...(options?.action ? { action: options.action } : {}),
    };
    setToasts((list) => [...list, entry].slice(-TOAST_LIMIT));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
      dismiss,
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
