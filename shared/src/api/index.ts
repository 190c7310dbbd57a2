import type { AnyRoute } from './contract';
import { systemRoutes } from './system';

export * from './contract';
export * from './runtime-config';
export * from './system';

/** Every route of the API, declared once. CDK, the local gateway, handlers and the web client read this. */
export const routes = {
  ...systemRoutes,
} satisfies Record<string, AnyRoute>;

export type RouteName = keyof typeof routes;
