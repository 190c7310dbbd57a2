import { randomUUID } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import {
  bodyLimitOf,
  pathMatcher,
  routeKey,
  routes,
  type AnyRoute,
  type ApiError,
  type Area,
  type RuntimeConfig,
} from '@kehila/shared';
import { bodyTooLarge, toErrorResult, type HttpEvent, type HttpResult } from '@kehila/functions/http/route-handler';
import { lambdaContext } from './lambda-context';

/** An area's Lambda handler as the gateway invokes it. */
export type AreaHandler = (event: HttpEvent, context: ReturnType<typeof lambdaContext>) => Promise<HttpResult>;

/** A handler for requests outside the API (config.json, /cognito, the dev pages, the web app). */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void | Promise<void>;

/** What the API part of the gateway needs: how to verify tokens and where the handlers are. */
export interface ApiGatewayOptions {
  /** Verifies ID tokens issued by the local user pool. */
  readonly jwt: { readonly issuer: string; readonly audience: string; readonly jwksUri: string };
  readonly loadArea: (area: Area) => Promise<AreaHandler>;
  /**
   * Why the local pipeline cannot do its work now (a part of the stack is down), or undefined. While
   * it says something, `GET /api/health` answers 503 with it instead of calling the health handler.
   */
  readonly unavailable?: () => string | undefined;
  readonly log?: (line: string) => void;
}

/** A request as it reaches the gateway, before its body is read. */
export interface GatewayRequest {
  readonly method: string;
  /** The request target as sent (path and query string, not normalised). */
  readonly target: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly sourceIp: string;
  /** The body, or null as soon as it passes `limit` bytes (the rest is never read). */
  readonly readBody: (limit: number) => Promise<Buffer | null>;
}

/** The API behind the gateway: a request of `/api/…` or `/webhooks/…` to its answer; never throws. */
export type ApiGateway = (request: GatewayRequest) => Promise<HttpResult>;

/** Options of the local API gateway. */
export interface GatewayOptions extends ApiGatewayOptions {
  readonly port: number;
  readonly host?: string;
  /** The web app's config.json for a page served from `origin`. */
  readonly runtimeConfig: (origin: string) => RuntimeConfig;
  /** Path-prefix handlers tried before the API (e.g. `/cognito`). */
  readonly mounts?: Readonly<Record<string, Middleware>>;
  /** Serves everything else (the web app). */
  readonly fallback?: Middleware;
  /** WebSocket upgrades by path. */
  readonly upgrades?: Readonly<Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>>;
}

/** A running gateway. */
export interface Gateway {
  readonly server: Server;
  readonly url: string;
  /** The address and port it listens on. */
  readonly address: { readonly host: string; readonly port: number };
  close(): Promise<void>;
}

/** A verified token's claims as API Gateway's JWT authorizer hands them on (objects as JSON text). */
type Claims = Record<string, string | number | boolean | string[]>;

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|.*\+json)|text\/)/i;

interface CompiledRoute {
  readonly route: AnyRoute;
  readonly match: (path: string) => Record<string, string> | null;
}

