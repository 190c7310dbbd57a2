import type {
  AnyRoute,
  ApiError,
  ClientBodyOf,
  ClientParamsOf,
  ClientQueryOf,
  PaywallReason,
  ResponseOf,
} from '@kehila/shared/api/contract';
import { buildPath } from '@kehila/shared/api/paths';
import { MOBILE_ERROR_MESSAGES } from '@kehila/shared/rules/errors';
import type { ClientRoute } from './routes';

/** A failed API call: the server's `ApiErrorSchema` fields, or a client-side failure with an S1 §8 text. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** HTTP status; 0 when no response arrived (network failure, timeout). */
  readonly status: number;
  /** The server's error code, or `network`, `timeout`, `unauthenticated`, `invalid_response`, `http_<status>`. */
  readonly code: string;
  /** Seconds to wait before retrying (rate limits). */
  readonly retryAfter: number | undefined;
  readonly issues: ApiError['issues'];
  /** Why a paid route refused the caller (402). */
  readonly reason: PaywallReason | undefined;
  /** The plan that unlocks a refused feature (402 `plan_required`). */
  readonly plan: ApiError['plan'];

  constructor(init: {
    message: string;
    status: number;
    code: string;
    retryAfter?: number;
    issues?: ApiError['issues'];
    reason?: PaywallReason;
    plan?: ApiError['plan'];
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter;
    this.issues = init.issues;
    this.reason = init.reason;
    this.plan = init.plan;
  }
}

type Defined<S> = Exclude<S, undefined>;
type Declared<S> = [Defined<S>] extends [never] ? false : true;
type AllOptional<V> = object extends Defined<V> ? true : false;
/** A part the route does not declare stays out; a declared one is required unless all its fields are optional. */
type Part<K extends string, S, V> =
  Declared<S> extends false
    ? { [P in K]?: undefined }
    : AllOptional<V> extends true
      ? { [P in K]?: Defined<V> }
      : { [P in K]: Defined<V> };

/** What a call may carry: the route's declared params, query and body, and a cancellation signal. */
export type CallOptions<R extends AnyRoute> = Part<'params', R['params'], ClientParamsOf<R>> &
  Part<'query', R['query'], ClientQueryOf<R>> &
  Part<'body', R['body'], ClientBodyOf<R>> & { signal?: AbortSignal };
type CallArgs<R extends AnyRoute> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/**
 * Calls one route of the contract (from web/src/api/routes.ts, or a contract route itself) and resolves
 * with its response.
 */
export type CallApi = <R extends AnyRoute>(route: R | ClientRoute<R>, ...args: CallArgs<R>) => Promise<ResponseOf<R>>;

/** What the client needs; injected so tests and the app choose their own fetch and token source. */
export interface ApiClientDeps {
  /** Base of the API (`RuntimeConfig.apiUrl`); empty means the page's own origin. */
  readonly baseUrl: string;
  /** The current Cognito ID token, or null when signed out. */
  readonly getIdToken: () => Promise<string | null>;
  readonly fetch?: typeof fetch;
  /** Abort a call after this long; 30 s unless said. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

function toSearch(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    search.append(key, value instanceof Date ? value.toISOString() : String(value));
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) value.forEach((v) => add(key, v));
    else add(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function retryAfterHeader(res: Response): number | undefined {
  const value = Number(res.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

const PAYWALL_REASONS: readonly string[] = ['trial_ended', 'no_plan', 'plan_required'] satisfies readonly PaywallReason[];
const PLANS: readonly string[] = ['pro', 'enterprise'] satisfies readonly NonNullable<ApiError['plan']>[];

/**
 * The server's error body (`ApiErrorSchema`: it always sends `message` and `code`), or null for a body
 * that is not one (a gateway's or CDN's own answer). Read field by field rather than parsed with the
 * schema: zod stays out of the first visit, and the server's bodies are checked by its own tests.
 */
function readApiError(body: unknown): ApiError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, code, issues, retryAfter, reason, plan } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return null;
  return {
    message,
    code,
    ...(Array.isArray(issues) ? { issues: issues as NonNullable<ApiError['issues']> } : {}),
    ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
    ...(typeof reason === 'string' && PAYWALL_REASONS.includes(reason) ? { reason: reason as PaywallReason } : {}),
    ...(typeof plan === 'string' && PLANS.includes(plan) ? { plan: plan as NonNullable<ApiError['plan']> } : {}),
  };
}

function errorFromResponse(res: Response, body: unknown): ApiRequestError {
  const error = readApiError(body);
  if (error) {
    return new ApiRequestError({
      message: error.message,
      code: error.code,
      status: res.status,
      retryAfter: error.retryAfter ?? retryAfterHeader(res),
      issues: error.issues,
      reason: error.reason,
      plan: error.plan,
    });
  }
  const message =
    res.status === 401
      ? MOBILE_ERROR_MESSAGES.auth
      : res.status === 408 || res.status === 504
        ? MOBILE_ERROR_MESSAGES.timeout
        : MOBILE_ERROR_MESSAGES.default;
  return new ApiRequestError({
    message,
    code: `http_${res.status}`,
    status: res.status,
    retryAfter: retryAfterHeader(res),
  });
}

/** Builds the one HTTP wrapper of the web app, typed from the API contract. */
export function createApiClient(deps: ApiClientDeps): CallApi {
  const fetchFn = deps.fetch ?? ((input, init) => fetch(input, init));
  const base = deps.baseUrl.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return async function callApi<R extends AnyRoute>(
    route: R | ClientRoute<R>,
    ...args: CallArgs<R>
  ): Promise<ResponseOf<R>> {
    const options = (args[0] ?? {}) as {
      params?: Record<string, string | number>;
      query?: unknown;
      body?: unknown;
      signal?: AbortSignal;
    };
    const url = `${base}${buildPath(route.path, options.params)}${toSearch(options.query)}`;
    const headers: Record<string, string> = { accept: 'application/json' };

    if (route.auth !== 'public') {
      const token = await deps.getIdToken().catch(() => null);
      if (!token) {
        throw new ApiRequestError({ message: MOBILE_ERROR_MESSAGES.auth, code: 'unauthenticated', status: 401 });
      }
      headers.authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      body = route.body === 'raw' ? String(options.body) : JSON.stringify(options.body);
      headers['content-type'] = route.body === 'raw' ? 'text/plain' : 'application/json';
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forwardAbort();
    else options.signal?.addEventListener('abort', forwardAbort, { once: true });

    let res: Response;
    let text: string;
    try {
      res = await fetchFn(url, { method: route.method, headers, body, signal: controller.signal });
      text = await res.text();
    } catch (err) {
      // A caller's own cancellation (e.g. TanStack Query unmounting) is not a failure to report.
      if (options.signal?.aborted && !timedOut) throw err;
      throw timedOut
        ? new ApiRequestError({ message: MOBILE_ERROR_MESSAGES.timeout, code: 'timeout', status: 0 })
        : new ApiRequestError({ message: MOBILE_ERROR_MESSAGES.network, code: 'network', status: 0 });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }

    const json = parseJson(text);
    if (!res.ok) throw errorFromResponse(res, json);
    // The response schema is there in development and tests (web/src/api/routes.ts): a server answer
    // that breaks the contract fails loudly there. The production build trusts the server's types.
    if (!route.response) return json as ResponseOf<R>;
    const parsed = route.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiRequestError({
        message: MOBILE_ERROR_MESSAGES.default,
        code: 'invalid_response',
        status: res.status,
      });
    }
    // safeParse on a generic route yields the schema's output type, which is ResponseOf<R> by definition.
    return parsed.data as ResponseOf<R>;
  };
}
