import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import type * as z from 'zod';
import {
  bodyLimitOf,
  routeKey,
  type AnyRoute,
  type ApiError,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@kehila/shared/api/contract';
import { requireFeature } from '../core/access/entitlements';
import { requireActivePlan } from '../core/access/paywall';
import { emailRateSubject, enforceRateLimit, rateSubject } from '../core/access/rate-limit';
import { authorize, type Access, type AuthUser } from '../core/authz';
import type { Deps } from '../core/deps';
import { AppError, fail } from '../core/errors';
import { logger } from '../core/logger';
import { count, flushMetrics, METRIC } from '../core/metrics';
import { processDeps, type Wiring } from '../wiring/deps';
import type { TableClient, TableCommand } from '../data/table-client';
import { cameThroughCloudFront } from './origin-check';

/**
 * The API Gateway HTTP API (payload 2.0) event as our handlers read it. Protected routes carry the
 * JWT authorizer's verified claims; the local gateway builds the same shape.
 */
export interface HttpEvent {
  routeKey: string;
  rawPath: string;
  rawQueryString?: string;
  headers: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
  pathParameters?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded: boolean;
  requestContext: {
    requestId: string;
    http: { method: string; path: string; sourceIp: string; protocol?: string; userAgent?: string };
    authorizer?: { jwt?: { claims: Record<string, string | number | boolean | string[]> } };
  };
}

/** The HTTP API result a handler returns. */
export interface HttpResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw route's body is its exact bytes (signatures cover them); a JSON route's, its parsed schema. */
type ServerBodyOf<R extends AnyRoute> = [Exclude<R['body'], undefined>] extends ['raw'] ? Buffer : BodyOf<R>;

/** What a route implementation receives: parsed parts, the caller, and the dependencies. */
export interface HttpRequest<R extends AnyRoute> {
  readonly params: ParamsOf<R>;
  readonly query: QueryOf<R>;
  readonly body: ServerBodyOf<R>;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly user: R['auth'] extends 'public' | 'webhook' ? AuthUser | null : AuthUser;
  readonly access: R['auth'] extends 'member' | 'admin' | 'owner' ? Access : Access | null;
  readonly deps: Deps;
  readonly event: HttpEvent;
  /** Follows the request through queues and workers into every log line (the API's request id). */
  readonly correlationId: string;
}

/** A reply other than the route's JSON response (plain-text handshakes, empty answers). */
export class HttpReply {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly contentType = 'text/plain; charset=utf-8',
  ) {}
}

/** A route bound to its implementation. */
export interface Implementation {
  readonly route: AnyRoute;
  readonly run: (req: HttpRequest<AnyRoute>) => Promise<unknown>;
}

