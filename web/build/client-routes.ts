import { resolve } from 'node:path';
import { normalizePath, type Plugin } from 'vite';
import { routes, type AnyRoute } from '../../shared/src/api/index';

/** The module whose production form this plugin writes, relative to the web root. */
export const CLIENT_ROUTES_MODULE = 'src/api/routes.ts';

/** What the client reads of one route (web/src/api/routes.ts `ClientRoute`), as plain data. */
export interface ClientRouteFields {
  readonly method: AnyRoute['method'];
  readonly path: string;
  readonly auth: AnyRoute['auth'];
  readonly body?: 'raw';
}

/**
 * The contract's routes stripped to what the web client reads: no schemas, so no zod. Webhook routes
 * stay out: their callers are gateways and payment providers, never the web app.
 */
export function clientRouteTable(all: Readonly<Record<string, AnyRoute>> = routes): Record<string, ClientRouteFields> {
  return Object.fromEntries(
    Object.entries(all)
      .filter(([, r]) => r.auth !== 'webhook')
      .map(([name, r]) => [
        name,
        { method: r.method, path: r.path, auth: r.auth, ...(r.body === 'raw' ? { body: 'raw' as const } : {}) },
      ]),
  );
}

/** The source the production build uses for web/src/api/routes.ts. */
export function clientRoutesSource(all: Readonly<Record<string, AnyRoute>> = routes): string {
  return `export const routes = ${JSON.stringify(clientRouteTable(all))};\n`;
}

/**
 * Build only: serves web/src/api/routes.ts as the contract's routes reduced to plain data, computed here
 * from the same declarations, so the bundle calls the API without zod or any schema. The dev server and
 * the tests keep the module as written (the contract itself, with response checks).
 */
export function clientRoutes(): Plugin {
  let module = '';
  return {
    name: 'kehila:client-routes',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      module = normalizePath(resolve(config.root, CLIENT_ROUTES_MODULE));
    },
    load(id) {
      return id === module ? clientRoutesSource() : null;
    },
  };
}
