import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { routes, type Dashboard } from '@kehila/shared';
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

function renderEnhanced(options: { communities?: unknown[]; insights?: () => unknown } = {}) {
  const fake = new FakeApi([
    [routes.listMyCommunities, () => ({ communities: options.communities ?? [COMMUNITY] })],
    [routes.getInsights, options.insights ?? (() => insights())],
    [routes.getTopicClusters, () => ({ result: clusters() })],
    [routes.getDashboard, () => dashboard()],
    [routes.recordAnalyticsEvent, () => ({ status: 202, body: { recorded: true } })],
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
    const range = fake.callsTo(routes.getDashboard)[0]?.query;
    const days = (Date.parse(`${range?.get('to')}T00:00:00Z`) - Date.parse(`${range?.get('from')}T00:00:00Z`)) / 86_400_000;
    expect(days).toBe(29);
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
