import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureProfiles } from '@kehila/functions/adapters/enrichment/fixtures';
import { PDL_ENRICH_URL, peopleDataLabs } from '@kehila/functions/adapters/enrichment/people-data-labs';

const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(join(__dirname, '../../../../fixtures/enrichment', name), 'utf8'));

/** A fetch that answers one recorded body and keeps the request it was given. */
function replay(status: number, body: unknown) {
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  const fetchImpl = ((input: URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), headers: (init?.headers ?? {}) as Record<string, string> });
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('People Data Labs person enrichment (contract, recorded responses)', () => {
  it('asks for the profile by its LinkedIn URL with the key in X-Api-Key, and maps the person record', async () => {
    const { calls, fetchImpl } = replay(200, recorded('pdl-200.json'));
    const port = peopleDataLabs(() => Promise.resolve('pdl-key'), fetchImpl);
    const profile = await port.lookup('https://www.LinkedIn.com/in/Avigail-Shapira-Example/?trk=x');
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(`${call?.url.origin}${call?.url.pathname}`).toBe(PDL_ENRICH_URL);
    expect(call?.url.searchParams.get('profile')).toBe('linkedin.com/in/avigail-shapira-example');
    expect(call?.url.searchParams.get('min_likelihood')).toBe('6');
    expect(call?.headers['X-Api-Key']).toBe('pdl-key');
    expect(profile).toEqual({
      linkedin_url: 'linkedin.com/in/avigail-shapira-example',
      full_name: 'avigail shapira',
      headline: 'VP Marketing at Ofek Payments | B2B growth',
      job_title: 'vp marketing',
      company: 'ofek payments',
      company_size: '201-500',
      title_levels: ['vp'],
      skills: ['b2b marketing', 'demand generation', 'brand strategy', 'marketing automation', 'hubspot'],
      connections: 812,
      picture_url: null,
    });
  });

  it("answers 404 (no record for the profile) as an honest 'not found'", async () => {
    const { fetchImpl } = replay(404, recorded('pdl-404.json'));
    await expect(
      peopleDataLabs(() => Promise.resolve('k'), fetchImpl).lookup('linkedin.com/in/nobody'),
    ).resolves.toBeNull();
  });

  it('fails with the provider’s reason when it cannot answer (out of credits), so the queue retries', async () => {
    const { fetchImpl } = replay(402, recorded('pdl-402.json'));
    await expect(peopleDataLabs(() => Promise.resolve('k'), fetchImpl).lookup('linkedin.com/in/x')).rejects.toThrow(
      'People Data Labs answered 402: You have hit your account maximum',
    );
  });

  it('refuses a 200 without a person record, and calls nobody without a key or a profile URL', async () => {
    const { fetchImpl } = replay(200, { status: 200, data: { skills: 'not a list' } });
    await expect(peopleDataLabs(() => Promise.resolve('k'), fetchImpl).lookup('linkedin.com/in/x')).rejects.toThrow(
      'without a person record',
    );
    const none = replay(200, recorded('pdl-200.json'));
    await expect(
      peopleDataLabs(() => Promise.resolve(null), none.fetchImpl).lookup('linkedin.com/in/x'),
    ).rejects.toThrow('no API key');
    await expect(
      peopleDataLabs(() => Promise.resolve('k'), none.fetchImpl).lookup('https://example.com/in/x'),
    ).resolves.toBeNull();
    expect(none.calls).toHaveLength(0);
  });
});

describe('the local fixture provider', () => {
  it("serves the demo members' public profiles by URL, whatever its form, and 'not found' for others", async () => {
    const port = fixtureProfiles();
    expect(port.name).toBe('fixtures');
    const yossi = await port.lookup('https://il.linkedin.com/in/Yossi-Cohen-Kehila-Demo/');
    expect(yossi).toMatchObject({ company: 'gesher cloud', title_levels: ['director'] });
    await expect(port.lookup('https://www.linkedin.com/in/someone-else')).resolves.toBeNull();
  });
});
