import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import {
  pathMatcher,
  routeKey,
  routes,
  type AnyRoute,
  type ApiError,
  type Area,
  type RuntimeConfig,
} from '@kehila/shared';
import type { HttpEvent, HttpResult } from '@kehila/functions/http/route-handler';
import { lambdaContext } from './lambda-context';

/** An area's Lambda handler as the gateway invokes it. */
export type AreaHandler = (event: HttpEvent, context: ReturnType<typeof lambdaContext>) => Promise<HttpResult>;

/** A handler for requests outside the API (config.json, /cognito, the dev pages, the web app). */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void | Promise<void>;

/** Options of the local API gateway. */
export interface GatewayOptions {
  readonly port: number;
  readonly host?: string;
  /** The web app's config.json for a page served from `origin`. */
  readonly runtimeConfig: (origin: string) => RuntimeConfig;
  /** Verifies ID tokens issued by the local user pool. */
  readonly jwt: { readonly issuer: string; readonly audience: string; readonly jwksUri: string };
  readonly loadArea: (area: Area) => Promise<AreaHandler>;
  /** Path-prefix handlers tried before the API (e.g. `/cognito`). */
  readonly mounts?: Readonly<Record<string, Middleware>>;
  /** Serves everything else (the web app). */
  readonly fallback?: Middleware;
  /** WebSocket upgrades by path. */
  readonly upgrades?: Readonly<Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>>;
  /**
   * Why the local pipeline cannot do its work now (a part of the stack is down), or undefined. While
   * it says something, `GET /api/health` answers 503 with it instead of calling the health handler.
   */
  readonly unavailable?: () => string | undefined;
  readonly log?: (line: string) => void;
}

/** A running gateway. */
export interface Gateway {
  readonly server: Server;
  readonly url: string;
  /** The address and port it listens on. */
  readonly address: { readonly host: string; readonly port: number };
  close(): Promise<void>;
}

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

function headerMap(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * The local stand-in for API Gateway (HTTP API, payload 2.0): matches a request to a route of the
 * contract, verifies the Cognito JWT on protected routes as the JWT authorizer does, builds the same
 * event the cloud sends and calls the same area handler in-process.
 */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
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
  const handlers = new Map<Area, Promise<AreaHandler>>();
  const area = (a: Area) => {
    let h = handlers.get(a);
    if (!h) {
      h = opts.loadArea(a);
      handlers.set(a, h);
    }
    return h;
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    let found: { route: AnyRoute; params: Record<string, string> } | undefined;
    for (const c of compiled) {
      if (c.route.method !== method) continue;
      const params = c.match(url.pathname);
      if (params) {
        found = { route: c.route, params };
        break;
      }
    }
    if (!found) return sendJson(res, 404, { message: 'Not Found' });
    const { route, params } = found;
    if (route === routes.health) {
      const problem = opts.unavailable?.();
      if (problem) return sendJson(res, 503, { message: problem, code: 'unavailable' } satisfies ApiError);
    }
    const headers = headerMap(req);

    let claims: Record<string, string | number | boolean | string[]> | undefined;
    if (route.auth !== 'public' && route.auth !== 'webhook') {
      const token = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
      if (!token) return sendJson(res, 401, { message: 'Unauthorized' });
      try {
        // ID tokens only, as the route handler requires (API Gateway's JWT authorizer would also pass an access token).
        const payload = await verifier.verify(token, { tokenUse: 'id' } as never);
        claims = Object.fromEntries(
          Object.entries(payload).map(([k, v]) => [
            k,
            typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v,
          ]),
        ) as typeof claims;
      } catch {
        return sendJson(res, 401, { message: 'Unauthorized' });
      }
    }

    const raw = await readBody(req);
    const isText = raw.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
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
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
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
    const result = await handler(event, lambdaContext(`kehila-${route.area}`));
    res.writeHead(result.statusCode, result.headers).end(result.body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
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
        api(req, res, url).catch(fail);
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
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
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
