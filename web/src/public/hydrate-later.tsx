import { Suspense, type ReactNode } from 'react';

/**
 * A Suspense boundary around a prerendered section: React hydrates the page's shell first and each
 * such section in its own, interruptible piece of work, so hydration never holds the main thread
 * long on a slow phone (TBT). Nothing suspends on the server, so the HTML is the full section.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
