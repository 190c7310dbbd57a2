import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CSV_BOM, csvLine, routes, type Insights } from '@kehila/shared';
import AnalyticsRoute from '../../../../web/src/pages/analytics';
import { insightsCsvRows } from '../../../../web/src/pages/analytics/analytics-page';
import { renderScreen } from '../../helpers/render-screen';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

function insights(over: Partial<Insights> = {}): Insights {
  const days = ['2026-03-29', '2026-03-30', '2026-03-31'];
  return {
    range: { from: '2026-03-25', to: '2026-03-31', days: 7 },
    time_zone: 'UTC',
    total_messages: 30,
    active_senders: 4,
    volume: days.map((date, i) => ({ date, count: 10 + i })),
    active_users: days.map((date) => ({ date, count: 2 })),
    sentiment: {
      average: 0.2,
      labels: { Positive: 12, Neutral: 10, Negative: 8 },
      by_day: days.map((date) => ({ date, average: 0.2, scored: 10 })),
    },
    emotions: [{ emotion: 'joy', count: 30 }],
    urgency: { high: 7, medium: 3, low: 20, overall: 'high' },
    topics: Array.from({ length: 12 }, (_, i) => ({ label: `topic ${i + 1}`, count: 12 - i })),
    keywords: [
      { label: 'שכירות', count: 9 },
      { label: 'rent', count: 3 },
    ],
    toxicity: days.map((date, i) => ({
      date,
      average: i === 2 ? 0.45 : 0.1,
      scored: 10,
      tier: i === 2 ? 'high' : 'low',
      warning: i === 2,
    })),
    intents: [
      { label: 'question', count: 20 },
      { label: 'unknown', count: 10 },
    ],
    activity_hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour })),
    ...over,
  };
}

function renderAnalytics(data: Insights) {
  const fake = new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [COMMUNITY] })],
    [routes.getInsights, () => data],
  ]);
  return {
    fake,
    ...renderScreen({
      routes: [{ path: '/analytics', element: <AnalyticsRoute /> }],
      path: '/analytics',
      fetch: fake.fetch,
    }),
  };
}

describe('Analytics screen', () => {
  it('asks for the last 30 days and shows the overall urgency, the top 10 topics and the toxicity warning', async () => {
    const { fake } = renderAnalytics(insights());
    // The charts are a chunk of their own: the first import in a test process takes a while.
    expect(await screen.findByText('Topic distribution', {}, { timeout: 25_000 })).toBeInTheDocument();
    expect(fake.callsTo(routes.getInsights)[0]?.query.get('days')).toBe('30');
    expect(screen.getByText('Overall')).toBeInTheDocument();
    const topics = screen.getByRole('list', { name: 'Topic distribution' });
    expect(within(topics).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(/Some days had an average toxicity above 0\.3/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Keywords' }).querySelector('li')).toHaveStyle({
      fontSize: '2rem',
      opacity: '1',
    });
  }, 30_000);

  it('says No data available for a window without messages', async () => {
    renderAnalytics(insights({ total_messages: 0 }));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('exports the analytics in view as CSV rows, Hebrew kept, with a byte order mark on the file', () => {
    const rows = insightsCsvRows(insights());
    expect(rows[0]).toEqual(['section', 'label', 'value', 'detail']);
    expect(rows).toContainEqual(['keyword', 'שכירות', 9, null]);
    expect(rows).toContainEqual(['urgency', 'overall', 'high', null]);
    expect(CSV_BOM).toBe('\uFEFF');
    expect(csvLine(['a,b', '=SUM(A1)', 'say "hi"', null])).toBe('"a,b",\'=SUM(A1),"say ""hi""",\r\n');
  });
});