function compileRoutes(): CompiledRoute[] {
  // Literal segments win over parameters, as in API Gateway: sort by number of parameters.
  return Object.values(routes as Record<string, AnyRoute>)
    .map((route) => ({ route, match: pathMatcher(route.path), params: (route.path.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.params - b.params);
}

function headerMap(raw: GatewayRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = typeof v === 'string' ? v : v.join(',');
  }
  return out;
}

/**
 * Reads a request body up to `limit` bytes: null at once when the declared length is larger, or as
 * soon as the bytes received pass it. Nothing past the limit is kept, so a huge (or endless, chunked)
 * body costs no memory; the caller answers 413 and closes the connection.
 */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (outcome: () => void) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else
        done(() => {
          req.pause();
          chunks.length = 0;
          resolve(null);
        });
    };
    const onEnd = () => done(() => resolve(Buffer.concat(chunks)));
    const onError = (err: Error) => done(() => reject(err));
    // The client went away mid-body: there is nobody to answer.
    const onClose = () => done(() => reject(new Error('request closed before its body ended')));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** The URL of a request target, or null when it is none (the HTTP parser lets `//[` through). */
function parseTarget(target: string | undefined): URL | null {
  try {
    return new URL(target || '/', 'http://localhost');
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** An answer of API Gateway itself (no route, JWT authorizer), in its own body shape. */
function gatewayAnswer(statusCode: number, message: string): HttpResult {
  return { statusCode, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) };
}

/** An answer of the gateway in the API's own error shape. */
function apiAnswer(statusCode: number, body: ApiError): HttpResult {
  return { statusCode, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

/**
 * The API part of the local stand-in for API Gateway (HTTP API, payload 2.0): matches a request to
 * a route of the contract, verifies the Cognito JWT on protected routes as the JWT authorizer does,
 * reads the body no further than the route's limit (413 past it), builds the same event the cloud
 * sends and calls the same area handler in-process. The HTTP server below and tests that drive the
 * API without sockets (the fuzz test) both go through it.
 */
export async function createApiGateway(opts: ApiGatewayOptions): Promise<ApiGateway> {
  const compiled = compileRoutes();
  const verifier = JwtRsaVerifier.create({
    issuer: opts.jwt.issuer,
    audience: opts.jwt.audience,
    jwksUri: opts.jwt.jwksUri,
  });
  // aws-jwt-verify fetches JWKS over https only; cognito-local serves http on loopback, so the
  // gateway fetches the keys itself and hands them to the verifier.
  const jwks = (await (await fetch(opts.jwt.jwksUri)).json()) as Parameters<typeof verifier.cacheJwks>[0];
  verifier.cacheJwks(jwks);
  // Tokens already verified, with their claims, until they expire: the same string verifies the same way.
  const known = new Map<string, { claims: Claims; exp: number }>();
  const verified = async (token: string): Promise<Claims | undefined> => {
    const hit = known.get(token);
    if (hit && hit.exp > Date.now() / 1000) return hit.claims;
    let payload: Awaited<ReturnType<typeof verifier.verify>>;
    try {
      // ID tokens only, as the route handler requires (API Gateway's JWT authorizer would also pass an access token).
      payload = await verifier.verify(token, { tokenUse: 'id' } as never);
    } catch {
      return undefined;
    }
    const claims = Object.fromEntries(
      Object.entries(payload).map(([k, v]) => [k, typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v]),
    ) as Claims;
    if (known.size >= 1000) known.delete(known.keys().next().value as string);
    known.set(token, { claims, exp: Number(payload.exp) });
    return claims;
  };
  const handlers = new Map<Area, Promise<AreaHandler>>();
  const area = (a: Area) => {
    let h = handlers.get(a);
    if (!h) {
      h = opts.loadArea(a);
      handlers.set(a, h);
    }
    return h;
  };

  const api = async (request: GatewayRequest): Promise<HttpResult> => {
    const url = parseTarget(request.target);
    // A target that is no URL (`//[`) names no route.
    if (!url) return gatewayAnswer(404, 'Not Found');
    const method = request.method.toUpperCase();
    let found: { route: AnyRoute; params: Record<string, string> } | undefined;
    for (const c of compiled) {
      if (c.route.method !== method) continue;
      const params = c.match(url.pathname);
      if (params) {
        found = { route: c.route, params };
        break;
      }
    }
    if (!found) return gatewayAnswer(404, 'Not Found');
    const { route, params } = found;
    if (route === routes.health) {
      const problem = opts.unavailable?.();
      if (problem) return apiAnswer(503, { message: problem, code: 'unavailable' });
    }
    const headers = headerMap(request.headers);

    let claims: Claims | undefined;
    if (route.auth !== 'public' && route.auth !== 'webhook') {
      const token = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
      if (!token) return gatewayAnswer(401, 'Unauthorized');
      claims = await verified(token);
      if (!claims) return gatewayAnswer(401, 'Unauthorized');
    }

    const raw = await request.readBody(bodyLimitOf(route));
    if (!raw) return toErrorResult(bodyTooLarge(route));
    // A body goes as text only when it is text: other bytes are base64, so the handler sees them exactly (signatures).
    const isText = raw.length === 0 || (TEXT_TYPES.test(headers['content-type'] ?? 'application/json') && isUtf8(raw));
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
    const now = new Date();
    // The full payload-2.0 shape: fields our handlers do not read are still sent, as the cloud does.
    const requestContext = {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    };
    const event: HttpEvent & { version: string } = {
      version: '2.0',
      routeKey: routeKey(route),
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
      ...(Object.keys(params).length ? { pathParameters: params } : {}),
      ...(raw.length ? { body: isText ? raw.toString('utf8') : raw.toString('base64') } : {}),
      isBase64Encoded: !isText,
      requestContext,
    };
    const handler = await area(route.area);
    return handler(event, lambdaContext(`kehila-${route.area}`));
  };

  return async (request) => {
    try {
      return await api(request);
    } catch (err) {
      opts.log?.(`gateway error on ${request.method} ${request.target}: ${(err as Error).stack ?? String(err)}`);
      return apiAnswer(500, { message: 'Something went wrong. Please try again.', code: 'internal' });
    }
  };
}

/**
 * The local stand-in for API Gateway: the API (see createApiGateway) under `/api` and `/webhooks`,
 * config.json, the mounts (`/cognito`, dev pages), WebSocket upgrades and the web app, on one origin.
 */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const api = await createApiGateway(opts);

  const serveApi = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let bodyRead = false;
    const result = await api({
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      headers: req.headers,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      readBody: async (limit) => {
        const body = await readLimited(req, limit);
        bodyRead = body !== null;
        return body;
      },
    });
    // A body left unread (past the limit, or refused before reading) is not drained: the connection closes.
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const close = hasBody && !bodyRead ? { connection: 'close' } : {};
    res.writeHead(result.statusCode, { ...result.headers, ...close }).end(result.body);
  };

  const server = createServer((req, res) => {
    const url = parseTarget(req.url);
    if (!url) return sendJson(res, 404, { message: 'Not Found' });
    const path = url.pathname;
    const fail = (err: unknown) => {
      opts.log?.(`gateway error on ${req.method} ${path}: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent)
        sendJson(res, 500, { message: 'Something went wrong. Please try again.', code: 'internal' });
      else res.end();
    };
    try {
      if (path === '/config.json') {
        res
          .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
          .end(JSON.stringify(opts.runtimeConfig(`http://${req.headers.host ?? 'localhost'}`)));
        return;
      }
      for (const [prefix, mw] of Object.entries(opts.mounts ?? {})) {
        if (path === prefix || path.startsWith(`${prefix}/`)) {
          Promise.resolve(mw(req, res, () => sendJson(res, 404, { message: 'Not Found' }))).catch(fail);
          return;
        }
      }
      if (path.startsWith('/api/') || path.startsWith('/webhooks/')) {
        serveApi(req, res).catch(fail);
        return;
      }
      if (opts.fallback) {
        Promise.resolve(opts.fallback(req, res, () => res.writeHead(404).end('Not Found'))).catch(fail);
        return;
      }
      res.writeHead(404).end('Not Found');
    } catch (err) {
      fail(err);
    }
  });
  // Upgraded sockets (our /ws, Vite's hot-reload socket) are not HTTP connections, so
  // closeAllConnections() leaves them open and server.close() would wait for them forever.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req, socket, head) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    const path = parseTarget(req.url)?.pathname ?? '';
    const up = opts.upgrades?.[path];
    if (up) up(req, socket, head);
    // Anything else (e.g. Vite's HMR socket) is handled by listeners attached elsewhere.
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    server,
    url: `http://localhost:${port}`,
    address: { host: typeof addr === 'object' && addr ? addr.address : (opts.host ?? ''), port },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }),
  };
}
