import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { routes, type Dashboard, type UserCommunity } from '@kehila/shared';
import DashboardRoute from '../../../../web/src/pages/dashboard';
import { isCommunityManager, statCards } from '../../../../web/src/pages/dashboard/dashboard-page';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

function dashboard(over: Partial<Dashboard> = {}): Dashboard {
  return {
    range: { from: '2026-01-01', to: '2026-03-31', days: 90 },
    time_zone: 'Asia/Kolkata',
    total_messages: 1017,
    avg_divisor_days: 90,
    total_members: 25,
    messages_today: 7,
    avg_sentiment: 0.105,
    high_urgency_pct: 2.5,
    avg_msgs_per_day: 11.3,
    admin_name: 'dana levi',
    leaderboard: [
      { Sender_name: 'Dana Levi', cnt: 109, sender_hash: 'k1' },
      { Sender_name: 'יוסי כהן', cnt: 81, sender_hash: 'k2' },
    ],
    recent_messages: [
      {
        msg_id: 'm1',
        Sender_name: 'Noa',
        content: 'שלום לכולם',
        timestamp: '2026-03-31T10:00:00.000Z',
        urgency: 'high',
        sentiment: 0.2,
        sender_hash: null,
      },
    ],
    activity_hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      count: hour === 9 ? 100 : hour === 10 ? 50 : hour === 11 ? 5 : 0,
    })),
    active_users_over_time: [{ date: '2026-03-31', count: 4 }],
    ...over,
  };
}

function api(d: Dashboard | { status: number; body: unknown }, community: UserCommunity = COMMUNITY) {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [community] })],
    [routes.getDashboard, () => d],
    [
      routes.listActions,
      () => ({ items: [], nextCursor: null, counts: { pending: 0, due_soon: 0, completed: 0, all: 0 } }),
    ],
    [routes.latestSummary, () => null],
  ]);
}

function renderDashboard(fake: FakeApi, path = '/dashboard', width?: number) {
  return renderScreen({
    routes: [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/messages', element: <h1>Messages screen</h1> },
      { path: '/actions', element: <h1>Actions screen</h1> },
    ],
    path,
    fetch: fake.fetch,
    ...(width ? { width } : {}),
  });
}

describe('dashboard figures as shown', () => {
  it('rounds the stat cards as S2 §9 says: sentiment 2 decimals, per day 1, urgency percent 0', () => {
    const values = Object.fromEntries(statCards(dashboard()).map((c) => [c.id, c.value]));
    expect(values).toEqual({
      'total-members': '25',
      'messages-today': '7',
      'avg-sentiment': '0.11',
      'high-urgency': '3%',
      'avg-per-day': '11.3',
    });
    expect(statCards(dashboard({ avg_sentiment: null }))[2]?.value).toBe('—');
  });

  it('gives the Admin badge to a sender named as the admin, ignoring case and spaces', () => {
    expect(isCommunityManager('Dana Levi', ' dana levi')).toBe(true);
    expect(isCommunityManager('Dana Levy', 'dana levi')).toBe(false);
    expect(isCommunityManager(null, 'dana levi')).toBe(false);
    expect(isCommunityManager('Dana', null)).toBe(false);
  });
});

