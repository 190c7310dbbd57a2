import { routes } from '@kehila/shared';
import { readAlertRule, saveAlertRule } from '../../core/alerts/alerts';
import { generateClusters, getClusters, recordAnalyticsEvent } from '../../core/analytics/clusters';
import { getDashboard, getInsights } from '../../core/analytics/service';
import { createAreaHandler, implement } from '../route-handler';
import { bedrockAi } from '../../wiring/cloud/ai';
import { openSearch } from '../../wiring/cloud/search';
import type { Wiring } from '../../wiring/deps';

/**
 * Dashboard and analytics read the table's aggregates; Generate clusters reads the index's vectors
 * and asks the AI provider for labels (both loaded on first use: the other routes never load them).
 */
export const wiring: Wiring = { ai: bedrockAi, search: openSearch };

const dashboard = implement(routes.getDashboard, ({ params, query, deps }) =>
  getDashboard(deps, params.communityId, query),
);

const insights = implement(routes.getInsights, ({ params, query, deps }) =>
  getInsights(deps, params.communityId, query),
);

const clusters = implement(routes.getTopicClusters, ({ params, query, deps }) =>
  getClusters(deps, params.communityId, query.days),
);

const generate = implement(routes.generateTopicClusters, ({ params, body, deps }) =>
  generateClusters(deps, params.communityId, body.days),
);

const event = implement(routes.recordAnalyticsEvent, ({ params, body, user, deps }) =>
  recordAnalyticsEvent(deps, params.communityId, user.id, body),
);

const getRule = implement(routes.getAlertRule, ({ params, user, deps }) =>
  readAlertRule(deps, params.communityId, user),
);

const saveRule = implement(routes.saveAlertRule, ({ params, body, user, deps }) =>
  saveAlertRule(deps, params.communityId, user, body),
);

/** Lambda handler of the analytics area: the dashboard, the analytics charts, the topic clusters and the alert rule. */
export const handler = createAreaHandler([dashboard, insights, clusters, generate, event, getRule, saveRule], wiring);
