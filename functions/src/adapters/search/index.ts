import { defaultProvider } from '@aws-sdk/credential-provider-node';
import type { Config } from '../../core/config';
import type { Db } from '../../data/db';
import { createAiPort } from '../ai/index';
import { sharedLocalSearch } from './local/local-search';
import { createOpenSearchClient } from './opensearch/client';
import { OpenSearchSearch } from './opensearch/opensearch-search';
import type { SearchPort } from './port';

/**
 * The search engine chosen by configuration: OpenSearch when SEARCH_ENDPOINT is set (the cloud),
 * else the embedded local engine, one per table and process, shared by the embed worker and the
 * search routes of the local stack (docs/search.md).
 */
export function createSearchPort(config: Config, db: Db): SearchPort {
  const search = config.search ?? { index: 'kehila-messages', signing: 'sigv4' as const };
  if (!search.endpoint) {
    if (config.stage === 'cloud') throw new Error('SEARCH_ENDPOINT is required in the cloud');
    return sharedLocalSearch(db, config.endpoints.dynamodb);
  }
  const client = createOpenSearchClient({
    endpoint: search.endpoint,
    region: config.region,
    signing: search.signing,
    ...(search.signing === 'sigv4' ? { credentials: defaultProvider() } : {}),
  });
  return new OpenSearchSearch({
    client,
    index: search.index,
    // Read only when the index is created: the vector field takes the AI port's dimension.
    dimensions: () => search.vectorDimensions ?? createAiPort(config, db).embeddingDimensions,
  });
}
