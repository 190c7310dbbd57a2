import { linkedInProfileKey } from '@kehila/shared';
import type { ProfileEnrichmentPort } from '../../core/ports/enrichment';
import { DEMO_PUBLIC_PROFILES } from './demo-profiles';
import { profileFromPdl, type PdlPerson } from './people-data-labs';

/**
 * The local stack's provider: public-profile fixtures that ship with the project, keyed by LinkedIn
 * URL (the demo members' by default). It never reaches the network; a URL without a fixture is an
 * honest 'not found'.
 */
export function fixtureProfiles(
  profiles: Readonly<Record<string, PdlPerson>> = DEMO_PUBLIC_PROFILES,
): ProfileEnrichmentPort {
  return {
    name: 'fixtures',
    lookup(linkedinUrl) {
      const key = linkedInProfileKey(linkedinUrl);
      const person = key ? profiles[key] : undefined;
      return Promise.resolve(person && key ? profileFromPdl(person, key) : null);
    },
  };
}
