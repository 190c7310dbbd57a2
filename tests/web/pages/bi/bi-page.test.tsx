import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  OPPORTUNITY_DELETE_REFUSED,
  routes,
  type BiRun,
  type BusinessOpportunity,
  type UserCommunity,
} from '@kehila/shared';
import BusinessIntelligenceRoute from '../../../../web/src/pages/bi';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const opportunity: BusinessOpportunity = {
  id: 'o-1',
  title: 'Accountant needed',
  description: 'Looking for an accountant for my startup',
  opportunity_type: 'service_request',
  estimated_value: 8000,
  confidence_score: 0.9,
  urgency_level: 'high',
  timeline_days: 2,
  status: 'new',
  tags: ['Accountant'],
  created_at: '2026-11-25T10:00:00.000Z',
  member_id: 'rina',
  community_id: COMMUNITY.community_id,
  metadata: {
    source: 'matched',
    normalized_phone: '972509998888',
    commission_estimate: 800,
    action_items: ['Reply to Gil in the group', 'Introduce Rina Katz to Gil'],
    intro_script: 'היי Rina, רציתי להכיר לך את Gil מהקבוצה',
    match_reason: 'CPA at Katz & Co offers accountant',
    unregistered_phone: true,
    requester_name: 'Gil',
  },
  member: { first_name: 'Rina', last_name: 'Katz', company: 'Katz & Co', job_role: 'CPA' },
  source_messages: [
    { msg_id: 'm-7', timestamp: '2026-11-24T08:00:00.000Z', sender_name: 'Gil', excerpt: 'Looking for an accountant' },
  ],
};

const doneRun: BiRun = {
  id: '2026112510',
  community_id: COMMUNITY.community_id,
  period_start: '2026-10-26T11:00:00.000Z',
  period_end: '2026-11-25T11:00:00.000Z',
  status: 'done',
  stage: 'done',
  processed: 40,
  total: 40,
  opportunities_found: 1,
  matches_found: 0,
  ai_provider: 'local',
  error: null,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:01.000Z',
};

function biApi(community: UserCommunity = COMMUNITY, items: BusinessOpportunity[] = [opportunity]): FakeApi {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [community] })],
    [
      routes.getBiOverview,
      () => ({
        summary: {
          total_opportunities: items.length,
          new_opportunities: items.length,
          total_estimated_value: 48_000,
          total_partnership_matches: 0,
          new_partnership_matches: 0,
          active_opportunities: 1,
        },
        run: doneRun,
      }),
    ],
    [routes.listOpportunities, () => ({ items, total: items.length })],
    [routes.listPartnerships, () => ({ items: [] })],
    [routes.getMarketIntelligence, () => ({ result: null })],
  ]);
}

const render = (api: FakeApi) =>
  renderScreen({
    routes: [{ path: '/business-intelligence', element: <BusinessIntelligenceRoute /> }],
    path: '/business-intelligence',
    fetch: api.fetch,
  });

describe('Business Intelligence screen (S3 §2)', () => {
  it('shows the four stat cards and an opportunity card with every field, linked to its message', async () => {
    render(biApi());
    const card = (await screen.findByText('Accountant needed', {}, { timeout: 10_000 })).closest(
      '[data-opportunity]',
    ) as HTMLElement;
    const c = within(card);
    expect(c.getByText('₪8,000')).toBeInTheDocument();
    expect(c.getByText('90% confidence')).toBeInTheDocument();
    expect(c.getByText('₪800')).toBeInTheDocument();
    expect(c.getByText('2 days')).toBeInTheDocument();
    expect(c.getByText('Asked from +972509998888, a number not registered as a member')).toBeInTheDocument();
    expect(c.getByText('Introduce Rina Katz to Gil')).toBeInTheDocument();
    expect(card.querySelector('[data-intro-script]')).toHaveAttribute('dir', 'rtl');
    expect(c.getByRole('link', { name: /Gil: Looking for an accountant/ })).toHaveAttribute(
      'href',
      '/messages?view=table&id=m-7',
    );
    const value = document.querySelector('[data-stat="value"]') as HTMLElement;
    expect(value.textContent).toContain('₪48k');
  });

  it('opens the matched member from the card', async () => {
    render(biApi());
    await userEvent.click(await screen.findByRole('button', { name: 'Member Rina Katz' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('CPA at Katz & Co offers accountant')).toBeInTheDocument();
  });

  it('gives sort, source filter and delete to admins only', async () => {
    render(biApi({ ...COMMUNITY, role: 'Member' }));
    await screen.findByText('Accountant needed', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Delete Accountant needed' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sort')).not.toBeInTheDocument();
  });

  it("shows the server's refusal when a delete is refused", async () => {
    const api = biApi().on(routes.deleteOpportunity, () => ({
      status: 403,
      body: { message: OPPORTUNITY_DELETE_REFUSED, code: 'forbidden' },
    }));
    render(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Accountant needed' }, { timeout: 10_000 }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast(OPPORTUNITY_DELETE_REFUSED)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(routes.deleteOpportunity)).toHaveLength(1));
  });

  it('says when nothing was detected', async () => {
    render(biApi(COMMUNITY, []));
    expect(
      await screen.findByText('No business opportunities detected yet.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
