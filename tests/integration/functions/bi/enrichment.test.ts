import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENRICHMENT_BUSY,
  ENRICHMENT_REFUSED,
  type Community,
  type EnrichmentJob,
  type EnrichmentPanel,
} from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { NO_LINKEDIN_URL, NO_MEMBERS_NEED_ENRICHMENT } from '@kehila/functions/core/bi/enrichment';
import { releaseEnrichmentLock, takeEnrichmentLock } from '@kehila/functions/data/enrichment';
import { getMember, putMember } from '@kehila/functions/data/memberships';
import { api, signIn, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId, subOf, waitFor } from '../../../fixtures/whatsapp/stack-community';
import { professional } from '../../../fixtures/bi';

describe('LinkedIn enrichment through the queue (local fixture provider)', () => {
  let deps: Deps;
  let admin: string;
  let member: string;
  let community: Community;
  const base = () => `/api/communities/${community.id}/bi/enrichment`;
  const finished = async (job: EnrichmentJob) => {
    let last = job;
    await waitFor(async () => {
      const res = await api(`${base()}/jobs/${job.id}`, { token: admin });
      last = res.body as EnrichmentJob;
      return last.status === 'done' || last.status === 'failed';
    }, 60_000);
    return last;
  };

  beforeAll(async () => {
    deps = useStackEnv();
    admin = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    member = (await signIn('member@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(admin)]);
    const cid = community.id;
    await putMember(deps.db, professional(cid, subOf(member), { first_name: 'Mia' }));
    // a demo public profile ships with the project; "ghost" has a URL the provider does not know
    await putMember(
      deps.db,
      professional(cid, 'yossi', {
        first_name: 'Yossi',
        last_name: 'Cohen',
        linkedin_profile_url: 'https://www.linkedin.com/in/yossi-cohen-kehila-demo',
      }),
    );
    await putMember(
      deps.db,
      professional(cid, 'ghost', {
        first_name: 'Gal',
        linkedin_profile_url: 'https://www.linkedin.com/in/not-in-fixtures',
      }),
    );
    await putMember(deps.db, professional(cid, 'nourl', { first_name: 'Noa' }));
  });

  it('is refused to a member who is not an admin, in our words', async () => {
    const res = await api(base(), { token: member });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: ENRICHMENT_REFUSED });
    const post = await api(`${base()}/members/yossi`, { token: member, method: 'POST' });
    expect(post.status).toBe(403);
  });

  it("Enrich All takes only members with a URL and no date, writes the found profile's fields and reports 'not found' honestly", async () => {
    const res = await api(base(), {
      token: admin,
      method: 'POST',
      body: { member_ids: ['yossi', 'ghost', 'nourl', subOf(member)], only_pending: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const queued = res.body as EnrichmentJob;
    expect(queued.member_ids.sort()).toEqual(['ghost', 'yossi']);
    const job = await finished(queued);
    expect(job).toMatchObject({ status: 'done', processed: 2, total: 2, enriched: 1, not_found: 1, failed: 0 });
    expect(job.results).toEqual({ yossi: 'enriched', ghost: 'not_found' });

    const yossi = await getMember(deps.db, community.id, 'yossi');
    expect(yossi).toMatchObject({
      job_role: 'Head Of Engineering',
      role_level: 'Director',
      linkedin_headline: 'Head of Engineering at Gesher Cloud | Backend, cloud and data',
      decision_authority: true,
      influence_level: 'High',
      skills: ['Typescript', 'Aws', 'Node.js', 'Postgresql', 'Team Leadership'],
    });
    expect(yossi?.linkedin_enriched_at).toBeTruthy();
    expect(yossi?.estimated_budget_authority).toBe(75_000);
    expect(yossi?.referral_value).toBe(7_500);
    expect((await getMember(deps.db, community.id, 'ghost'))?.linkedin_enriched_at ?? null).toBeNull();

    const panel = (await api(base(), { token: admin })).body as EnrichmentPanel;
    expect(panel.provider).toBe('fixtures');
    expect(panel.job?.id).toBe(job.id);
    expect(panel.members.find((m) => m.id === 'yossi')?.revenue_potential_score).toBeGreaterThan(0);
  });

  it('answers Enrich All with nobody left, a member without a URL, and an unknown member in the spec’s or our words', async () => {
    const none = await api(base(), {
      token: admin,
      method: 'POST',
      body: { member_ids: ['yossi', 'nourl'], only_pending: true },
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: NO_MEMBERS_NEED_ENRICHMENT });
    const noUrl = await api(`${base()}/members/nourl`, { token: admin, method: 'POST' });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body).toMatchObject({ message: NO_LINKEDIN_URL });
    expect((await api(`${base()}/members/nobody`, { token: admin, method: 'POST' })).status).toBe(404);
    const empty = await api(base(), { token: admin, method: 'POST', body: { member_ids: [] } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Please select members to enrich');
  });

  it('refuses a second enrichment while one is in progress, and Re-enrich works once it ends', async () => {
    const now = new Date();
    expect(await takeEnrichmentLock(deps.db, community.id, 'other-job', now.toISOString(), '0')).toBe(true);
    const busy = await api(`${base()}/members/yossi`, { token: admin, method: 'POST' });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ message: ENRICHMENT_BUSY });
    await releaseEnrichmentLock(deps.db, community.id, 'other-job');

    const before = (await getMember(deps.db, community.id, 'yossi'))?.linkedin_enriched_at;
    const again = await api(`${base()}/members/yossi`, { token: admin, method: 'POST' });
    expect(again.status).toBe(202);
    const job = await finished(again.body as EnrichmentJob);
    expect(job).toMatchObject({ status: 'done', enriched: 1, total: 1 });
    expect((await getMember(deps.db, community.id, 'yossi'))?.linkedin_enriched_at).not.toBe(before);
  });
});
