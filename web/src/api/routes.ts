import { routes as contract, type AnyRoute, type RouteName } from '@kehila/shared/api/index';

declare const contractRoute: unique symbol;

/**
 * What the web client reads of a route: its method, path, who may call it, and whether its body is raw
 * text. The contract's schemas ride along in the type only; in development and tests they are also
 * there at run time (the client then checks each response against them), while the production build
 * carries the fields alone (see below).
 */
export type ClientRoute<R extends AnyRoute = AnyRoute> = Pick<R, 'method' | 'path' | 'auth'> &
  Partial<Pick<R, 'body' | 'response'>> & { readonly [contractRoute]?: R };

type Contract = typeof contract;

/** Every route of the contract the web may call (webhooks are for gateways), by name. */
export type ClientRoutes = {
  readonly [N in RouteName as Contract[N]['auth'] extends 'webhook' ? never : N]: ClientRoute<Contract[N]>;
};

/**
 * The routes the web calls (`callApi(routes.listMessages, …)`). This is the contract itself, so the
 * dev server and the tests validate what the server answers; the production build replaces this
 * module with the same routes stripped to `method`, `path`, `auth` and a raw `body`
 * (web/build/client-routes.ts), which keeps zod and every schema out of the first visit: the server's
 * answers are checked against the contract by its own tests.
 */
export const routes: ClientRoutes = contract;
