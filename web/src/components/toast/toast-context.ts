import { createContext } from 'react';

/** The three toast kinds the specs use. */
export type ToastKind = 'success' | 'error' | 'info';

/** One toast on screen. */
export interface ToastEntry {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
  readonly durationMs: number;
}

/** Shows toasts; each call returns the toast's id. */
export interface ToastApi {
  readonly success: (message: string, options?: { durationMs?: number }) => string;
  readonly error: (message: string, options?: { durationMs?: number }) => string;
  readonly info: (message: string, options?: { durationMs?: number }) => string;
  readonly dismiss: (id: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
