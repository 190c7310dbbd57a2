import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import type * as z from 'zod';
import {
  routeKey,
  type AnyRoute,
  type ApiError,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@kehila/shared';
import { AppError, fail } from '../core/errors';
import { authorize, type Access, type AuthUser } from '../core/authz';
import { deps as getDeps, type Deps } from '../core/deps';
import { logger } from '../core/logger';

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

/** What a route implementation receives: parsed parts, the caller, and the dependencies. */
export interface HttpRequest<R extends AnyRoute> {
  readonly params: ParamsOf<R>;
  readonly query: QueryOf<R>;
  readonly body: BodyOf<R>;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly user: R['auth'] extends 'public' | 'webhook' ? AuthUser | null : AuthUser;
  readonly access: R['auth'] extends 'member' | 'admin' | 'owner' ? Access : Access | null;
  readonly deps: Deps;
  readonly event: HttpEvent;
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

function json(statusCode: number, body: unknown): HttpResult {
  return { statusCode, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

function errorBody(err: AppError): ApiError {
  return {
    message: err.message,
    code: err.kind,
    ...(err.issues ? { issues: err.issues } : {}),
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
  };
}

/** Turns zod issues into a 400 whose message is the first issue's (the spec's wording lives in the schemas). */
function invalid(part: string, error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: [part, ...i.path.map(String)].join('.'), message: i.message }));
  return fail.badRequest(issues[0]?.message ?? `Invalid ${part}`, issues);
}

function parsePart(part: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw invalid(part, r.error);
  return r.data;
}

function rawBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function lowerHeaders(h: HttpEvent['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function userFrom(event: HttpEvent): AuthUser | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return null;
  return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' };
}

async function dispatch(impl: Implementation, event: HttpEvent): Promise<HttpResult> {
  const { route } = impl;
  const deps = getDeps();
  // Who, then where, then what: callers who may not use the route learn nothing from validation.
  const user = userFrom(event);
  const access = await authorize(route.auth, user, event.pathParameters as Record<string, string>, deps);
  const params = parsePart('params', route.params, event.pathParameters ?? {});
  const query = parsePart('query', route.query, event.queryStringParameters ?? {});
  let body: unknown;
  if (route.body === 'raw') body = rawBody(event);
  else if (route.body) {
    const text = rawBody(event);
    let value: unknown = {};
    if (text) {
      try {
        value = JSON.parse(text);
      } catch {
        throw fail.badRequest('Request body is not valid JSON');
      }
    }
    body = parsePart('body', route.body, value);
  }
  const result = await impl.run({
    params,
    query,
    body,
    headers: lowerHeaders(event.headers),
    user,
    access,
    deps,
    event,
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
    return json(err.status, errorBody(err));
  }
  logger.error('unhandled error', { error: err as Error });
  return json(500, { message: 'Something went wrong. Please try again.', code: 'internal' } satisfies ApiError);
}

/** One Lambda handler for an area's routes: dispatches by route key, with the logger middleware. */
export function createAreaHandler(impls: readonly Implementation[]) {
  const byKey = new Map(impls.map((i) => [routeKey(i.route), i]));
  const base = async (event: HttpEvent, _context: Context): Promise<HttpResult> => {
    const impl = byKey.get(event.routeKey);
    if (!impl) return json(404, { message: 'Not found', code: 'not_found' } satisfies ApiError);
    try {
      return await dispatch(impl, event);
    } catch (err) {
      return toErrorResult(err);
    }
  };
  return middy(base).use(injectLambdaContext(logger, { resetKeys: true }));
}