describe('Dashboard screen', () => {
  it('shows the five stat cards, the leaderboard with one Admin badge, recent messages and the hours from the first paint', async () => {
    const fake = api(dashboard());
    renderDashboard(fake);
    expect(await screen.findByText('Total Members')).toBeInTheDocument();
    for (const label of ['Messages Today', 'Avg Sentiment', 'High Urgency', 'Avg Messages/Day']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    const board = screen.getByRole('list', { name: 'Community Leaderboard' });
    expect(within(board).getAllByText('Admin')).toHaveLength(1);
    expect(within(board).getByText('Community Manager · 109 messages')).toBeInTheDocument();
    expect(within(board).getByText('Community Member · 81 messages')).toBeInTheDocument();
    expect(screen.getByText('שלום לכולם')).toHaveAttribute('dir', 'rtl');
    const hours = screen.getByRole('img', { name: /Activity Hours\. Busiest hour 09:00 with 100 messages/ });
    const bars = hours.querySelectorAll('[data-hour]');
    expect(bars).toHaveLength(24);
    expect(bars[9]?.className).toMatch(/tier3/);
    expect(bars[10]?.className).toMatch(/tier2/);
    expect(bars[11]?.className).not.toMatch(/tier/);
    expect(screen.getByText('No upcoming actions')).toBeInTheDocument();
    // Hours and today are the community's: the viewer's zone is not sent, the answer's zone is shown.
    expect(fake.callsTo(routes.getDashboard)[0]?.query.get('tz')).toBeNull();
    expect(screen.getByText("Messages by hour of the day, in the community's time zone (Asia/Kolkata)")).toBeInTheDocument();
  });

  it("Refresh says 'Refreshing dashboard...' and reads the figures again in place", async () => {
    const fake = api(dashboard());
    const { user } = renderDashboard(fake);
    await screen.findByText('Total Members');
    const before = fake.callsTo(routes.getDashboard).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await findToast('Refreshing dashboard...')).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo(routes.getDashboard).length).toBeGreaterThan(before));
    expect(screen.getByText('Total Members')).toBeInTheDocument();
  });

  it("opens a leaderboard sender's messages with 'Showing messages from {sender}'", async () => {
    const { user, router } = renderDashboard(api(dashboard()));
    const board = await screen.findByRole('list', { name: 'Community Leaderboard' });
    await user.click(within(board).getByRole('link', { name: 'יוסי כהן' }));
    expect(await findToast('Showing messages from יוסי כהן')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages');
    expect(router.state.location.search).toBe(`?sender=${encodeURIComponent('יוסי כהן')}`);
  });

  it("says 'Failed to load actions' in Your Upcoming Actions when they cannot be read, not that there are none", async () => {
    const fake = api(dashboard()).on(routes.listActions, () => ({
      status: 500,
      body: { message: 'Something broke', code: 'internal' },
    }));
    renderDashboard(fake);
    expect(await screen.findByText('Failed to load actions', {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByText('Please try refreshing the page')).toBeInTheDocument();
    expect(screen.queryByText('No upcoming actions')).toBeNull();
  });

  it('says No Data Available for a period without messages', async () => {
    renderDashboard(api(dashboard({ total_messages: 0, leaderboard: [], recent_messages: [] })));
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
    expect(screen.getByText('No community data found for this time period')).toBeInTheDocument();
  });

  it('shows Error Loading Dashboard with the message when the figures fail', async () => {
    renderDashboard(api({ status: 500, body: { message: 'Something broke', code: 'internal' } }));
    expect(await screen.findByText('Error Loading Dashboard')).toBeInTheDocument();
  });

  it('shows No Community Access without a connected group', async () => {
    renderDashboard(api(dashboard(), { ...COMMUNITY, group_id: null }));
    expect(await screen.findByText('No Community Access')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Settings' })).toBeInTheDocument();
  });
});

describe('Dashboard summary and upcoming actions (S2 §2.2, §4)', () => {
  const SUMMARY = ['## Key Topics', '- Hiring', '## Action Items', '- Send CVs', '## Recommended Actions', '## Quick Stats', '- Messages: 12'].join('\n');
  const stored = () => ({ id: 's-1', group_id: COMMUNITY.group_id, summary: SUMMARY, created_at: new Date().toISOString() });
  const pending = (id: string, due: Date | null) => ({
    action_id: id,
    group_id: COMMUNITY.group_id,
    user_id: 'user-dana',
    title: `Action ${id}`,
    details: null,
    due_date: due ? due.toISOString() : null,
    priority: 'medium',
    status: 'pending',
    assigned_to: null,
    evidence: null,
    source: 'manual',
    created_at: new Date().toISOString(),
    reminder_ts: null,
    message_refs: [],
  });

  it('offers Suggest actions only once a summary exists, and shows the generated summary card', async () => {
    const fake = api(dashboard()).on(routes.generateSummary, () => stored());
    const { user } = renderDashboard(fake);
    const generate = await screen.findByRole('button', { name: 'Generate summary' });
    expect(screen.queryByRole('button', { name: 'Suggest actions' })).not.toBeInTheDocument();
    await user.click(generate);
    expect(await findToast('Summary generated successfully')).toBeInTheDocument();
    const card = await screen.findByTestId('summary-body');
    for (const part of ['Key Topics', 'Action Items', 'Recommended Actions', 'Quick Stats'])
      expect(within(card).getByRole('region', { name: part })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suggest actions' })).toBeEnabled();
  });

  it("shows a stored summary with 'AI summary ready' and suggests actions with a View Actions link", async () => {
    const fake = api(dashboard())
      .on(routes.latestSummary, () => stored())
      .on(routes.suggestActions, () => ({ actions: [pending('a', null), pending('b', null)] }));
    const { user, router } = renderDashboard(fake);
    expect(await findToast('AI summary ready')).toBeInTheDocument();
    expect(await screen.findByTestId('summary-body')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suggest actions' }));
    expect(await findToast('2 actions suggested successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View Actions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/actions'));
  });

  it('badges upcoming actions: No due date, Overdue, Due Today, Due Tomorrow, Due Soon, otherwise the date', async () => {
    const now = new Date();
    const day = (d: number, h: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + d, h, 30);
    const later = day(10, 12);
    const items = [
      pending('overdue', new Date(now.getTime() - 3_600_000)),
      pending('today', new Date(now.getTime() + 60_000)),
      pending('tomorrow', day(1, 12)),
      pending('soon', day(2, 12)),
      pending('later', later),
    ];
    const fake = api(dashboard()).on(routes.listActions, () => ({
      items,
      nextCursor: null,
      counts: { pending: 5, due_soon: 3, completed: 0, all: 5 },
    }));
    renderDashboard(fake);
    const badgeOf = async (title: string) => {
      const link = await screen.findByRole('link', { name: title });
      return link.parentElement?.querySelector('[data-badge]')?.textContent;
    };
    expect(await badgeOf('Action overdue')).toBe('Overdue');
    expect(await badgeOf('Action tomorrow')).toBe('Due Tomorrow');
    expect(await badgeOf('Action soon')).toBe('Due Soon');
    expect(await badgeOf('Action later')).toBe(
      later.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    );
    // 'today' is a minute from now: Due Today unless the test runs in the last minute of the day.
    expect(['Due Today', 'Due Tomorrow']).toContain(await badgeOf('Action today'));
  });

  it('badges an upcoming action without a due date No due date', async () => {
    const fake = api(dashboard()).on(routes.listActions, () => ({
      items: [pending('none', null)],
      nextCursor: null,
      counts: { pending: 1, due_soon: 0, completed: 0, all: 1 },
    }));
    renderDashboard(fake);
    const link = await screen.findByRole('link', { name: 'Action none' });
    expect(link.parentElement?.querySelector('[data-badge]')?.textContent).toBe('No due date');
  });
});
