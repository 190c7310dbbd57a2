import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes, type Message } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { findToast } from '../../helpers/toasts';
import {
  defaultApi,
  message,
  messageRows,
  openAllMessages,
  renderMessages,
  tableRows,
  setUpMessagesTests,
  type FakeApi,
} from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

async function openAiTab(api: FakeApi) {
  const view = renderMessages({ api });
  await openAllMessages(view.user);
  await view.user.click(await screen.findByRole('tab', { name: 'AI Search' }));
  return { ...view, input: () => screen.getByRole('searchbox', { name: 'AI Search' }) };
}

function aiApi(results: Message[] = [], extra: Partial<{ fallback: boolean }> = {}) {
  const api = defaultApi([message({ content: 'from the normal list' })]);
  api.on(routes.aiSearch, () => ({ results, ...extra }));
  return api;
}

describe('AI search (S2 §4, §5, §8)', () => {
  it("needs 2 characters: one shows 'Please enter at least 2 characters to search' and searches nothing", async () => {
    const api = aiApi();
    const { user, input } = await openAiTab(api);
    await user.type(input(), ' a ');
    expect(screen.getByText('Please enter at least 2 characters to search')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 700));
    expect(api.callsTo(routes.aiSearch)).toHaveLength(0);
  });

  it('searches 500 ms after typing stops, once', async () => {
    const api = aiApi([message({ content: 'a bookkeeper for startups' })]);
    const { input } = await openAiTab(api);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const searched = () => api.callsTo(routes.aiSearch).map((c) => c.query.get('q'));
    const wait = (ms: number) =>
      act(async () => {
        vi.advanceTimersByTime(ms);
        for (let i = 0; i < 20; i++) await Promise.resolve();
      });
    fireEvent.change(input(), { target: { value: 'acc' } });
    await wait(400);
    fireEvent.change(input(), { target: { value: 'accountant' } });
    await wait(499);
    expect(searched()).toEqual([]);
    await wait(1);
    expect(searched()).toEqual(['accountant']);
    await wait(2_000);
    expect(searched()).toEqual(['accountant']);
    vi.useRealTimers();
  });

  it('searches at once on Enter, without waiting for the pause', async () => {
    const api = aiApi([message({ content: 'a bookkeeper for startups' })]);
    const { input } = await openAiTab(api);
    // Timers stand still: only Enter can start this search.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input(), { target: { value: 'tax help' } });
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 13 });
    await act(async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
    });
    expect(api.callsTo(routes.aiSearch).map((c) => c.query.get('q'))).toEqual(['tax help']);
    vi.useRealTimers();
  });

  it('shows AI results instead of the list; clearing the box brings the list back', async () => {
    const api = aiApi([message({ content: 'a bookkeeper for startups' })]);
    const { user, input } = await openAiTab(api);
    await tableRows();
    await user.type(input(), 'accountant{Enter}');
    await waitFor(() =>
      expect(messageRows().map((r) => within(r).getByTestId('message-text').textContent)).toEqual([
        'a bookkeeper for startups',
      ]),
    );
    expect(screen.getByText(/1 message related to/)).toBeInTheDocument();
    await user.clear(input());
    await waitFor(() => expect(screen.getByText('from the normal list')).toBeInTheDocument());
    expect(screen.queryByText('a bookkeeper for startups')).not.toBeInTheDocument();
  });

  it('says when text search was used as a fallback', async () => {
    const api = aiApi([message({ content: 'accountant wanted' })], { fallback: true });
    const { user, input } = await openAiTab(api);
    await user.type(input(), 'accountant{Enter}');
    expect(
      await findToast('Using text search as fallback (semantic search index may not be ready)'),
    ).toBeInTheDocument();
  });

  it('says when nothing was found, and when the search failed', async () => {
    const api = aiApi([]);
    const { user, input } = await openAiTab(api);
    await user.type(input(), 'zebra{Enter}');
    expect(await findToast('No messages found matching your search. Try a different term.')).toBeInTheDocument();
    api.on(routes.aiSearch, () => ({
      status: 503,
      body: { message: 'Failed to search messages. Please try again.', code: 'unavailable' },
    }));
    await user.type(input(), 's{Enter}');
    expect(await findToast('Failed to search messages. Please try again.')).toBeInTheDocument();
  });

  it.each([
    [95, 'green'],
    [90, 'green'],
    [75, 'amber'],
    [70, 'amber'],
    [69.9, 'red'],
  ])('shows the indexed percentage %s in %s', async (pct, colour) => {
    const api = aiApi();
    api.on(routes.searchStats, () => ({
      total: 1000,
      embedded: Math.round(pct * 10),
      indexed_percentage: pct,
      ai_provider: 'local',
    }));
    await openAiTab(api);
    const badge = await screen.findByTestId('ai-index-badge');
    expect(badge).toHaveAttribute('data-color', colour);
    expect(badge).toHaveTextContent(`${pct}% indexed`);
  });

  it('says plainly when the AI is the local model', async () => {
    const api = aiApi();
    await openAiTab(api);
    expect(await screen.findByText(/AI search here runs on the local model/)).toBeInTheDocument();
  });

  it('does not claim the local model for Bedrock', async () => {
    const api = aiApi();
    api.on(routes.searchStats, () => ({ total: 10, embedded: 10, indexed_percentage: 100, ai_provider: 'bedrock' }));
    await openAiTab(api);
    await screen.findByTestId('ai-index-badge');
    expect(screen.queryByText(/runs on the local model/)).not.toBeInTheDocument();
  });

  it('refreshes the indexed percentage every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = aiApi();
    await openAiTab(api);
    await screen.findByTestId('ai-index-badge');
    const before = api.callsTo(routes.searchStats).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await waitFor(() => expect(api.callsTo(routes.searchStats).length).toBeGreaterThan(before));
  });
});
