import type * as z from 'zod';
import { bodyLimitOf, pathMatcher, routes, type AnyRoute, type AuthLevel, type RouteName } from '@kehila/shared';
import { defOf } from './schemas';

/** A request as a client sends it: the raw target (path and query, as written), headers and body bytes. */
export interface FuzzRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/**
 * Where the contract refuses a request, in the order the gateway and the route handler check:
 * the target and route (gateway), the envelope (size, a body where none is taken, media type,
 * unknown query keys), the path parameters, the community (one the caller is not in: 404, whatever
 * their role); then, after the caller's role, the query and the body. `judge` knows the contract only;
 * whether a well-formed community id is the caller's is the fuzzer's to say.
 */
export type Stage =
  | 'target'
  | 'route'
  | 'size'
  | 'no-body'
  | 'media'
  | 'unknown-query'
  | 'params'
  | 'community'
  | 'query'
  | 'json'
  | 'body';

/** Stages checked before the caller's role: every caller who gets past the JWT check meets them. */
export const BEFORE_ROLE: ReadonlySet<Stage> = new Set([
  'target',
  'route',
  'size',
  'no-body',
  'media',
  'unknown-query',
  'params',
  'community',
]);

/** What the contract says of a request: the route it reaches and the first check it fails (null: none). */
export interface Verdict {
  readonly route: RouteName | null;
  readonly stage: Stage | null;
  /** The path parameters as the route receives them. */
  readonly params?: Readonly<Record<string, string>>;
  /** The query string as the route receives it (what a fragment or a damaged target leaves of it). */
  readonly query?: Readonly<Record<string, string>>;
}

/** The status a caller allowed on the route gets when a request fails at `stage`. */
export const STAGE_STATUS: Readonly<Record<Stage, readonly number[]>> = {
  // An unparseable target: the gateway may call it a bad request or find no route for it.
  target: [400, 404],
  route: [404],
  size: [413],
  'no-body': [400],
  media: [415],
  'unknown-query': [400],
  params: [400],
  community: [404],
  query: [400],
  json: [400],
  body: [400],
};

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

const byFewestParams = (Object.entries(routes) as [RouteName, AnyRoute][])
  .map(([name, route]) => ({
    name,
    route,
    match: pathMatcher(route.path),
    params: (route.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

function queryKeys(schema: z.ZodType | undefined): readonly string[] | null {
  if (!schema) return [];
  const shape = defOf(schema).shape;
  return shape ? Object.keys(shape) : null;
}

/**
 * Judges a request by the contract alone (route declarations and their schemas), as an API
 * Gateway + route handler that follow the contract must: which route it reaches after the URL is
 * normalised, and the first check it fails. The fuzzer keeps only requests the contract refuses.
 */
export function judge(request: FuzzRequest): Verdict {
  let url: URL;
  try {
    url = new URL(request.target, 'http://localhost');
  } catch {
    return { route: null, stage: 'target' };
  }
  let found: { name: RouteName; route: AnyRoute; params: Record<string, string> } | undefined;
  for (const r of byFewestParams) {
    if (r.route.method !== request.method) continue;
    let params: Record<string, string> | null;
    try {
      params = r.match(url.pathname);
    } catch {
      // A parameter that is not valid percent-encoding: a malformed parameter of this route.
      return { route: r.name, stage: 'params' };
    }
    if (params) {
      found = { name: r.name, route: r.route, params };
      break;
    }
  }
  if (!found) return { route: null, stage: 'route' };
  const { name, route, params } = found;
  const query: Record<string, string> = {};
  // API Gateway joins repeated keys with commas (payload 2.0).
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const at = (stage: Stage | null): Verdict => ({ route: name, stage, params, query });

  const body = request.body;
  if (body.length > bodyLimitOf(route)) return at('size');
  if (!route.body && body.length > 0) return at('no-body');
  const contentType = Object.entries(request.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  if (route.body && route.body !== 'raw' && body.length > 0 && !JSON_TYPE.test(contentType)) return at('media');
  const allowed = queryKeys(route.query);
  if (allowed && Object.keys(query).some((k) => !allowed.includes(k))) return at('unknown-query');
  if (route.params && !route.params.safeParse(params).success) return at('params');
  if (route.query && !route.query.safeParse(query).success) return at('query');
  if (route.body && route.body !== 'raw') {
    let value: unknown = {};
    if (body.length > 0) {
      try {
        value = JSON.parse(body.toString('utf8'));
      } catch {
        return at('json');
      }
    }
    if (!route.body.safeParse(value).success) return at('body');
  }
  return at(null);
}

/** A caller of the fuzz run. */
export type Caller = 'anonymous' | 'member' | 'admin';

/** How a caller stands on a route: allowed, without a user (401), or signed in with a weaker role (403). */
export function standing(auth: AuthLevel, caller: Caller): 'allowed' | 'anonymous' | 'weaker' {
  if (auth === 'public' || auth === 'webhook') return 'allowed';
  if (caller === 'anonymous') return 'anonymous';
  if (auth === 'admin' || auth === 'owner') return caller === 'admin' && auth === 'admin' ? 'allowed' : 'weaker';
  return 'allowed';
}

/**
 * The statuses a caller may get for a refused request: `allowedStatuses` for a caller allowed on the
 * route; 401 from the JWT check without a user; for a weaker role the envelope's and path's answers
 * (checked first), else 403. A request reaching no route is a 404 for everyone.
 */
export function expectedStatuses(
  verdict: Verdict,
  caller: Caller,
  allowedStatuses: readonly number[],
): readonly number[] {
  if (!verdict.route || verdict.stage === 'target' || verdict.stage === 'route') {
    return STAGE_STATUS[verdict.stage ?? 'route'];
  }
  const s = standing(routes[verdict.route].auth, caller);
  if (s === 'anonymous') return [401];
  if (s === 'weaker' && !(verdict.stage && BEFORE_ROLE.has(verdict.stage))) return [403];
  return allowedStatuses;
}
