import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { getAnalysisRun, startAnalysis } from '../../core/bi/analysis';
import {
  biOverview,
  deleteOpportunity,
  generateMarketIntelligence,
  getMarketIntelligence,
  hotOpportunities,
  listOpportunities,
  listPartnerships,
} from '../../core/bi/results';
import { sqsQueues } from '../../wiring/cloud/queues';
import type { Wiring } from '../../wiring/deps';

/** Run Analysis queues its work (the `bi` worker asks the AI provider); the routes read the table. */
export const wiring: Wiring = { queues: sqsQueues };

const overview = implement(routes.getBiOverview, ({ params, deps }) => biOverview(deps, params.communityId));

const start = implement(routes.startBiAnalysis, ({ params, deps, correlationId }) =>
  startAnalysis(deps, params.communityId, correlationId),
);

const run = implement(routes.getBiRun, ({ params, deps }) => getAnalysisRun(deps, params.communityId, params.runId));

const list = implement(routes.listOpportunities, ({ params, query, access, deps }) =>
  listOpportunities(deps, params.communityId, access, query),
);

const hot = implement(routes.hotOpportunities, ({ params, deps }) => hotOpportunities(deps, params.communityId));

const remove = implement(routes.deleteOpportunity, ({ params, deps }) =>
  deleteOpportunity(deps, params.communityId, params.opportunityId),
);

const partners = implement(routes.listPartnerships, ({ params, deps }) => listPartnerships(deps, params.communityId));

const market = implement(routes.getMarketIntelligence, ({ params, deps }) =>
  getMarketIntelligence(deps, params.communityId),
);

const generate = implement(routes.generateMarketIntelligence, ({ params, deps }) =>
  generateMarketIntelligence(deps, params.communityId),
);

/** Lambda handler of the bi area: the Business Intelligence screen and the home's hot opportunities. */
export const handler = createAreaHandler([overview, start, run, list, hot, remove, partners, market, generate], wiring);
