// The installable app's service worker (docs/pwa.md). Built by web/build/pwa.ts into dist/sw.js, with
// the build's version and app-shell files filled in; never imported by the app itself.
//
// What it does, and what it leaves alone:
// - precaches the app shell (index.html's hashed script and stylesheets, the icons, the offline page);
// - serves hashed files under /assets/ from its cache first (they never change), caching any it fetches;
// - answers a page navigation from the network (with navigation preload, so it adds no wait), and only
//   when the network fails, with the offline page;
// - passes every other request through untouched: /api/, /webhooks/, config.json and anything of
//   another origin are never cached, so it can never serve stale data;
// - waits after installing until a page asks it to take over (Update Now: `{ type: 'SKIP_WAITING' }`).

/** Filled in by the build. */
declare const __PWA_VERSION__: string;
declare const __PWA_PRECACHE__: readonly string[];

// The DOM library the web workspace compiles with has no service-worker types; these are the few used.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response> | Response): void;
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration & {
    readonly navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const CACHE = `kehila-shell-${__PWA_VERSION__}`;
const OFFLINE_PAGE = '/offline.html';

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...__PWA_PRECACHE__])));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Earlier versions' caches go: one version's files at a time, never a growing pile.
      for (const name of await caches.keys()) {
        if (name.startsWith('kehila-shell-') && name !== CACHE) await caches.delete(name);
      }
      await sw.registration.navigationPreload?.enable();
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  // Held open until the worker has taken over: a worker is stopped once its events are done.
  if (data?.type === 'SKIP_WAITING') event.waitUntil(sw.skipWaiting());
});

async function navigate(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    return offline ?? Response.error();
  }
}

async function fromCacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || __PWA_PRECACHE__.includes(url.pathname)) {
    event.respondWith(fromCacheFirst(request));
  }
});
