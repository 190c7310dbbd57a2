import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CSV_BOM, csvLine, routes, type Insights } from '@kehila/shared';
import AnalyticsRoute from '../../../../web/src/pages/analytics';
import { insightsCsvRows } from '../../../../web/src/pages/analytics/analytics-page';
import { renderScreen } from '../../helpers/render-screen';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';
import { insights } from './fixtures';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

function renderAnalytics(data: Insights) {
  const fake = new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [COMMUNITY] })],
    [routes.getInsights, () => data],
    [routes.getTopicClusters, () => ({ result: null })],
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
