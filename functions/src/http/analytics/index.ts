import { routes } from '@kehila/shared';
import { getDashboard, getInsights } from '../../core/analytics/service';
import { createAreaHandler, implement } from '../route-handler';
import type { Wiring } from '../../wiring/deps';

/** Dashboard and analytics read the table's aggregates only. */
export const wiring: Wiring = {};

const dashboard = implement(routes.getDashboard, ({ params, query, deps }) =>
  getDashboard(deps, params.communityId, query),
);

const insights = implement(routes.getInsights, ({ params, query, deps }) =>
  getInsights(deps, params.communityId, query),
);

/** Lambda handler of the analytics area: the dashboard and the analytics charts. */
export const handler = createAreaHandler([dashboard, insights], wiring);
