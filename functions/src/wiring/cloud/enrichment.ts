import type { ProfileEnrichmentPort } from '../../core/ports/enrichment';
import type { Wiring } from '../deps';
import { lazyPort } from '../lazy';

/**
 * Profile enrichment: People Data Labs with the key of the `enrichmentApiKey` secret (Secrets
 * Manager in the cloud through Powertools Parameters, ENRICHMENT_API_KEY directly) when one is
 * configured; else, on the local stack only, the public-profile fixtures that ship with the project.
 * The adapter loads on first use.
 */
export const profileEnrichment: NonNullable<Wiring['enrichment']> = ({ config, ports }) =>
  lazyPort<ProfileEnrichmentPort>(
    async () => {
      if (config.enrichment.provider === 'peopledatalabs') {
        const { peopleDataLabs } = await import('../../adapters/enrichment/people-data-labs');
        return peopleDataLabs(() => ports.secrets.get('enrichmentApiKey'));
      }
      if (config.stage !== 'local') {
        throw new Error('profile enrichment is not configured: set ENRICHMENT_SECRET_NAME (docs/deploy.md)');
      }
      const { fixtureProfiles } = await import('../../adapters/enrichment/fixtures');
      return fixtureProfiles();
    },
    { name: config.enrichment.provider },
  );
