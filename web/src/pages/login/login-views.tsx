import { Component, use, type ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { routeErrorText } from '../../app/route-error-text';
import { useLoginText } from './login-lang';
import type * as Views from './views';

// /login's other views (views.ts) load on the visitor's first interaction, not with the sign-in view
// (docs/public-pages.md). A view shown once they are loaded renders at once (its tests switch views and
// read the new one synchronously); only a click that beats the load waits, under a Suspense boundary.

/** The module of the other views. */
export type LoginViews = typeof Views;

let loaded: LoginViews | null = null;
let loading: Promise<LoginViews> | null = null;

/** Loads the other views once (again after a failure); resolves to their module. */
export function preloadLoginViews(): Promise<LoginViews> {
  loading ??= import('./views').then(
    (views) => (loaded = views),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The other views if loaded, else null (an event handler of a view that is shown can rely on them). */
export function loadedLoginViews(): LoginViews | null {
  return loaded;
}

/** Events that count as the visitor starting to use the page. */
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown'] as const;

/** Calls `start` once, on the visitor's first focus, pointer or key; returns the clean-up. */
export function onFirstInteraction(start: () => void): () => void {
  for (const event of INTERACTIONS) document.addEventListener(event, start, { once: true, passive: true });
  return () => {
    for (const event of INTERACTIONS) document.removeEventListener(event, start);
  };
}

/** Renders `children` with the other views, suspending until they are loaded. */
export function WithLoginViews({ children }: { children: (views: LoginViews) => ReactNode }) {
  return children(loaded ?? use(preloadLoginViews()));
}

/** When the views' code fails to load (a lost connection, a deploy in between): says so and offers a reload. */
export class LoginViewsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

function LoadFailed() {
  const tr = useLoginText();
  return (
    <Alert
      type="error"
      header={tr(routeErrorText.title)}
      action={<Button onClick={() => window.location.reload()}>{tr(routeErrorText.refresh)}</Button>}
    />
  );
}
