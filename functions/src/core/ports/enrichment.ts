/**
 * A person's public professional profile as an enrichment provider gives it, normalised: what the
 * LinkedIn enrichment derives a member's fields from (core/bi/enrichment.ts). Nothing here is
 * scraped: the production provider is a licensed data API, the local one fixtures that ship with the
 * project.
 */
export interface PublicProfile {
  /** The profile's URL as the provider knows it (`linkedin.com/in/<slug>`). */
  readonly linkedin_url: string;
  readonly full_name: string | null;
  readonly headline: string | null;
  readonly job_title: string | null;
  readonly company: string | null;
  /** The current employer's size band, e.g. `51-200`, `10001+`. */
  readonly company_size: string | null;
  /** Seniority of the current title: `cxo`, `owner`, `vp`, `director`, `partner`, `manager`, `senior`, `entry`, `training`, `unpaid`. */
  readonly title_levels: readonly string[];
  readonly skills: readonly string[];
  /** LinkedIn connections, when the provider knows them. */
  readonly connections: number | null;
  readonly picture_url: string | null;
}

/** The profile-enrichment provider (People Data Labs in the cloud, the fixtures locally). */
export interface ProfileEnrichmentPort {
  /** `peopledatalabs` or `fixtures`: stored on each job. */
  readonly name: string;
  /**
   * The public profile at a LinkedIn URL, or null when the provider has none (an honest 'not found').
   * Throws when the provider cannot answer (no key, quota, outage): the queue retries.
   */
  lookup(linkedinUrl: string): Promise<PublicProfile | null>;
}
