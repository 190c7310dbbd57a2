import { describe, expect, it } from 'vitest';
import { bulkEnrichmentCostUsd, enrichmentStateOf, linkedInProfileKey, needsEnrichment } from '@kehila/shared';
import { enrichmentFields } from '@kehila/functions/core/bi/enrichment';
import type { PublicProfile } from '@kehila/functions/core/ports/enrichment';

const profile = (p: Partial<PublicProfile>): PublicProfile => ({
  linkedin_url: 'linkedin.com/in/x',
  full_name: null,
  headline: null,
  job_title: null,
  company: null,
  company_size: null,
  title_levels: [],
  skills: [],
  connections: null,
  picture_url: null,
  ...p,
});
const AT = '2026-12-01T10:00:00.000Z';

describe('enrichment fields derived from a public profile', () => {
  it('a VP of a 201-500 company with 800 connections: decision maker, High influence, budget and referral value', () => {
    const f = enrichmentFields(
      profile({
        job_title: 'vp marketing',
        company: 'ofek payments',
        company_size: '201-500',
        title_levels: ['vp'],
        skills: ['b2b marketing', 'hubspot'],
        connections: 812,
      }),
      AT,
    );
    expect(f).toMatchObject({
      job_role: 'Vp Marketing',
      role_level: 'VP',
      linkedin_headline: 'Vp Marketing at Ofek Payments',
      decision_authority: true,
      influence_level: 'High',
      // 40 seniority + 20 size + 4 skills + 15 connections
      revenue_potential_score: 79,
      estimated_budget_authority: 300_000,
      referral_value: 30_000,
      skills: ['B2b Marketing', 'Hubspot'],
      linkedin_enriched_at: AT,
    });
  });

  it('a senior engineer of a small company: no decision authority, Medium influence, a small budget', () => {
    const f = enrichmentFields(
      profile({ headline: 'Engineer', title_levels: ['senior'], company_size: '1-10', connections: 50 }),
      AT,
    );
    expect(f).toMatchObject({
      linkedin_headline: 'Engineer',
      role_level: 'Senior',
      decision_authority: false,
      influence_level: 'Medium',
      revenue_potential_score: 12 + 5 + 0 + 2,
      estimated_budget_authority: 1000,
      referral_value: 100,
    });
  });

  it('a profile without a seniority has no budget or referral value rather than an invented one, and the score stays within 100', () => {
    const f = enrichmentFields(
      profile({ connections: 5000, skills: Array.from({ length: 40 }, (_, i) => `s${i}`) }),
      AT,
    );
    expect(f.estimated_budget_authority).toBeNull();
    expect(f.referral_value).toBeNull();
    expect(f.role_level).toBeNull();
    expect(f.skills).toHaveLength(20);
    const top = enrichmentFields(
      profile({
        title_levels: ['cxo'],
        company_size: '10001+',
        connections: 9000,
        skills: ['a', 'b', 'c', 'd', 'e', 'f'],
      }),
      AT,
    );
    expect(top.revenue_potential_score).toBe(100);
  });
});

describe('enrichment rules (S3 §4, §5, §9)', () => {
  it("derives the state: no URL 'No LinkedIn', a URL without a date pending, with a date enriched", () => {
    expect(enrichmentStateOf({ linkedin_profile_url: null })).toBe('no_linkedin');
    expect(enrichmentStateOf({ linkedin_profile_url: '  ' })).toBe('no_linkedin');
    expect(enrichmentStateOf({ linkedin_profile_url: 'linkedin.com/in/a' })).toBe('pending');
    expect(enrichmentStateOf({ linkedin_profile_url: 'linkedin.com/in/a', linkedin_enriched_at: AT })).toBe('enriched');
  });

  it('Enrich All takes only members with a URL and no enrichment date', () => {
    expect(needsEnrichment({ linkedin_profile_url: 'linkedin.com/in/a' })).toBe(true);
    expect(needsEnrichment({ linkedin_profile_url: 'linkedin.com/in/a', linkedin_enriched_at: AT })).toBe(false);
    expect(needsEnrichment({ linkedin_profile_url: null })).toBe(false);
  });

  it('estimates $0.04 per member ($10 per 1,000)', () => {
    expect(bulkEnrichmentCostUsd(1)).toBe(0.04);
    expect(bulkEnrichmentCostUsd(3)).toBe(0.12);
    expect(bulkEnrichmentCostUsd(1000)).toBe(40);
    expect(bulkEnrichmentCostUsd(250)).toBe(10);
  });

  it('keys a profile URL as linkedin.com/in/<slug>, and nothing else as a profile', () => {
    expect(linkedInProfileKey('https://www.linkedin.com/in/Dana-Levi/?utm=1')).toBe('linkedin.com/in/dana-levi');
    expect(linkedInProfileKey('il.linkedin.com/in/dana-levi#about')).toBe('linkedin.com/in/dana-levi');
    expect(linkedInProfileKey('https://www.linkedin.com/company/acme')).toBeNull();
    expect(linkedInProfileKey('https://evil.example/linkedin.com/in/x')).toBeNull();
  });
});
