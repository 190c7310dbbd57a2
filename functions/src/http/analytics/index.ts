import { routes } from '@kehila/shared';
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

/** Lambda handler of the analytics area: the dashboard, the analytics charts and the topic clusters. */
export const handler = createAreaHandler([dashboard, insights, clusters, generate, event], wiring);
