import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** The app's toasts (S1 §9: at most 3 visible, 4 s each unless said). The returned object is stable. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
