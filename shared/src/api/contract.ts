import * as z from 'zod';
import type { Feature } from './plans';

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

/** Largest JSON request body a route accepts unless it says otherwise (413 past it). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Largest raw (webhook) body a route accepts unless it says otherwise. */
export const MAX_RAW_BODY_BYTES = 256 * 1024;
/** The largest body a route accepts (413 past it): its own `maxBodyBytes`, else the default of its kind. */
export function bodyLimitOf(route: Pick<AnyRoute, 'body' | 'maxBodyBytes'>): number {
  return route.maxBodyBytes ?? (route.body === 'raw' ? MAX_RAW_BODY_BYTES : MAX_JSON_BODY_BYTES);
}
/** Longest text an AI or search route takes (a query, a message to act on). */
export const MAX_AI_INPUT_CHARS = 4000;

/**
 * A per-caller request budget: `limit` requests per `windowSeconds`, shared by every route naming the
 * same `bucket`. Past it: 429 with Retry-After. Counted per user (per source address on public
 * routes), or with `per: 'email'` per the account the body names (its `email`), counted once the body
 * is valid: public routes that act on one account, whose callers share addresses (behind CloudFront
 * the source address is the edge's).
 */
export interface RateLimit {
  readonly bucket: string;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly per?: 'caller' | 'email';
}

