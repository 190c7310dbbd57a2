import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@kehila/shared';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { findToast } from '../../helpers/toasts';
import {
  defaultApi,
  message,
  openAllMessages,
  renderMessages,
  tableRows,
  setUpMessagesTests,
  type FakeApi,
} from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const listCalls = (api: FakeApi) => api.callsTo(routes.listMessages).filter((c) => c.query.get('limit') === '50');
const lastQuery = (api: FakeApi) => listCalls(api)[listCalls(api).length - 1]!.query;

async function openList(api: FakeApi) {
  const view = renderMessages({ api });
  await openAllMessages(view.user);
  await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(0));
  return view;
}

/** Picks a date preset from the Dates select. */
async function choosePreset(label: string) {
  // The Dates select is the only select of the list view.
  const select = createWrapper(document.body).findSelect()!;
  select.openDropdown();
  select.selectOptionByValue(
    {
      Today: 'today',
      'Last 7 days': 'last7Days',
      'Last 30 days': 'last30Days',
      'All time': 'all',
      'Custom range': 'custom',
    }[label]!,
  );
}

describe('filter panel (S2 §4)', () => {
  it('urgency filters the list; clicking the active level clears it', async () => {
    const api = defaultApi([message()]);
    const { user } = await openList(api);
    await user.click(screen.getByRole('button', { name: 'High' }));
    await waitFor(() => expect(lastQuery(api).get('urgency')).toBe('high'));
    expect(screen.getByRole('button', { name: 'High' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Low' }));
    await waitFor(() => expect(lastQuery(api).get('urgency')).toBe('low'));
    await user.click(screen.getByRole('button', { name: 'Low' }));
    await waitFor(() => expect(lastQuery(api).get('urgency')).toBeNull());
    expect(screen.getByRole('button', { name: 'Low' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sorts Newest by default and toggles to Oldest', async () => {
    const api = defaultApi([message()]);
    const { user } = await openList(api);
    expect(lastQuery(api).get('order')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Sort: Newest' }));
    await waitFor(() => expect(lastQuery(api).get('order')).toBe('asc'));
    expect(screen.getByRole('button', { name: 'Sort: Oldest' })).toBeInTheDocument();
  });

  it.each([
    ['Today', 0],
    ['Last 7 days', 6],
    ['Last 30 days', 29],
  ])('%s asks for local days from %s days ago to the end of today', async (label, daysBack) => {
    const api = defaultApi([message()]);
    await openList(api);
    await choosePreset(label);
    await waitFor(() => expect(lastQuery(api).get('from')).not.toBeNull());
    const now = new Date();
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
    const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    expect(lastQuery(api).get('from')).toBe(from.toISOString());
    expect(lastQuery(api).get('to')).toBe(to.toISOString());
  });

  it("a custom range becomes the filter with an inclusive end; 'Clear dates' resets to all with a toast", async () => {
    const api = defaultApi([message()]);
    const { user } = await openList(api);
    await choosePreset('Custom range');
    // The calendar is a chunk of its own, loaded when a custom range is chosen.
    await waitFor(() => expect(createWrapper(document.body).findDateRangePicker()).not.toBeNull());
    const picker = createWrapper(document.body).findDateRangePicker()!;
    picker.openDropdown();
    const dropdown = picker.findDropdown()!;
    dropdown.findStartDateInput()!.setInputValue('2025/03/01');
    dropdown.findEndDateInput()!.setInputValue('2025/03/03');
    dropdown.findApplyButton().click();
    await waitFor(() => expect(lastQuery(api).get('to')).toBe(new Date(2025, 2, 4).toISOString()));
    expect(lastQuery(api).get('from')).toBe(new Date(2025, 2, 1).toISOString());

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(await findToast('Date filter cleared')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api).get('from')).toBeNull());
    expect(lastQuery(api).get('to')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear dates' })).not.toBeInTheDocument();
  });

  it('reset all filters clears search, urgency, dates and the query string but keeps the sort', async () => {
    const api = defaultApi([message()]);
    const { user, router } = renderMessages({ api, path: '/messages?topic=Hiring' });
    await findToast('Filtered by topic: Hiring');
    await user.click(await screen.findByRole('button', { name: 'High' }));
    await user.click(screen.getByRole('button', { name: 'Sort: Newest' }));
    await choosePreset('Today');
    await waitFor(() => expect(lastQuery(api).get('from')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Reset all filters' }));
    await waitFor(() => expect(lastQuery(api).get('topic')).toBeNull());
    const q = lastQuery(api);
    expect([q.get('urgency'), q.get('from'), q.get('to'), q.get('q'), q.get('order')]).toEqual([
      null,
      null,
      null,
      null,
      'asc',
    ]);
    expect(router.state.location.search).toBe('');
  });

  it("manual refresh refetches and shows 'Syncing...' for at least a second", async () => {
    const api = defaultApi([message()]);
    const { user } = await openList(api);
    const before = listCalls(api).length;
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(before));
    await screen.findByRole('button', { name: 'Refresh' }, { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('searches the text after a pause, and at once on Enter', async () => {
    const api = defaultApi([message()]);
    const { user } = await openList(api);
    await user.type(screen.getByRole('searchbox', { name: 'Standard Search' }), 'accountant');
    await waitFor(() => expect(lastQuery(api).get('q')).toBe('accountant'));
    await user.clear(screen.getByRole('searchbox', { name: 'Standard Search' }));
    await waitFor(() => expect(lastQuery(api).get('q')).toBeNull());
    await user.type(screen.getByRole('searchbox', { name: 'Standard Search' }), 'id:3f2a{Enter}');
    await waitFor(() => expect(lastQuery(api).get('q')).toBe('id:3f2a'));
  });
});

describe('grouping by topic (S2 §2.1)', () => {
  it('shows group headers with message and participant counts', async () => {
    const api = defaultApi([
      message({ topic: 'Events', sender_hash: '111@c.us' }),
      message({ topic: 'Events', sender_hash: '222@c.us' }),
      message({ topic: null, sender_hash: '111@c.us' }),
      message({ topic: 'Events', sender_hash: '111@c.us' }),
    ]);
    const { user } = await openList(api);
    await tableRows();
    await user.click(screen.getByRole('checkbox', { name: 'Group by topic' }));
    const headers = await screen.findAllByTestId('group-header');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Events3 messages · 2 participants',
      'General1 message · 1 participant',
    ]);
  });

  it('groups the mobile cards the same way', async () => {
    const api = defaultApi([message({ topic: 'Events' }), message({ topic: 'Hiring' })]);
    const { user } = renderMessages({ api, width: 375 });
    await openAllMessages(user);
    await screen.findAllByTestId('message-card');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Group by topic' }));
    const headers = await screen.findAllByTestId('group-header');
    expect(headers).toHaveLength(2);
    expect(within(headers[0]!).getByText('Events')).toBeInTheDocument();
  });
});
