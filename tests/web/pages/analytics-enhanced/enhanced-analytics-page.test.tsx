import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { routes, type Dashboard, type EnrichmentMember } from '@kehila/shared';
import EnhancedAnalyticsRoute from '../../../../web/src/pages/analytics-enhanced';
import { renderScreen } from '../../helpers/render-screen';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';
import { clusters, insights } from '../analytics/fixtures';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const dashboard = (over: Partial<Dashboard> = {}) =>
  ({
    total_members: 4,
    messages_today: 0,
    avg_sentiment: 0.2,
    high_urgency_pct: 10,
    avg_msgs_per_day: 1,
    admin_name: 'Dana',
    leaderboard: [
      { Sender_name: 'דנה לוי', cnt: 12, sender_hash: 'a' },
      { Sender_name: 'Omer', cnt: 6, sender_hash: 'b' },
    ],
    recent_messages: [],
    activity_hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0 })),
    active_users_over_time: [],
    range: { from: '2026-03-02', to: '2026-03-31', days: 30 },
    total_messages: 30,
    avg_divisor_days: 30,
    time_zone: 'UTC',
    ...over,
  }) as Dashboard;

const profile = (over: Partial<EnrichmentMember>): EnrichmentMember => ({
  id: 'm',
  name: 'Member',
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
  ...over,
});

const enrichedAt = '2026-03-20T10:00:00.000Z';

function renderEnhanced(
  options: { communities?: unknown[]; insights?: () => unknown; profiles?: EnrichmentMember[] } = {},
) {
  const fake = new FakeApi([
    [routes.listMyCommunities, () => ({ communities: options.communities ?? [COMMUNITY] })],
    [routes.getInsights, options.insights ?? (() => insights())],
    [routes.getTopicClusters, () => ({ result: clusters() })],
    [routes.getDashboard, () => dashboard()],
    [routes.recordAnalyticsEvent, () => ({ status: 202, body: { recorded: true } })],
    [routes.getEnrichmentPanel, () => ({ members: options.profiles ?? [], job: null, provider: 'fixtures' })],
  ]);
  renderScreen({
    routes: [
      { path: '/analytics/enhanced', element: <EnhancedAnalyticsRoute /> },
      { path: '/messages', element: <p>Messages screen</p> },
      { path: '/dashboard', element: <p>Dashboard screen</p> },
    ],
    path: '/analytics/enhanced',
    fetch: fake.fetch,
  });
  return fake;
}

describe('Enhanced Analytics', () => {
  it('shows the sentiment tab of the last 30 days and logs a page view, then a time range change and a tab change', async () => {
    const fake = renderEnhanced();
    expect(await screen.findByRole('heading', { name: 'Enhanced Analytics' })).toBeInTheDocument();
    expect(await screen.findByText('Emotions', {}, { timeout: 25_000 })).toBeInTheDocument();
    expect(fake.callsTo(routes.getInsights)[0]?.query.get('days')).toBe('30');
    await waitFor(() =>
      expect(fake.callsTo(routes.recordAnalyticsEvent).map((c) => c.body)).toEqual([
        { event: 'page_view', page: 'enhanced_analytics' },
      ]),
    );

    // the sentiment tab has no select of its own: the only one is the time range
    const select = createWrapper(document.body).findSelect()!;
    select.openDropdown();
    select.selectOptionByValue('90');
    await waitFor(() => expect(fake.callsTo(routes.getInsights).at(-1)?.query.get('days')).toBe('90'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Topics & Keywords' }));
    expect(await screen.findByText('Topic distribution')).toBeInTheDocument();
    expect(fake.callsTo(routes.recordAnalyticsEvent).map((c) => c.body)).toEqual([
      { event: 'page_view', page: 'enhanced_analytics' },
      { event: 'time_range_change', page: 'enhanced_analytics', days: 90 },
      { event: 'tab_change', page: 'enhanced_analytics', tab: 'topics' },
    ]);
  }, 40_000);

  it('shows the AI Insight Explorer and the members who write most, with an honest note on profiles', async () => {
    const fake = renderEnhanced();
    fireEvent.click(await screen.findByRole('tab', { name: 'AI Insights' }, { timeout: 25_000 }));
    expect(await screen.findByText('plumber · kitchen sink')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Member Intelligence' }));
    const table = await screen.findByRole('table', { name: 'Top contributors' });
    const row = within(table).getByText('דנה לוי').closest('tr') as HTMLElement;
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('40%')).toBeInTheDocument();
    expect(screen.getByText('Member profiles')).toBeInTheDocument();
    // The leaderboard's range is the insights' own window (ending on the community's today).
    const range = fake.callsTo(routes.getDashboard)[0]?.query;
    expect([range?.get('from'), range?.get('to')]).toEqual([insights().range.from, insights().range.to]);
  }, 40_000);

  it("shows an admin the enriched profiles' figures and commonest skills in Member Intelligence", async () => {
    renderEnhanced({
      profiles: [
        profile({
          id: 'a',
          linkedin_enriched_at: enrichedAt,
          decision_authority: true,
          influence_level: 'High',
          revenue_potential_score: 82,
          skills: ['React', 'AWS'],
        }),
        profile({ id: 'b', linkedin_enriched_at: enrichedAt, revenue_potential_score: 70, skills: ['AWS'] }),
        profile({ id: 'c', linkedin_profile_url: 'https://www.linkedin.com/in/c' }),
      ],
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Member Intelligence' }, { timeout: 25_000 }));
    expect(await screen.findByText('2 / 3')).toBeInTheDocument();
    const skills = await screen.findByRole('table', { name: 'Top skills' });
    const rows = within(skills)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['AWS2', 'React1']);
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Decision makers')).toBe('1');
    expect(figure('High influence')).toBe('1');
    // above 70, as the LinkedIn panel's High Revenue badge
    expect(figure('High revenue potential')).toBe('1');
  }, 40_000);

  it('shows six skeletons while loading, then Error Loading Analytics with Try Again', async () => {
    let failing = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    renderEnhanced({
      insights: async () => {
        await held;
        return failing ? { status: 503, body: { message: 'Service unavailable', code: 'unavailable' } } : insights();
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('analytics-skeleton')).toHaveLength(6));
    release();
    expect(await screen.findByText('Error Loading Analytics', {}, { timeout: 20_000 })).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Emotions', {}, { timeout: 25_000 })).toBeInTheDocument();
  }, 40_000);

  it('says No Community Selected and goes to Messages', async () => {
    renderEnhanced({ communities: [] });
    expect(await screen.findByText('No Community Selected')).toBeInTheDocument();
    expect(
      screen.getByText('Please select a community from the header dropdown to view analytics data.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Messages' }));
    expect(await screen.findByText('Messages screen')).toBeInTheDocument();
  }, 30_000);
});
