import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { findToast } from '../../helpers/toasts';
import { COMMUNITY, currentUrl, defaultApi, message, renderMessages, setUpMessagesTests } from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

/** The query of the newest list call (the one the table shows). */
async function lastListQuery(api: ReturnType<typeof defaultApi>): Promise<URLSearchParams> {
  await waitFor(() => expect(api.callsTo(routes.listMessages).some((c) => c.query.get('limit') === '50')).toBe(true));
  const calls = api.callsTo(routes.listMessages).filter((c) => c.query.get('limit') === '50');
  return calls[calls.length - 1]!.query;
}

describe('query parameters from navigation (S2 §2.1)', () => {
  it.each([
    [
      '/messages?sender=Dana%20Levi&topic=Hiring&id=abc&search=hello',
      'Filtered by sender: Dana Levi',
      { sender: 'Dana Levi' },
    ],
    ['/messages?topic=Hiring&id=abc&search=hello', 'Filtered by topic: Hiring', { topic: 'Hiring' }],
    ['/messages?id=3f2a9c1e&search=hello', 'Searching for message ID: 3f2a9c1e', { q: 'id:3f2a9c1e' }],
    ['/messages?search=sender:Noa%20Bar', 'Filtered by sender: Noa Bar', { sender: 'Noa Bar' }],
    ['/messages?search=topic:Events', 'Filtered by topic: Events', { topic: 'Events' }],
    ['/messages?search=id:77aa', 'Searching for message ID: 77aa', { q: 'id:77aa' }],
  ])('%s applies one filter by precedence and toasts %s', async (path, toast, expected) => {
    const api = defaultApi([message()]);
    renderMessages({ api, path });
    expect(await findToast(toast)).toBeInTheDocument();
    const query = await lastListQuery(api);
    for (const [k, v] of Object.entries(expected)) expect(query.get(k)).toBe(v);
    for (const k of ['sender', 'topic', 'q'].filter((k) => !(k in expected))) expect(query.get(k)).toBeNull();
    expect(await screen.findByText('Search filters applied from navigation')).toBeInTheDocument();
    // Filters from navigation show the list.
    expect(screen.getByRole('tab', { name: 'All Messages' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a plain initial term searches the text without a toast', async () => {
    const api = defaultApi([message()]);
    renderMessages({ api, path: '/messages?search=accountant' });
    expect((await lastListQuery(api)).get('q')).toBe('accountant');
    expect(await screen.findByRole('searchbox', { name: 'Standard Search' })).toHaveValue('accountant');
    expect(screen.queryByText(/^Filtered by/)).not.toBeInTheDocument();
  });

  it('view=table opens All Messages; without it the Overview is open', async () => {
    const first = renderMessages({ api: defaultApi(), path: '/messages?view=table' });
    expect(await screen.findByRole('tab', { name: 'All Messages' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();
    renderMessages({ api: defaultApi(), path: '/messages' });
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows removable chips; 'Clear filter' drops the filter and the query string", async () => {
    const api = defaultApi([message()]);
    const { router, user } = renderMessages({ api, path: '/messages?topic=Hiring' });
    await findToast('Filtered by topic: Hiring');
    expect(await screen.findByText('Topic: Hiring')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages'));
    expect(screen.queryByText('Topic: Hiring')).not.toBeInTheDocument();
    expect(screen.queryByText('Search filters applied from navigation')).not.toBeInTheDocument();
    await waitFor(async () => expect((await lastListQuery(api)).get('topic')).toBeNull());
  });

  it('a sender chip shows the sender and clears the same way', async () => {
    const api = defaultApi([message()]);
    const { router, user } = renderMessages({ api, path: '/messages?sender=%D7%99%D7%95%D7%A1%D7%99' });
    await findToast('Filtered by sender: יוסי');
    await user.click(await screen.findByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages'));
    expect(screen.queryByText('Sender: יוסי')).not.toBeInTheDocument();
  });

  it('a later navigation to the screen applies its new filter', async () => {
    const api = defaultApi([message()]);
    const { router } = renderMessages({ api, path: '/messages?topic=Hiring' });
    await findToast('Filtered by topic: Hiring');
    await router.navigate('/messages?sender=Noa');
    expect(await findToast('Filtered by sender: Noa')).toBeInTheDocument();
    const q = await lastListQuery(api);
    expect([q.get('sender'), q.get('topic')]).toEqual(['Noa', null]);
  });
});

describe('no group (S2 §2.1)', () => {
  it("shows 'No Group Associated' for a community without a WhatsApp group", async () => {
    const api = defaultApi([], { ...COMMUNITY, group_id: null });
    renderMessages({ api });
    expect(await screen.findByText('No Group Associated')).toBeInTheDocument();
    expect(
      screen.getByText('Your account is not associated with a community group. Please contact an administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Summary' })).toBeDisabled();
    expect(api.callsTo(routes.listMessages)).toHaveLength(0);
  });
});
