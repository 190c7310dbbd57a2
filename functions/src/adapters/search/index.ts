import type { Config } from '../../core/config';
import type { Db } from '../../data/db';
import type { SearchPort } from './port';

/** The search engine chosen by configuration (OpenSearch, or the embedded local engine). */
export function createSearchPort(_config: Config, _db: Db): SearchPort {
  throw new Error('the search port is not wired yet (functions/src/adapters/search/index.ts)');
}