/** Budgets of the expensive or sensitive routes (docs/security.md). */
export const RATE_LIMITS = {
  /** Generation through the AI provider: summaries, generated and suggested actions. */
  ai: { bucket: 'ai', limit: 30, windowSeconds: 60 },
  /** Usage events of the analytics screens (page views, tab and time range changes). */
  events: { bucket: 'events', limit: 120, windowSeconds: 60 },
  /** Search (text and meaning). */
  search: { bucket: 'search', limit: 120, windowSeconds: 60 },
  /** Sign-up attempts for one e-mail address. */
  signUp: { bucket: 'sign-up', limit: 10, windowSeconds: 600, per: 'email' },
  /** New passwords set with a reset code, for one e-mail address (guessing codes). */
  passwordReset: { bucket: 'password-reset', limit: 10, windowSeconds: 600, per: 'email' },
  /** Invite look-ups from one address (guessing codes). */
  inviteLookup: { bucket: 'invite-lookup', limit: 60, windowSeconds: 60 },
  /** Invite registrations from one address. */
  inviteRegistration: { bucket: 'invite-registration', limit: 20, windowSeconds: 600 },
  /** Registrations with one invite, whoever sends them (counted by the invites service). */
  inviteRegistrationPerInvite: { bucket: 'invite-registration-code', limit: 100, windowSeconds: 600 },
  /** Public directory views from one address. */
  directoryView: { bucket: 'directory-view', limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * What a route's implementation uses besides the table: the CDK stack grants exactly this to the
 * area's function (and sets its environment), and the area's Lambda wires exactly these ports.
 */
export interface RouteUses {
  /** Bedrock models: `chat` (Converse), `embed` (embeddings). */
  readonly ai?: readonly ('chat' | 'embed')[];
  /** The search index. */
  readonly search?: 'read' | 'write';
  /**
   * Object storage: chat-export uploads, presigned and checked (`imports-upload`) or read and removed
   * (`imports-process`); community logos (`logos`: staged uploads in the exports bucket, published ones in the logos bucket);
   * data-rights downloads presigned (`data-exports`); data-rights exports written and a community's objects erased
   * (`data-rights`).
   */
  readonly objects?: 'imports-upload' | 'imports-process' | 'logos' | 'data-exports' | 'data-rights';
  /** Queues it sends to. */
  readonly queues?: readonly (
    'ingest' | 'embed' | 'import' | 'summaries' | 'bot' | 'bi' | 'rights' | 'enrichment' | 'alerts'
  )[];
  /** Deploy secrets it reads. */
  readonly secrets?: readonly (
    'lemonSqueezy' | 'whatsapp' | 'senderHashKey' | 'signUpTicketKey' | 'googleServiceAccount' | 'enrichmentApiKey'
  )[];
  /**
   * The user pool: `true`, its public API as the web client (SignUp, ConfirmForgotPassword: no grant,
   * the client id); `'delete-users'`, also AdminDeleteUser on the pool (a user's own account deletion).
   */
  readonly identity?: true | 'delete-users';
  /** WhatsApp: verifies gateway webhooks (`receive`), sends messages (`send`). */
  readonly whatsapp?: readonly ('receive' | 'send')[];
  /** The payment provider's API (hosted checkouts). */
  readonly payments?: true;
  /** The profile-enrichment provider's API (LinkedIn enrichment; docs/business-intelligence.md). */
  readonly enrichment?: true;
  /** Live events: `publish` sends them (needs the WebSocket API's endpoint), `revoke` drops a user's subscriptions. */
  readonly realtime?: 'publish' | 'revoke';
  /** The web app's origin (links, return URLs). */
  readonly webOrigin?: true;
}

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
  /**
   * The paywall: an `active-plan` route answers 402 to a user whose trial ended without a paid plan
   * or allow-list entry (S1 §4). Every paid capability says so here; the check is the route handler's.
   */
  readonly requires?: 'active-plan';
  /**
   * The plan feature the route sells (shared/src/api/plans.ts): a community whose plan lacks it gets
   * 402 `plan_required` naming the plan that unlocks it. Community routes only.
   */
  readonly feature?: Feature;
  /** Largest body in bytes (413 past it); MAX_JSON_BODY_BYTES or MAX_RAW_BODY_BYTES unless said. */
  readonly maxBodyBytes?: number;
  /** The caller's request budget (429 past it). */
  readonly rateLimit?: RateLimit;
  /** What the implementation uses besides the table. */
  readonly uses?: RouteUses;
  /** What a member whose role is too weak is told (403), when the spec gives its own words. */
  readonly refusal?: string;
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

// In its own module so the web client fills paths without loading this one's schemas (and zod).
export { buildPath } from './paths';

/** A path segment decoded; one that is not valid percent-encoding is kept as sent (its schema then refuses it). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
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
      out[n] = decodeSegment(m[i + 1] ?? '');
    });
    return out;
  };
}

/**
 * Why a paid route refused the caller (402): the web shows the paywall for the first two, an upgrade
 * prompt for `plan_required` (the community's plan lacks the route's feature).
 */
export const PaywallReasonSchema = z.enum(['trial_ended', 'no_plan', 'plan_required']);
export type PaywallReason = z.infer<typeof PaywallReasonSchema>;

/** Text of a 400 for a malformed id in a path (it reveals nothing of what exists). */
export const INVALID_ID_MESSAGE = 'Invalid id';

/**
 * An id in a path: letters, digits, '-' and '_', at most 64 (uuids, 'demo-community'). A malformed
 * one is a 400 before anything reads the table with it.
 */
export const IdSchema = z
  .string()
  .min(1, INVALID_ID_MESSAGE)
  .max(64, INVALID_ID_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_ID_MESSAGE);

/** The path of every community route. */
export const CommunityParams = z.object({ communityId: IdSchema });

/** The error body every failing API call returns. `message` is a text the UI may show as is. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Seconds to wait before trying again (429; also sent as the Retry-After header). */
  retryAfter: z.number().optional(),
  /** Machine-readable cause of a 402. */
  reason: PaywallReasonSchema.optional(),
  /** The plan that unlocks the refused feature (402 `plan_required`). */
  plan: z.enum(['pro', 'enterprise']).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The union of several routes' uses: what one function serving all of them needs. */
export function mergeUses(list: readonly (RouteUses | undefined)[]): RouteUses {
  const union = <T>(pick: (u: RouteUses) => readonly T[] | undefined): T[] => [
    ...new Set(list.flatMap((u) => (u ? (pick(u) ?? []) : []))),
  ];
  const ai = union((u) => u.ai);
  const queues = union((u) => u.queues);
  const secrets = union((u) => u.secrets);
  const whatsapp = union((u) => u.whatsapp);
  const searches = list.map((u) => u?.search).filter((s) => s !== undefined);
  const objects = list.map((u) => u?.objects).filter((o) => o !== undefined);
  const realtimes = list.map((u) => u?.realtime).filter((r) => r !== undefined);
  return {
    ...(ai.length ? { ai } : {}),
    ...(searches.length ? { search: searches.includes('write') ? ('write' as const) : ('read' as const) } : {}),
    ...(objects.length
      ? { objects: objects.includes('imports-upload') ? ('imports-upload' as const) : objects[0] }
      : {}),
    ...(queues.length ? { queues } : {}),
    ...(secrets.length ? { secrets } : {}),
    ...(whatsapp.length ? { whatsapp } : {}),
    ...(list.some((u) => u?.payments) ? { payments: true as const } : {}),
    ...(list.some((u) => u?.enrichment) ? { enrichment: true as const } : {}),
    ...(list.some((u) => u?.identity)
      ? { identity: list.some((u) => u?.identity === 'delete-users') ? ('delete-users' as const) : (true as const) }
      : {}),
    ...(realtimes.length
      ? { realtime: realtimes.includes('publish') ? ('publish' as const) : ('revoke' as const) }
      : {}),
    ...(list.some((u) => u?.webOrigin) ? { webOrigin: true as const } : {}),
  };
}
