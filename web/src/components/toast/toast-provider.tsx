import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@kehila/shared/constants';
import { ToastContext, type ToastApi, type ToastEntry, type ToastKind, type ToastOptions } from './toast-context';

// The toast region (Cloudscape's Flashbar) loads with the first toast: most first visits show none.
const ToastRegion = lazy(() => import('./toast-region').then((m) => ({ default: m.ToastRegion })));

/** Where toasts shown just before a full page load wait for the next page (session storage). */
const CARRIED_TOASTS_KEY = 'kehila:toasts';

/**
 * Holds the toasts and renders them; the newest 3 stay, older ones make room (S1 §9). With `carryOver`
 * (the prerendered /login, which leaves for the app by a full page load) the toasts still showing when
 * the page unloads are shown again by the next page's provider.
 */
export function ToastProvider({ children, carryOver = false }: { children: ReactNode; carryOver?: boolean }) {
  const [toasts, setToasts] = useState<readonly ToastEntry[]>([]);
  const counter = useRef(0);
  const current = useRef(toasts);
  current.current = toasts;

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

  useEffect(() => {
    const carried = readCarriedToasts();
    for (const toast of carried) show(toast.kind, toast.message);
  }, [show]);

  useEffect(() => {
    if (!carryOver) return;
    const keep = () => {
      const list = current.current.map(({ kind, message }) => ({ kind, message }));
      if (list.length > 0) window.sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(list));
    };
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [carryOver]);

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

/** The toasts the previous page carried over (read once, then removed). */
function readCarriedToasts(): { kind: ToastKind; message: string }[] {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(CARRIED_TOASTS_KEY);
    window.sessionStorage.removeItem(CARRIED_TOASTS_KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (t): t is { kind: ToastKind; message: string } =>
        typeof t === 'object' &&
        t !== null &&
        ['success', 'error', 'info'].includes((t as { kind?: unknown }).kind as string) &&
        typeof (t as { message?: unknown }).message === 'string',
    );
  } catch {
    return [];
  }
}
