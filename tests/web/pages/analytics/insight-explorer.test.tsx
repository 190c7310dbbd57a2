import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@kehila/shared';
import AnalyticsRoute from '../../../../web/src/pages/analytics';
import { renderScreen } from '../../helpers/render-screen';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';
import { clusters, insights } from './fixtures';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

function renderExplorer(stored: unknown, generate: () => unknown = () => clusters(), width?: number) {
  const fake = new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [COMMUNITY] })],
    [routes.getInsights, () => insights()],
    [routes.getTopicClusters, () => stored],
    [routes.generateTopicClusters, generate],
  ]);
  renderScreen({
    routes: [{ path: '/analytics', element: <AnalyticsRoute /> }, { path: '/messages', element: <p>Messages screen</p> }],
    path: '/analytics',
    fetch: fake.fetch,
    ...(width ? { width } : {}),
  });
  return fake;
}

const explorer = async () => {
  const heading = await screen.findByRole('heading', { name: 'AI Insight Explorer' }, { timeout: 25_000 });
  return heading.closest('[class*="awsui_root"]') as HTMLElement;
};

describe('AI Insight Explorer', () => {
  it('offers to generate clusters when none are stored, then lists them with keywords and links to their messages', async () => {
    const fake = renderExplorer({ result: null });
    await explorer();
    expect(await screen.findByText('No topic clusters yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generate clusters' }));
    expect(await screen.findByText('plumber · kitchen sink')).toBeInTheDocument();
    expect(fake.callsTo(routes.generateTopicClusters)[0]?.body).toEqual({ days: 30 });
    expect(screen.getByText('6 messages')).toBeInTheDocument();
    expect(screen.getByText('kitchen sink')).toBeInTheDocument();
    expect(screen.getByText('No keywords')).toBeInTheDocument();
    const link = screen.getAllByRole('link', { name: /^Open in Messages: מישהו מכיר/ })[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/messages?id=m-0');
    expect(screen.getByText(/40 messages · generated .* · labels by the local model \(keywords\)/)).toBeInTheDocument();
    fireEvent.click(link);
    expect(await screen.findByText('Messages screen')).toBeInTheDocument();
  }, 30_000);

  it('maps the 15 largest clusters with a legend and a table alternative', async () => {
    renderExplorer({ result: clusters(16) });
    await explorer();
    fireEvent.click(await screen.findByRole('tab', { name: 'Semantic Mapping' }));
    const map = await screen.findByRole('img', { name: 'Semantic map of the 15 largest topic clusters' });
    // one dot per message and one per cluster centre, the 16th cluster left out
    expect(map.querySelectorAll('circle')).toHaveLength(15 + 15);
    expect(screen.queryByText('cluster 15')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Show as table'));
    const table = screen.getByRole('table', { name: 'Semantic Mapping' });
    expect(within(table).getAllByRole('row')).toHaveLength(16);
    expect(within(table).getByText('1.00, -1.00')).toBeInTheDocument();
  }, 30_000);

  it('shows the keywords of the period with their share of messages', async () => {
    renderExplorer({ result: null });
    await explorer();
    fireEvent.click(await screen.findByRole('tab', { name: 'Keywords' }));
    const table = await screen.findByRole('table', { name: 'Keywords' });
    const row = within(table).getByText('שכירות').closest('tr') as HTMLElement;
    expect(within(row).getByText('9')).toBeInTheDocument();
    expect(within(row).getByText('30%')).toBeInTheDocument();
  }, 30_000);

  it('says when the clusters cannot be read, and tries again', async () => {
    let calls = 0;
    const fake = renderExplorer(undefined);
    fake.on(routes.getTopicClusters, () => {
      calls++;
      return calls === 1
        ? { status: 503, body: { message: 'Failed to fetch topic clusters', code: 'unavailable' } }
        : { result: clusters() };
    });
    await explorer();
    expect((await screen.findAllByText('Failed to fetch topic clusters', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('plumber · kitchen sink')).toBeInTheDocument();
  }, 30_000);

  it('says when generating fails', async () => {
    renderExplorer({ result: null }, () => ({
      status: 503,
      body: { message: 'Failed to generate clusters', code: 'unavailable' },
    }));
    await explorer();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate clusters' }));
    await waitFor(() => expect(screen.getAllByText('Failed to generate clusters').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Generate clusters' })).toBeEnabled();
  }, 30_000);

  it('says so when the period has no indexed message', async () => {
    renderExplorer({ result: { ...clusters(0), message_count: 0 } }, undefined, 375);
    await explorer();
    expect(await screen.findByText('No messages to cluster')).toBeInTheDocument();
  }, 30_000);
});
