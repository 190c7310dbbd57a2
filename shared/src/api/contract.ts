import * as z from 'zod';

/** HTTP methods used by the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. The server enforces it (functions/src/core/authz.ts); the UI only mirrors it.
 * - public: anyone, no token.
 * - user: any signed-in user.
 * - member / admin: an active member (any role) / an Admin of the community named by the
 *   `communityId` path parameter.
 * - owner: the workspace owner of that community.
 * - webhook: no user token; the handler verifies the caller (HMAC signature or shared token).
 */
export type AuthLevel = 'public' | 'user' | 'member' | 'admin' | 'owner' | 'webhook';

/**
 * Route groups. Each area is one Lambda function in the cloud; names follow the house rule of one
 * area name across every layer.
 */
export type Area =
  | 'system'
  | 'accounts'
  | 'communities'
  | 'members'
  | 'invites'
  | 'messages'
  | 'search'
  | 'summaries'
  | 'actions'
  | 'analytics'
  | 'settings'
  | 'suppliers'
  | 'bi'
  | 'billing'
  | 'directory'
  | 'webhooks';

type Schema = z.ZodType;

/** A route as declared once in the contract. `body: 'raw'` hands the handler the unparsed body (signed webhooks). */
export interface RouteDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | 'raw' | undefined = Schema | 'raw' | undefined,
  R extends Schema = Schema,
> {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/communities/{communityId}`. */
  readonly path: string;
  readonly auth: AuthLevel;
  readonly area: Area;
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly response: R;
  /** Success status; 200 unless said. */
  readonly status?: number;
}

/** Declares a route, keeping its schema types for handlers and the web client. */
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | 'raw' | undefined = undefined,
  R extends Schema = Schema,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

export type AnyRoute = RouteDef<Schema | undefined, Schema | undefined, Schema | 'raw' | undefined, Schema>;

// Optional properties read as `X | undefined`; strip that before mapping a part to its type.
type Defined<S> = Exclude<S, undefined>;
type Out<S> = [Defined<S>] extends [never] ? undefined : Defined<S> extends Schema ? z.output<Defined<S>> : undefined;
type In<S> = [Defined<S>] extends [never] ? undefined : Defined<S> extends Schema ? z.input<Defined<S>> : undefined;

/** Parsed request parts as a handler sees them. */
export type ParamsOf<R extends AnyRoute> = Out<R['params']>;
export type QueryOf<R extends AnyRoute> = Out<R['query']>;
export type BodyOf<R extends AnyRoute> = [Defined<R['body']>] extends ['raw'] ? string : Out<R['body']>;
/** What a handler returns and a client receives. */
export type ResponseOf<R extends AnyRoute> = z.output<R['response']>;
/** Request parts as a client sends them (before defaults are applied). */
export type ClientParamsOf<R extends AnyRoute> = In<R['params']>;
export type ClientQueryOf<R extends AnyRoute> = In<R['query']>;
export type ClientBodyOf<R extends AnyRoute> = [Defined<R['body']>] extends ['raw'] ? string : In<R['body']>;

/** The route key API Gateway uses, e.g. `GET /api/me`. */
export function routeKey(r: Pick<AnyRoute, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}

/** Fills `{name}` placeholders of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\+?\}/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** Compiles a route path to a matcher returning its decoded parameters, or null. */
export function pathMatcher(path: string): (actual: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)(\+)?\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1] ?? '');
      return m[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  const re = new RegExp(`^${source}/?$`);
  return (actual) => {
    const m = re.exec(actual);
    if (!m) return null;
    const out: Record<string, string> = {};
    names.forEach((n, i) => {
      out[n] = decodeURIComponent(m[i + 1] ?? '');
    });
    return out;
  };
}

/** The error body every failing API call returns. `message` is a text the UI may show as is. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retryAfter: z.number().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