/** Binds a route of the contract to its implementation; types come from the route's schemas. */
export function implement<R extends AnyRoute>(
  route: R,
  run: (req: HttpRequest<R>) => Promise<ResponseOf<R> | HttpReply>,
): Implementation {
  return { route, run: run as unknown as Implementation['run'] };
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

function errorBody(err: AppError): ApiError {
  return {
    message: err.message,
    code: err.kind,
    ...(err.issues ? { issues: err.issues } : {}),
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    ...(err.reason ? { reason: err.reason } : {}),
    ...(err.plan ? { plan: err.plan } : {}),
  };
}

/** Turns zod issues into a 400 whose message is the first issue's (the spec's wording lives in the schemas). */
function invalid(part: string, error: z.ZodError): AppError {
  const issues = error.issues.slice(0, 20).map((i) => ({
    path: [part, ...i.path.map(String)].join('.').slice(0, 200),
    message: i.message.slice(0, 500),
  }));
  return fail.badRequest(issues[0]?.message ?? `Invalid ${part}`, issues);
}

function parsePart(part: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw invalid(part, r.error);
  return r.data;
}

function lowerHeaders(h: HttpEvent['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/**
 * The caller, from the verified JWT's claims. Only ID tokens are accepted (they carry the e-mail the
 * API reads): API Gateway's JWT authorizer would also pass an access token of the same client, so
 * the kind is checked here, as the local gateway does.
 */
function userFrom(event: HttpEvent): AuthUser | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return null;
  if (claims.token_use !== 'id') throw fail.unauthorized();
  return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' };
}

/** The exact body bytes of the request. */
function bodyBytes(event: HttpEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Names of a query schema's keys, or null when it takes any (a record). */
function queryKeys(schema: z.ZodType | undefined): readonly string[] | null {
  if (!schema) return [];
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : null;
}

/** The 413 of a body past the route's limit (the local gateway answers it too, before reading further). */
export function bodyTooLarge(route: AnyRoute): AppError {
  return fail.payloadTooLarge(`Request body is too large (at most ${bodyLimitOf(route)} bytes)`);
}

/**
 * Checks a request's envelope before anything reads it: the body's size (413), a JSON route's
 * content type (415), no body where the route takes none, and no query parameter the route does not
 * declare (400). Malformed input is refused here or by the contract's schemas, never reaching code
 * that could fail on it with a 500.
 */
function checkEnvelope(route: AnyRoute, event: HttpEvent, raw: Buffer, headers: Record<string, string>): void {
  if (raw.length > bodyLimitOf(route)) throw bodyTooLarge(route);
  if (!route.body && raw.length > 0) throw fail.badRequest('This request takes no body');
  if (route.body && route.body !== 'raw' && raw.length > 0 && !JSON_TYPE.test(headers['content-type'] ?? '')) {
    throw fail.unsupportedMediaType('Request body must be JSON (content-type: application/json)');
  }
  const allowed = queryKeys(route.query);
  if (allowed) {
    const unknown = Object.keys(event.queryStringParameters ?? {}).find((k) => !allowed.includes(k));
    if (unknown !== undefined) throw fail.badRequest(`Unknown query parameter: ${unknown.slice(0, 50)}`);
  }
}

async function dispatch(impl: Implementation, event: HttpEvent, deps: Deps): Promise<HttpResult> {
  const { route } = impl;
  const headers = lowerHeaders(event.headers);
  const raw = bodyBytes(event);
  checkEnvelope(route, event, raw, headers);
  // Who, then where, then what: callers who may not use the route learn nothing from validation.
  const user = userFrom(event);
  if (!user && route.auth !== 'public' && route.auth !== 'webhook') throw fail.unauthorized();
  // Ids in the path are checked for their form before the table is asked about them.
  const params = parsePart('params', route.params, event.pathParameters ?? {});
  const access = await authorize(route.auth, user, params as Record<string, string> | undefined, deps, route.refusal);
  // The paywall and the plan's features are read together (their reads do not depend on each other);
  // a refusal of the paywall still comes first when both refuse.
  const [paywall, feature] = await Promise.allSettled([
    route.requires === 'active-plan' && user ? requireActivePlan(deps, user) : undefined,
    route.feature && user && access ? requireFeature(deps, access.communityId, user, route.feature) : undefined,
  ]);
  if (paywall.status === 'rejected') throw paywall.reason;
  if (feature.status === 'rejected') throw feature.reason;
  if (route.rateLimit && route.rateLimit.per !== 'email') {
    await enforceRateLimit(deps, route.rateLimit, rateSubject(user, event.requestContext.http.sourceIp));
  }
  const query = parsePart('query', route.query, event.queryStringParameters ?? {});
  let body: unknown;
  if (route.body === 'raw') body = raw;
  else if (route.body) {
    let value: unknown = {};
    if (raw.length > 0) {
      try {
        value = JSON.parse(raw.toString('utf8'));
      } catch {
        throw fail.badRequest('Request body is not valid JSON');
      }
    }
    body = parsePart('body', route.body, value);
  }
  if (route.rateLimit?.per === 'email') {
    // Counted once the body is valid: the budget belongs to the account the request acts on.
    const email = (body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') throw new Error(`${routeKey(route)} counts per e-mail but its body has none`);
    await enforceRateLimit(deps, route.rateLimit, emailRateSubject(email));
  }
  const result = await impl.run({
    params,
    query,
    body,
    headers,
    user,
    access,
    deps,
    event,
    correlationId: event.requestContext.requestId,
  } as HttpRequest<AnyRoute>);
  if (result instanceof HttpReply) {
    return { statusCode: result.statusCode, headers: { 'content-type': result.contentType }, body: result.body };
  }
  const checked = route.response.safeParse(result);
  if (!checked.success) {
    logger.error('response does not match the contract', { route: routeKey(route), issues: checked.error.issues });
    throw new Error(`response of ${routeKey(route)} does not match the contract`);
  }
  return json(route.status ?? 200, checked.data);
}

/** Maps any failure to the API's error body; unexpected ones are logged and answered 500. */
export function toErrorResult(err: unknown): HttpResult {
  if (err instanceof AppError) {
    if (err.status >= 500) logger.warn('request failed', { error: err });
    return json(
      err.status,
      errorBody(err),
      err.retryAfter !== undefined ? { 'retry-after': String(err.retryAfter) } : {},
    );
  }
  logger.error('unhandled error', { error: err as Error });
  return json(500, { message: 'Something went wrong. Please try again.', code: 'internal' } satisfies ApiError);
}

/**
 * The request's dependencies with its table's GetItems remembered until its next write:
 * authorization, the paywall, the plan's features and the route read the same community, profile
 * and allow-list items (the dashboard asked for the community three times); each is read once. Any
 * command but a read forgets them all, so a read after a write is fresh. Answers are copies.
 */
function withRequestReads(deps: Deps): Deps {
  const memo = new Map<string, Promise<unknown>>();
  const remembering = (db: Deps['db']): Deps['db'] => {
    const send = db.doc.send.bind(db.doc) as (command: TableCommand) => Promise<unknown>;
    const doc = Object.create(db.doc) as TableClient;
    (doc as unknown as { send: (command: TableCommand) => Promise<unknown> }).send = async (command) => {
      if (command.operation !== 'GetItem') {
        if (command.operation !== 'Query' && command.operation !== 'BatchGetItem') memo.clear();
        return send(command);
      }
      const id = JSON.stringify(command.input);
      let answer = memo.get(id);
      if (!answer) {
        answer = send(command);
        memo.set(id, answer);
        answer.catch(() => memo.delete(id));
      }
      return structuredClone(await answer);
    };
    return { ...db, doc };
  };
  // Object.create keeps the other dependencies as they are (lazy ones stay lazy); the table too, until
  // the request first uses it.
  let db: Deps['db'] | undefined;
  return Object.create(deps, {
    db: { get: () => (db ??= remembering(deps.db)), enumerable: true },
  }) as Deps;
}

/**
 * One Lambda handler for an area's routes: refuses (403) a request that did not come through
 * CloudFront where the deployment says so (origin-check.ts), then dispatches by route key, with the
 * logger middleware and the request id as the correlation id of every log line; `wiring` names the
 * adapters of the ports the area's routes use (and nothing else, so the bundle carries only those).
 */
export function createAreaHandler(impls: readonly Implementation[], wiring: Wiring) {
  const byKey = new Map(impls.map((i) => [routeKey(i.route), i]));
  const base = async (event: HttpEvent, _context: Context): Promise<HttpResult> => {
    const impl = byKey.get(event.routeKey);
    if (!impl) return json(404, { message: 'Not found', code: 'not_found' } satisfies ApiError);
    logger.appendKeys({ correlation_id: event.requestContext.requestId });
    try {
      const deps = processDeps(wiring);
      // Before anything reads the request: only CloudFront (and its WAF web ACL) may call the API.
      if (!(await cameThroughCloudFront(lowerHeaders(event.headers), deps.config))) {
        count(METRIC.originRefused);
        throw fail.forbidden('Forbidden');
      }
      return await dispatch(impl, event, withRequestReads(deps));
    } catch (err) {
      return toErrorResult(err);
    } finally {
      flushMetrics();
    }
  };
  return middy(base).use(injectLambdaContext(logger, { resetKeys: true }));
}
