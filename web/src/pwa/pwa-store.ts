// The installable app's state (S3 §4 app prompts, docs/pwa.md): the browser's install offer, a waiting
// update, whether the app runs installed. Started once from main.tsx; read by the global prompts and
// the Settings App tab through usePwa(). No React here, so main.tsx's first bundle stays small.

/** Chromium's install offer (not in the DOM library's types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the prompts show. */
export interface PwaState {
  /** The browser offered install and it has not been used (Install App is possible). */
  readonly canInstall: boolean;
  /** The install card is due: 2 s after the offer, unless standalone or dismissed this session. */
  readonly installCardDue: boolean;
  /** The app runs as an installed app (standalone display, or iOS's home-screen mode). */
  readonly standalone: boolean;
  /** A new version is installed and waiting while this one runs. */
  readonly updateWaiting: boolean;
  /** The app was installed while this page was open. */
  readonly installed: boolean;
}

/** S3 §9: the install prompt appears 2 seconds after the browser offers install. */
export const INSTALL_PROMPT_DELAY_MS = 2000;
/** sessionStorage flag: the install card was dismissed this session (S3 §4). */
export const INSTALL_DISMISSED_KEY = 'kehila.install-dismissed';
/** How often a long-open page asks for a new version (besides every navigation and return to the tab). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let state: PwaState = {
  canInstall: false,
  installCardDue: false,
  standalone: false,
  updateWaiting: false,
  installed: false,
};
let offer: InstallPromptEvent | null = null;
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** Subscribes to changes (useSyncExternalStore's contract). */
export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current state (a stable object between changes). */
export function pwaState(): PwaState {
  return state;
}

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Hides the install card for the rest of this session (S3 §4). */
export function dismissInstallCard(): void {
  try {
    sessionStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Storage may be blocked; the card still hides for this page.
  }
  set({ installCardDue: false });
}

/**
 * Shows the browser's install dialog. Resolves to the user's choice; throws when the browser refuses
 * (the caller shows 'Installation failed. Please try again.').
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = offer;
  if (!event) throw new Error('the browser has not offered install');
  // An offer can be used once.
  offer = null;
  set({ canInstall: false, installCardDue: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

/** Hides the update card without updating; the new version waits for the next load. */
export function dismissUpdate(): void {
  set({ updateWaiting: false });
}

/** Update Now (S3 §7): tells the waiting worker to take over; the page reloads when it has. */
export function applyUpdate(): void {
  waiting?.postMessage({ type: 'SKIP_WAITING' });
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

function watchRegistration(registration: ServiceWorkerRegistration): void {
  const markWaiting = (worker: ServiceWorker | null) => {
    // A waiting worker while another controls the page is an update; the first install has no controller.
    if (worker && navigator.serviceWorker.controller) {
      waiting = worker;
      set({ updateWaiting: true });
    }
  };
  markWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') markWaiting(installing);
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * Starts the installable app: listens for the browser's install offer (shown as a card 2 s later) and,
 * in a production build, registers the service worker and watches for a new version. Dev builds have no
 * worker (the dev server's modules are not an app shell).
 */
export function startPwa(options: { register: boolean }): void {
  set({ standalone: isStandalone() });
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for our own card and button instead of the browser's mini-infobar.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    set({ canInstall: true });
    setTimeout(() => {
      if (offer && !state.standalone && !dismissedThisSession()) set({ installCardDue: true });
    }, INSTALL_PROMPT_DELAY_MS);
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    set({ canInstall: false, installCardDue: false, installed: true });
  });
  if (!options.register || !('serviceWorker' in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only a worker this page asked to take over reloads it (not the first install's claim).
    if (!waiting || reloading) return;
    reloading = true;
    window.location.reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(watchRegistration)
      .catch(() => undefined);
  });
}
