import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { createOpenSearchClient } from '../../adapters/search/opensearch/client';
import { OpenSearchSearch } from '../../adapters/search/opensearch/opensearch-search';
import type { Config } from '../../core/config';
import type { SearchPort } from '../../core/ports/search';
import type { Wiring, WiringContext } from '../deps';

/** OpenSearch at SEARCH_ENDPOINT; the vector field takes the AI port's dimension when the index is created. */
export function openSearchPort(ctx: WiringContext): SearchPort {
  const search: NonNullable<Config['search']> = ctx.config.search ?? { index: 'kehila-messages', signing: 'sigv4' };
  if (!search.endpoint) throw new Error('SEARCH_ENDPOINT is required for OpenSearch');
  const client = createOpenSearchClient({
    endpoint: search.endpoint,
    region: ctx.config.region,
    signing: search.signing,
    ...(search.signing === 'sigv4' ? { credentials: defaultProvider() } : {}),
  });
  return new OpenSearchSearch({
    client,
    index: search.index,
    // Read only when the index is created (the embed worker, which has the AI port).
    dimensions: () => search.vectorDimensions ?? ctx.ports.ai.embeddingDimensions,
  });
}

/** The search port on OpenSearch (the cloud). */
export const openSearch: NonNullable<Wiring['search']> = openSearchPort;
