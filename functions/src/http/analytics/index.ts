import { routes } from '@kehila/shared';
import { readAlertRule, saveAlertRule } from '../../core/alerts/alerts';
import { getDashboard, getInsights } from '../../core/analytics/service';
import { createAreaHandler, implement } from '../route-handler';
import type { Wiring } from '../../wiring/deps';

/** Dashboard, analytics and the alert rule read and write the table only. */
export const wiring: Wiring = {};

const dashboard = implement(routes.getDashboard, ({ params, query, deps }) =>
  getDashboard(deps, params.communityId, query),
);

const insights = implement(routes.getInsights, ({ params, query, deps }) =>
  getInsights(deps, params.communityId, query),
);

const getRule = implement(routes.getAlertRule, ({ params, user, deps }) =>
  readAlertRule(deps, params.communityId, user),
);

const saveRule = implement(routes.saveAlertRule, ({ params, body, user, deps }) =>
  saveAlertRule(deps, params.communityId, user, body),
);

/** Lambda handler of the analytics area: the dashboard, the analytics charts and the alert rule. */
export const handler = createAreaHandler([dashboard, insights, getRule, saveRule], wiring);
