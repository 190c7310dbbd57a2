import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { currentUrl, defaultApi, message, renderMessages, setUpMessagesTests } from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const now = new Date();
const at = (daysAgo: number, hour: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hour, 0).toISOString();
// Today's messages must not lie in the future of the test run.
const today = (minutesAgo: number) =>
  new Date(
    Math.max(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime(), now.getTime() - minutesAgo * 60_000),
  ).toISOString();

describe('overview: Recent Conversations (S2 §2.1)', () => {
  it('reads the latest 100 messages and groups thread cards under Today, Yesterday and Earlier with counts', async () => {
    const api = defaultApi([
      message({ topic: 'Hiring', timestamp: today(1), keywords: ['react', 'remote', 'salary', 'equity'] }),
      message({ topic: 'Hiring', timestamp: today(2), Sender_name: 'Noa Bar' }),
      message({ topic: 'Events', timestamp: today(3) }),
      message({ topic: 'Legal', timestamp: at(1, 10) }),
      message({ topic: null, timestamp: at(9, 10), Sender_name: 'Avi' }),
    ]);
    renderMessages({ api });
    const sections = await screen.findAllByRole('region', { name: /^(Today|Yesterday|Earlier)$/ });
    expect(
      sections.map((s) => [s.getAttribute('aria-label'), within(s).getByTestId('thread-group-count').textContent]),
    ).toEqual([
      ['Today', '2 threads'],
      ['Yesterday', '1 thread'],
      ['Earlier', '1 thread'],
    ]);
    const latestCall = api.callsTo(routes.listMessages).find((c) => c.query.get('limit') === '100');
    expect(latestCall?.query.get('order')).toBe('desc');

    const hiring = within(sections[0]!).getAllByTestId('thread-card')[0]!;
    expect(within(hiring).getByText('Hiring')).toBeInTheDocument();
    expect(within(hiring).getByText(/2 messages/)).toBeInTheDocument();
    // Up to 3 keywords and the senders' avatars.
    expect(within(hiring).getAllByText(/^(react|remote|salary|equity)$/)).toHaveLength(3);
    expect(within(hiring).getByRole('img', { name: 'Senders: Dana Levi, Noa Bar' })).toBeInTheDocument();
    // Sentiment shows on desktop.
    expect(within(hiring).getByText(/^(Positive|Neutral|Negative)/)).toBeInTheDocument();
    expect(within(sections[2]!).getByText('General')).toBeInTheDocument();
  });

  it('shows up to 3 avatars and a +N for more senders', async () => {
    const api = defaultApi(
      ['A One', 'B Two', 'C Three', 'D Four', 'E Five'].map((name, i) =>
        message({ topic: 'Busy', Sender_name: name, timestamp: today(i + 1) }),
      ),
    );
    renderMessages({ api });
    const card = await screen.findByTestId('thread-card');
    expect(within(card).getByText('AO')).toBeInTheDocument();
    expect(within(card).getByText('+2')).toBeInTheDocument();
    expect(within(card).queryByText('DF')).not.toBeInTheDocument();
  });

  it('hides sentiment on mobile', async () => {
    renderMessages({ api: defaultApi([message({ topic: 'Hiring', timestamp: today(1) })]), width: 375 });
    const card = await screen.findByTestId('thread-card');
    expect(within(card).queryByText(/^(Positive|Neutral|Negative)/)).not.toBeInTheDocument();
  });

  it('toggles show more on thread text past 180 characters', async () => {
    const text = 'x'.repeat(200);
    const { user } = renderMessages({
      api: defaultApi([message({ topic: 'Long', content: text, timestamp: today(1) })]),
    });
    const card = await screen.findByTestId('thread-card');
    expect(within(card).getByTestId('message-text').textContent).toBe(`${'x'.repeat(180)}…show more`);
    await user.click(within(card).getByRole('button', { name: 'show more' }));
    expect(within(card).getByTestId('message-text').textContent).toBe(`${text}show less`);
  });

  it.each([
    [
      { topic: 'Real estate & offices' },
      '/messages?topic=Real%20estate%20%26%20offices',
      'Filtered by topic: Real estate & offices',
    ],
    [{ topic: null, Sender_name: 'Yossi Cohen' }, '/messages?sender=Yossi%20Cohen', 'Filtered by sender: Yossi Cohen'],
  ])('clicking a card goes to the list filtered by its topic, else its sender (%#)', async (over, url, toast) => {
    const api = defaultApi([message({ ...over, timestamp: today(1) })]);
    const { user, router } = renderMessages({ api });
    await user.click(await screen.findByTestId('thread-card'));
    await waitFor(() => expect(currentUrl(router)).toBe(url));
    expect(await screen.findByText(toast, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Messages' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a card with neither topic nor sender name goes to /messages', async () => {
    const api = defaultApi([message({ topic: null, Sender_name: null, timestamp: today(1) })]);
    const { user, router } = renderMessages({ api, path: '/messages?view=table' });
    await user.click(await screen.findByRole('tab', { name: 'Overview' }));
    await user.click(await screen.findByTestId('thread-card'));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages'));
  });

  it('View All opens /messages?view=table', async () => {
    const { user, router } = renderMessages({ api: defaultApi([message({ timestamp: today(1) })]) });
    await user.click(await screen.findByRole('button', { name: 'View All' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages?view=table'));
    expect(screen.getByRole('tab', { name: 'All Messages' })).toHaveAttribute('aria-selected', 'true');
  });

  it("says 'No message threads found' without messages", async () => {
    renderMessages({ api: defaultApi([]) });
    expect(await screen.findByText('No message threads found')).toBeInTheDocument();
  });
});
