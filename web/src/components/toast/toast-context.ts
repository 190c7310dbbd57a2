import { createContext } from 'react';

/** The three toast kinds the specs use. */
export type ToastKind = 'success' | 'error' | 'info';

/** A toast's one follow-up, e.g. 'View Actions' (S2 §8); following it also dismisses the toast. */
export interface ToastAction {
  readonly text: string;
  readonly onFollow: () => void;
}

export interface ToastOptions {
  readonly durationMs?: number;
  readonly action?: ToastAction;
}

/** One toast on screen. */
export interface ToastEntry {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
  readonly durationMs: number;
  readonly action?: ToastAction;
}

/** Shows toasts; each call returns the toast's id. */
export interface ToastApi {
  readonly success: (message: string, options?: ToastOptions) => string;
  readonly error: (message: string, options?: ToastOptions) => string;
  readonly info: (message: string, options?: ToastOptions) => string;
  readonly dismiss: (id: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
