import { DynamoModelStore } from '../adapters/ai/local/model-store';
import { LocalAiPort } from '../adapters/ai/local/provider';
import { localRealtimePort } from '../adapters/realtime/local-hub';
import { sharedLocalSearch } from '../adapters/search/local/local-search';
import { createLocalObjectStore } from '../adapters/storage/local';
import { localOutboxSender } from '../adapters/whatsapp/sender';
import { loadConfig, type Config } from '../core/config';
import type { Deps, Ports } from '../core/deps';
import { lazyBedrock } from './cloud/ai';
import { profileEnrichment } from './cloud/enrichment';
import { cognitoUserPool } from './cloud/identity';
import { lemonSqueezy } from './cloud/payments';
import { sqsQueues } from './cloud/queues';
import { openSearchPort } from './cloud/search';
import { secretsManager } from './cloud/secrets';
import { summarySheets } from './cloud/sheets';
import { gatewayInbound } from './cloud/whatsapp';
import { createDeps, type Wiring } from './deps';

/**
 * The local stack's composition root (`npm start`, the tests, the benches and the operator CLIs):
 * every port, served by the local engines: the offline AI provider (Bedrock when AI_PROVIDER says
 * so), the embedded search engine (OpenSearch when SEARCH_ENDPOINT is set), files under the data
 * directory, the in-process WebSocket hub and the WhatsApp outbox. Never bundled into a Lambda.
 */
export const localWiring: Wiring = {
  queues: sqsQueues,
  secrets: secretsManager,
  ai: ({ config, db }) => {
    const local = new LocalAiPort({ store: new DynamoModelStore(db) });
    return config.ai?.provider === 'bedrock' ? lazyBedrock(config, async () => local) : local;
  },
  search: (ctx) =>
    ctx.config.search?.endpoint ? openSearchPort(ctx) : sharedLocalSearch(ctx.db, ctx.config.endpoints.dynamodb),
  realtime: () => localRealtimePort(),
  storage: ({ config }) => {
    const o = config.objects ?? {};
    if (!o.localDir || !o.localSecret) {
      throw new Error('the local object store is not configured (LOCAL_OBJECTS_DIR and LOCAL_OBJECTS_SECRET)');
    }
    return createLocalObjectStore({ dir: o.localDir, secret: o.localSecret, baseUrl: o.localBaseUrl ?? '' });
  },
  whatsapp: ({ db }) => localOutboxSender(db),
  inbound: gatewayInbound,
  payments: lemonSqueezy,
  identity: cognitoUserPool,
  sheets: summarySheets,
  enrichment: profileEnrichment,
};

/**
 * Dependencies on the local engines for a configuration (the environment's by default); `overrides`
 * replace the table, the clock or any port with a given instance (tests, the workers thread).
 */
export function createLocalDeps(
  config: Config = loadConfig(),
  overrides: Partial<Ports> & { readonly db?: Deps['db']; readonly now?: () => Date } = {},
): Deps {
  const { db, now, ...ports } = overrides;
  const given = Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, () => port])) as Wiring;
  return createDeps(config, { ...localWiring, ...given }, { ...(db ? { db } : {}), ...(now ? { now } : {}) });
}
