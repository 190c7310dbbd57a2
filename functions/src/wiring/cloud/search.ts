import { createOpenSearchClient, type Credentials } from '../../adapters/search/opensearch/client';
import { OpenSearchSearch } from '../../adapters/search/opensearch/opensearch-search';
import type { Config } from '../../core/config';
import type { SearchPort } from '../../core/ports/search';
import type { Wiring, WiringContext } from '../deps';

/** The function role's credentials, which Lambda puts in the environment. */
async function environmentCredentials(): Promise<Credentials> {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('AWS credentials are not in the environment');
  return {
    accessKeyId,
    secretAccessKey,
    ...(process.env.AWS_SESSION_TOKEN ? { sessionToken: process.env.AWS_SESSION_TOKEN } : {}),
  };
}

/** OpenSearch at SEARCH_ENDPOINT; the vector field takes the AI port's dimension when the index is created. */
export function openSearchPort(ctx: WiringContext): SearchPort {
  const search: NonNullable<Config['search']> = ctx.config.search ?? { index: 'kehila-messages', signing: 'sigv4' };
  if (!search.endpoint) throw new Error('SEARCH_ENDPOINT is required for OpenSearch');
  const client = createOpenSearchClient({
    endpoint: search.endpoint,
    region: ctx.config.region,
    signing: search.signing,
    ...(search.signing === 'sigv4' ? { credentials: environmentCredentials } : {}),
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
