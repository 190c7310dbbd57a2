import * as z from 'zod';
import { linkedInProfileKey } from '@kehila/shared';
import type { ProfileEnrichmentPort, PublicProfile } from '../../core/ports/enrichment';

/**
 * People Data Labs' Person Enrichment API (v5), a licensed person dataset: one GET per profile,
 * `profile=<LinkedIn URL>`, the key in the `X-Api-Key` header. 200 answers `{status, likelihood, data}`
 * with the person record; 404 means PDL holds no record for that profile. No scraping: we only read
 * PDL's licensed dataset. https://docs.peopledatalabs.com/docs/person-enrichment-api
 */
export const PDL_ENRICH_URL = 'https://api.peopledatalabs.com/v5/person/enrich';
/** PDL's match score (1-10) below which a record is not returned: we want the profile asked for, not a guess. */
export const PDL_MIN_LIKELIHOOD = 6;

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const list = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);

/** The fields of PDL's person record we read (the rest is ignored). */
export const PdlPersonSchema = z.object({
  full_name: text,
  headline: text,
  job_title: text,
  job_company_name: text,
  job_company_size: text,
  job_title_levels: list,
  skills: list,
  linkedin_url: text,
  linkedin_connections: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((v) => v ?? null),
});
export type PdlPerson = z.input<typeof PdlPersonSchema>;

const PdlAnswerSchema = z.object({ status: z.literal(200), likelihood: z.number().optional(), data: PdlPersonSchema });
const PdlErrorSchema = z.object({ error: z.object({ type: z.string().optional(), message: z.string().optional() }) });

/** A PDL person record as the port's profile (the fixtures use the same record shape). */
export function profileFromPdl(person: PdlPerson, askedUrl: string): PublicProfile {
  const p = PdlPersonSchema.parse(person);
  return {
    linkedin_url: linkedInProfileKey(p.linkedin_url) ?? linkedInProfileKey(askedUrl) ?? askedUrl,
    full_name: p.full_name,
    headline: p.headline,
    job_title: p.job_title,
    company: p.job_company_name,
    company_size: p.job_company_size,
    title_levels: p.job_title_levels,
    skills: p.skills,
    connections: p.linkedin_connections,
    picture_url: null,
  };
}

/** The PDL provider; `apiKey` is read when the first profile is looked up (the `enrichmentApiKey` secret). */
export function peopleDataLabs(
  apiKey: () => Promise<string | null>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ProfileEnrichmentPort {
  return {
    name: 'peopledatalabs',
    async lookup(linkedinUrl) {
      const profile = linkedInProfileKey(linkedinUrl);
      if (!profile) return null;
      const key = await apiKey();
      if (!key) throw new Error('profile enrichment has no API key: set the enrichment secret (docs/deploy.md)');
      const url = new URL(PDL_ENRICH_URL);
      url.searchParams.set('profile', profile);
      url.searchParams.set('min_likelihood', String(PDL_MIN_LIKELIHOOD));
      const res = await fetchImpl(url, {
        headers: { 'X-Api-Key': key, accept: 'application/json' },
        signal: AbortSignal.timeout(20_000),
      });
      const body: unknown = await res.json().catch(() => null);
      if (res.status === 404) return null;
      if (!res.ok) {
        const err = PdlErrorSchema.safeParse(body);
        const why = err.success ? (err.data.error.message ?? err.data.error.type) : undefined;
        throw new Error(`People Data Labs answered ${res.status}${why ? `: ${why}` : ''}`);
      }
      const answer = PdlAnswerSchema.safeParse(body);
      if (!answer.success) throw new Error('People Data Labs answered 200 without a person record');
      return profileFromPdl(answer.data.data, profile);
    },
  };
}
