import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes, type EnrichmentJob, type EnrichmentMember, type UserCommunity } from '@kehila/shared';
import BusinessIntelligenceRoute from '../../../../web/src/pages/bi';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const blank: EnrichmentMember = {
  id: '',
  name: '',
  email: null,
  company: null,
  job_role: null,
  role_level: null,
  linkedin_profile_url: null,
  linkedin_enriched_at: null,
  linkedin_headline: null,
  profile_picture_url: null,
  skills: [],
  decision_authority: null,
  influence_level: null,
  revenue_potential_score: null,
  estimated_budget_authority: null,
  referral_value: null,
};
const dana: EnrichmentMember = {
  ...blank,
  id: 'dana',
  name: 'Dana Levi',
  email: 'dana@example.com',
  company: 'Tamar Labs',
  job_role: 'CEO',
  role_level: 'C-Level',
  linkedin_profile_url: 'https://www.linkedin.com/in/dana',
  linkedin_enriched_at: '2026-11-30T10:00:00.000Z',
  linkedin_headline: 'Co-founder & CEO at Tamar Labs',
  skills: ['Startups', 'Fundraising', 'Sales', 'Hiring', 'Product'],
  decision_authority: true,
  influence_level: 'High',
  revenue_potential_score: 85,
  estimated_budget_authority: 125_000,
  referral_value: 12_500,
};
const yossi: EnrichmentMember = {
  ...blank,
  id: 'yossi',
  name: 'Yossi Cohen',
  linkedin_profile_url: 'https://www.linkedin.com/in/yossi',
};
const noa: EnrichmentMember = { ...blank, id: 'noa', name: 'Noa Bar' };

const job = (ids: string[]): EnrichmentJob => ({
  id: 'j1',
  community_id: COMMUNITY.community_id,
  status: 'queued',
  member_ids: ids,
  processed: 0,
  total: ids.length,
  enriched: 0,
  not_found: 0,
  failed: 0,
  results: {},
  force_refresh: true,
  provider: 'fixtures',
  error: null,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
});

function api(community: UserCommunity = COMMUNITY, members: EnrichmentMember[] = [dana, yossi, noa]): FakeApi {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [community] })],
    [
      routes.getBiOverview,
      () => ({
        summary: {
          total_opportunities: 0,
          new_opportunities: 0,
          total_estimated_value: 0,
          total_partnership_matches: 0,
          new_partnership_matches: 0,
          active_opportunities: 0,
        },
        run: null,
      }),
    ],
    [routes.listOpportunities, () => ({ items: [], total: 0 })],
    [routes.getEnrichmentPanel, () => ({ members, job: null, provider: 'fixtures' })],
    [routes.enrichMembers, (c) => ({ status: 202, body: job((c.body as { member_ids: string[] }).member_ids) })],
  ]);
}

const render = async (fake: FakeApi) => {
  renderScreen({
    routes: [{ path: '/business-intelligence', element: <BusinessIntelligenceRoute /> }],
    path: '/business-intelligence',
    fetch: fake.fetch,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'LinkedIn' }, { timeout: 10_000 }));
};

const cardOf = async (name: string) =>
  (await screen.findByText(name, {}, { timeout: 10_000 })).closest('li') as HTMLElement;

describe('LinkedIn enrichment panel (S3 §2)', () => {
  it('shows each state badge, and on an enriched card the signals, budget in K, score out of 100, three skills and +n', async () => {
    await render(api());
    const d = within(await cardOf('Dana Levi'));
    for (const text of ['Enriched', 'Decision Maker', 'High Influence', 'High Revenue', '$125K', '85/100', '+2']) {
      expect(d.getByText(text)).toBeInTheDocument();
    }
    expect(d.queryByText('Hiring')).not.toBeInTheDocument();
    expect(d.getByRole('link', { name: 'LinkedIn Dana Levi' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/dana',
    );
    expect(d.getByRole('button', { name: 'Re-enrich Dana Levi' })).toBeEnabled();
    const y = within(await cardOf('Yossi Cohen'));
    expect(y.getByText('Pending')).toBeInTheDocument();
    expect(y.getByText('No company')).toBeInTheDocument();
    expect(y.getByRole('button', { name: 'Enrich Yossi Cohen' })).toBeInTheDocument();
    const n = within(await cardOf('Noa Bar'));
    expect(n.getByText('No LinkedIn')).toBeInTheDocument();
    expect(n.queryByRole('button', { name: /Enrich/ })).not.toBeInTheDocument();
  });

  it('Enrich All sends only the members with a URL and no enrichment date, and disables Enrich while the job runs', async () => {
    const fake = api();
    await render(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Enrich All (1)' }, { timeout: 10_000 }));
    await waitFor(() => expect(fake.callsTo(routes.enrichMembers)).toHaveLength(1));
    expect(fake.callsTo(routes.enrichMembers)[0]?.body).toEqual({ member_ids: ['yossi'], only_pending: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Re-enrich Dana Levi' })).toBeDisabled());
  });

  it('Bulk: select all takes the members with a URL, counts them and estimates $0.04 each', async () => {
    const fake = api();
    await render(fake);
    await userEvent.click(screen.getByRole('tab', { name: 'Bulk' }));
    expect(screen.getByTestId('bulk-list')).toHaveStyle({ maxBlockSize: '24rem' });
    await userEvent.click(screen.getByRole('button', { name: 'Enrich Selected' }));
    expect(await findToast('Please select members to enrich')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all members with a LinkedIn URL' }));
    expect(screen.getByText('2 members selected')).toBeInTheDocument();
    expect(screen.getByText('$0.08')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enrich Selected' }));
    await waitFor(() => expect(fake.callsTo(routes.enrichMembers)).toHaveLength(1));
    expect(fake.callsTo(routes.enrichMembers)[0]?.body).toEqual({ member_ids: ['dana', 'yossi'], only_pending: false });
  });

  it('Revenue: ranks the enriched members, or says there are none yet', async () => {
    await render(api());
    await userEvent.click(screen.getAllByRole('tab', { name: 'Revenue' }).at(-1) as HTMLElement);
    expect(screen.getByRole('heading', { name: 'Top Revenue Opportunities' })).toBeInTheDocument();
    const row = within(document.querySelector('[data-revenue-member="dana"]') as HTMLElement);
    expect(row.getByText('CEO at Tamar Labs')).toBeInTheDocument();
    expect(row.getByText('$12,500')).toBeInTheDocument();
  });

  it('says there is no revenue data before any enrichment', async () => {
    await render(api(COMMUNITY, [yossi, noa]));
    await userEvent.click(screen.getAllByRole('tab', { name: 'Revenue' }).at(-1) as HTMLElement);
    expect(screen.getByText('No enriched members with revenue data yet.')).toBeInTheDocument();
  });

  it('is the admins’: a member is told so and the panel is never asked for', async () => {
    const fake = api({ ...COMMUNITY, role: 'Member' });
    await render(fake);
    expect(await screen.findByText('Only community admins can enrich member profiles.')).toBeInTheDocument();
    expect(fake.callsTo(routes.getEnrichmentPanel)).toHaveLength(0);
  });
});
