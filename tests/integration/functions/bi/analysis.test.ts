import { beforeAll, describe, expect, it } from 'vitest';
import {
  OPPORTUNITY_DELETE_REFUSED,
  OPPORTUNITY_SORT_REFUSED,
  type BiOverview,
  type BiRun,
  type BusinessOpportunity,
  type Community,
  type MarketIntelligence,
  type PartnershipMatch,
} from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { runAnalysis, startAnalysis } from '@kehila/functions/core/bi/analysis';
import { putMember } from '@kehila/functions/data/memberships';
import { putMessageIfNew } from '@kehila/functions/data/messages';
import { api, signIn, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId, subOf, waitFor } from '../../../fixtures/whatsapp/stack-community';
import { groupMessage, professional } from '../../../fixtures/bi';

const DAY = 86_400_000;

describe('business intelligence over a seeded community (Run Analysis, S3)', () => {
  let deps: Deps;
  let admin: string;
  let member: string;
  let community: Community;
  const base = () => `/api/communities/${community.id}`;
  const get = async <T>(path: string, token = member) => {
    const res = await api(`${base()}${path}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as T;
  };
  const planted = { accountant: 'bi-acc', app: 'bi-app', photographer: 'bi-photo' };
  let run: BiRun;

  beforeAll(async () => {
    deps = useStackEnv();
    admin = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    member = (await signIn('member@example.com', 'kehila-demo')).IdToken;
    const groupId = freshGroupId();
    community = await communityWithGroup(deps, groupId, [subOf(admin)]);
    const cid = community.id;
    await putMember(deps.db, professional(cid, subOf(member), { first_name: 'Mia', job_role: 'Product manager' }));
    await putMember(
      deps.db,
      professional(cid, 'rina', { first_name: 'Rina', last_name: 'Katz', job_role: 'CPA', company: 'Katz & Co' }),
    );
    await putMember(
      deps.db,
      professional(cid, 'omer', {
        first_name: 'Omer',
        last_name: 'Levi',
        job_role: 'Full stack developer',
        company: 'Levi Labs',
      }),
    );
    await putMember(
      deps.db,
      professional(cid, 'noa', {
        first_name: 'Noa',
        last_name: 'Bar',
        job_role: 'מעצבת גרפית',
        company: 'Bar Studio',
        phone: '052-555-1234',
      }),
    );
    await putMember(
      deps.db,
      professional(cid, 'yael', { first_name: 'Yael', job_role: 'Lawyer', company: 'Cohen Law' }),
    );
    const now = Date.now();
    const messages = [
      // planted opportunities: English with budget and deadline from an unregistered number; Hebrew from Noa; no budget
      {
        id: planted.accountant,
        text: 'Looking for an accountant for my startup, budget of ₪8,000, need it by Friday',
        sender: 'Gil',
        senderId: '972509998888@c.us',
        at: now - 2 * DAY,
      },
      {
        id: planted.app,
        text: 'מחפשת מפתח לבניית אפליקציה, תקציב של 40 אלף ש"ח, תוך שבועיים',
        sender: 'Noa',
        senderId: '972525551234@c.us',
        at: now - 3 * DAY,
      },
      {
        id: planted.photographer,
        text: 'Does anyone know a good photographer?',
        sender: 'Tal',
        senderId: '972501111111@c.us',
        at: now - 4 * DAY,
      },
      // planted non-opportunities
      {
        id: 'bi-offer',
        text: "I'm a developer, available for new projects",
        sender: 'Omer',
        senderId: '972502222222@c.us',
        at: now - 2 * DAY,
      },
      {
        id: 'bi-reco',
        text: 'Highly recommend Rina, the best accountant — 050-1234567',
        sender: 'Dana',
        senderId: '972503333333@c.us',
        at: now - 1 * DAY,
      },
      {
        id: 'bi-chat',
        text: 'בוקר טוב לכולם! מה נשמע?',
        sender: 'Tal',
        senderId: '972501111111@c.us',
        at: now - 1 * DAY,
      },
      // an opportunity outside the 30-day period
      {
        id: 'bi-old',
        text: 'Need a lawyer urgently, budget 10,000 NIS',
        sender: 'Gil',
        senderId: '972509998888@c.us',
        at: now - 45 * DAY,
      },
    ];
    for (const m of messages) {
      await putMessageIfNew(deps.db, {
        communityId: cid,
        message: groupMessage({ ...m, groupId, at: new Date(m.at) }),
        senderKey: m.senderId,
        provider: 'waha',
        providerMessageId: m.id,
        receivedAt: new Date(m.at).toISOString(),
      });
    }
    const first = await api(`${base()}/bi/runs`, { token: member, method: 'POST' });
    expect(first.status).toBe(202);
    run = first.body as BiRun;
    await waitFor(async () => (await get<BiRun>(`/bi/runs/${run.id}`)).status === 'done', 60_000);
    run = await get<BiRun>(`/bi/runs/${run.id}`);
  }, 90_000);

  it('runs as a background job with its progress, once per period', async () => {
    expect(run).toMatchObject({
      status: 'done',
      stage: 'done',
      total: 6,
      processed: 6,
      opportunities_found: 3,
      matches_found: 2,
      ai_provider: 'local',
    });
    const again = await api(`${base()}/bi/runs`, { token: admin, method: 'POST' });
    expect(again.status).toBe(202);
    expect((again.body as BiRun).id).toBe(run.id);
    expect((again.body as BiRun).status).toBe('done');
  });

  it('finds the planted opportunities, each citing its message, and no planted non-opportunity', async () => {
    const { items, total } = await get<{ items: BusinessOpportunity[]; total: number }>('/opportunities');
    expect(total).toBe(3);
    expect(items.map((o) => o.source_messages.map((m) => m.msg_id)).sort()).toEqual([
      [planted.accountant],
      [planted.app],
      [planted.photographer],
    ]);
    const byMsg = (id: string) => items.find((o) => o.source_messages[0]?.msg_id === id)!;
    expect(byMsg(planted.accountant)).toMatchObject({
      title: 'Accountant needed',
      estimated_value: 8000,
      confidence_score: 0.9,
      member_id: 'rina',
      member: { first_name: 'Rina', last_name: 'Katz', company: 'Katz & Co' },
      metadata: { source: 'matched', commission_estimate: 800, unregistered_phone: true, requester_name: 'Gil' },
    });
    expect(byMsg(planted.accountant).metadata.intro_script).toMatch(/^היי Rina, .*Gil.*רואה חשבון/);
    // Noa asked, and she is a registered member: matched to the developer, never to herself
    expect(byMsg(planted.app)).toMatchObject({
      member_id: 'omer',
      timeline_days: 14,
      estimated_value: 40_000,
      metadata: { unregistered_phone: false },
    });
    expect(byMsg(planted.photographer)).toMatchObject({
      member_id: null,
      member: null,
      estimated_value: null,
      metadata: { source: 'unmatched' },
    });
  });

  it('refuses sort and source filter to a member, with the admin-only text; an admin sorts and filters', async () => {
    const refused = await api(`${base()}/opportunities?sort=confidence`, { token: member });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: OPPORTUNITY_SORT_REFUSED });
    const byValue = await get<{ items: BusinessOpportunity[] }>('/opportunities?sort=highest_value', admin);
    expect(byValue.items.map((o) => o.estimated_value)).toEqual([40_000, 8000, null]);
    const unmatched = await get<{ items: BusinessOpportunity[] }>('/opportunities?source=unmatched', admin);
    expect(unmatched.items.map((o) => o.source_messages[0]?.msg_id)).toEqual([planted.photographer]);
    expect((await get<{ items: BusinessOpportunity[] }>('/opportunities?source=dealtomat', admin)).items).toEqual([]);
  });

  it("gives the home's hot opportunities: confidence at least 0.7 only", async () => {
    const hot = await get<{ items: BusinessOpportunity[]; count: number }>('/opportunities/hot');
    expect(hot.count).toBe(2);
    expect(hot.items.every((o) => o.confidence_score >= 0.7)).toBe(true);
  });

  it('matches complementary members as partners and fills the stat cards', async () => {
    const { items } = await get<{ items: PartnershipMatch[] }>('/partnerships');
    const pairs = items.map((p) => [p.member_a.first_name, p.member_b.first_name].sort().join('+')).sort();
    expect(pairs).toEqual(['Noa+Omer', 'Rina+Yael']);
    expect(items.every((p) => p.status === 'suggested' && p.compatibility_score > 0)).toBe(true);
    const overview = await get<BiOverview>('/bi/overview');
    expect(overview.summary).toEqual({
      total_opportunities: 3,
      new_opportunities: 3,
      total_estimated_value: 48_000,
      total_partnership_matches: 2,
      new_partnership_matches: 2,
      active_opportunities: 3,
    });
    expect(overview.run?.id).toBe(run.id);
  });

  it('generates market intelligence for 30 days: totals, skills, the unmet demand as a gap', async () => {
    const res = await api(`${base()}/bi/market-intelligence`, { token: member, method: 'POST' });
    expect(res.status).toBe(200);
    const m = res.body as MarketIntelligence;
    expect(m.summary).toEqual({ total_opportunities: 3, total_value: Math.round(48_000 / 3.7), unique_skills: 5 });
    expect(m.insights.market_gaps).toEqual([
      expect.objectContaining({
        gap_type: 'unmet_demand',
        priority: 'low',
        description: expect.stringContaining('photographer'),
      }),
    ]);
    expect(m.insights.recommendations.map((r) => r.title)).toContain('Bring a photographer into the community');
    expect(m.insights.expertise_distribution).toMatchObject({ CPA: 1, Lawyer: 1 });
    expect((await get<{ result: MarketIntelligence }>('/bi/market-intelligence')).result).toEqual(m);
  });

  it("refuses a member's delete with the S3 text; an admin's delete holds across later runs", async () => {
    const { items } = await get<{ items: BusinessOpportunity[] }>('/opportunities');
    const target = items.find((o) => o.source_messages[0]?.msg_id === planted.photographer)!;
    const refused = await api(`${base()}/opportunities/${target.id}`, { token: member, method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: OPPORTUNITY_DELETE_REFUSED });
    const deleted = await api(`${base()}/opportunities/${target.id}`, { token: admin, method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await api(`${base()}/opportunities/${target.id}`, { token: admin, method: 'DELETE' })).status).toBe(404);
    // the next hour's run reads the same messages: nothing is made twice, the deleted one stays gone
    const later = {
      ...deps,
      now: () => new Date(Date.now() + 3_600_000),
      queues: { send: async () => undefined, sendBatch: async () => undefined },
    };
    const next = await startAnalysis(later, community.id);
    expect(next.id).not.toBe(run.id);
    await runAnalysis(
      later,
      { communityId: community.id, runId: next.id },
      { token: 'later', receiveCount: 1, maxReceiveCount: 3 },
    );
    const after = await get<{ items: BusinessOpportunity[]; total: number }>('/opportunities');
    expect(after.total).toBe(2);
    expect(after.items.map((o) => o.id)).not.toContain(target.id);
  });
});
