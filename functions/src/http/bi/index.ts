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
import { enrichmentJob, enrichmentPanel, startEnrichment } from '../../core/bi/enrichment';
import { sqsQueues } from '../../wiring/cloud/queues';
import type { Wiring } from '../../wiring/deps';

/**
 * Run Analysis and enrichment queue their work (the `bi` worker asks the AI provider, the
 * `enrichment` worker the profile provider); the routes read the table.
 */
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

const panel = implement(routes.getEnrichmentPanel, ({ params, deps }) => enrichmentPanel(deps, params.communityId));

const enrichOne = implement(routes.enrichMember, ({ params, deps, correlationId }) =>
  startEnrichment(
    deps,
    params.communityId,
    { memberIds: [params.memberId], onlyPending: false, single: true },
    correlationId,
  ),
);

const enrichMany = implement(routes.enrichMembers, ({ params, body, deps, correlationId }) =>
  startEnrichment(
    deps,
    params.communityId,
    { memberIds: body.member_ids, onlyPending: body.only_pending, single: false },
    correlationId,
  ),
);

const job = implement(routes.getEnrichmentJob, ({ params, deps }) =>
  enrichmentJob(deps, params.communityId, params.jobId),
);

/** Lambda handler of the bi area: the Business Intelligence screen and the home's hot opportunities. */
export const handler = createAreaHandler(
  [overview, start, run, list, hot, remove, partners, market, generate, panel, enrichOne, enrichMany, job],
  wiring,
);
