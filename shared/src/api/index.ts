import type { AnyRoute } from './contract';
import { systemRoutes } from './system';
import { accountRoutes } from './accounts';
import { communityRoutes } from './communities';
import { billingRoutes } from './billing';
import { messageRoutes } from './messages';
import { actionRoutes } from './actions';
import { analyticsRoutes } from './analytics';
import { supplierRoutes } from './suppliers';
import { memberRoutes } from './members';
import { inviteRoutes } from './invites';
import { directoryRoutes } from './directory';
import { summaryRoutes } from './summaries';
import { biRoutes } from './bi';
import { settingsRoutes } from './settings';
import { dataRightsRoutes } from './data-rights';

export * from './contract';
export * from './runtime-config';
export * from './system';
export * from './accounts';
export * from './communities';
export * from './billing';
export * from './messages';
export * from './actions';
export * from './analytics';
export * from './suppliers';
export * from './members';
export * from './invites';
export * from './directory';
export * from './summaries';
export * from './bi';
export * from './settings';
export * from './data-rights';
export * from './realtime';
export * from './plans';

/** Every route of the API, declared once. CDK, the local gateway, handlers and the web client read this. */
export const routes = {
  ...systemRoutes,
  ...accountRoutes,
  ...communityRoutes,
  ...billingRoutes,
  ...messageRoutes,
  ...actionRoutes,
  ...analyticsRoutes,
  ...supplierRoutes,
  ...memberRoutes,
  ...inviteRoutes,
  ...directoryRoutes,
  ...summaryRoutes,
  ...biRoutes,
  ...settingsRoutes,
  ...dataRightsRoutes,
} satisfies Record<string, AnyRoute>;

export type RouteName = keyof typeof routes;
