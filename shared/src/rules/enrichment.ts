import { BULK_ENRICHMENT_COST_PER_MEMBER_USD } from '../constants';
import type { EnrichmentState } from '../schemas/analytics';

/** What the enrichment rules read of a member. */
interface EnrichableMember {
  readonly linkedin_profile_url?: string | null | undefined;
  readonly linkedin_enriched_at?: string | null | undefined;
}

/**
 * S3 §4: no profile URL is 'No LinkedIn'; a URL without an enriched timestamp is pending; with a
 * timestamp, enriched.
 */
export function enrichmentStateOf(m: EnrichableMember): EnrichmentState {
  if (!m.linkedin_profile_url?.trim()) return 'no_linkedin';
  return m.linkedin_enriched_at ? 'enriched' : 'pending';
}

/** S3 §5: Enrich All takes only members with a LinkedIn URL and no enrichment date. */
export function needsEnrichment(m: EnrichableMember): boolean {
  return enrichmentStateOf(m) === 'pending';
}

/** S3 §9: the bulk bar's estimated cost in dollars ($0.04 per member), to the cent. */
export function bulkEnrichmentCostUsd(members: number): number {
  return Math.round(members * BULK_ENRICHMENT_COST_PER_MEMBER_USD * 100) / 100;
}

/**
 * A LinkedIn profile URL as one key: `linkedin.com/in/<slug>` in lower case, whatever the scheme,
 * subdomain (www., il.), query, fragment or trailing slash; null when it names no public profile.
 */
export function linkedInProfileKey(url: string | null | undefined): string | null {
  const m = /^(?:https?:\/\/)?(?:[\w-]+\.)*linkedin\.com\/in\/([^/?#\s]+)/i.exec(url?.trim() ?? '');
  if (!m?.[1]) return null;
  let slug = m[1];
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // keep it as written
  }
  return `linkedin.com/in/${slug.toLowerCase()}`;
}
