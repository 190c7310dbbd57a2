import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { aiSearch, searchStats } from './ai-search';

const search = implement(routes.aiSearch, ({ params, query, deps }) =>
  aiSearch(deps, params.communityId, query.q, query.limit),
);

const stats = implement(routes.searchStats, ({ params, deps }) => searchStats(deps, params.communityId));

/** Lambda handler of the search area: AI (meaning-based) search and its indexing statistics. */
export const handler = createAreaHandler([search, stats]);
