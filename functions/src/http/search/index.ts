import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { aiSearch, searchStats } from '../../core/search/ai-search';
import { bedrockAi } from '../../wiring/cloud/ai';
import { sqsQueues } from '../../wiring/cloud/queues';
import { openSearch } from '../../wiring/cloud/search';
import type { Wiring } from '../../wiring/deps';

/** Queries are embedded by the AI provider and answered by the index; a moved embedding version queues a walk. */
export const wiring: Wiring = { ai: bedrockAi, search: openSearch, queues: sqsQueues };

const search = implement(routes.aiSearch, ({ params, query, deps }) =>
  aiSearch(deps, params.communityId, query.q, query.limit),
);

const stats = implement(routes.searchStats, ({ params, deps }) => searchStats(deps, params.communityId));

/** Lambda handler of the search area: AI (meaning-based) search and its indexing statistics. */
export const handler = createAreaHandler([search, stats], wiring);
