import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { defaultApi, message, openAllMessages, renderMessages, tableRows, setUpMessagesTests } from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const LONG = `${'Looking for a recommendation for a bookkeeper who knows startups. '.repeat(3)}Thanks!`;

describe('desktop table (S2 §2.1)', () => {
  it('has the columns Time, Sender, Topic, Keywords, Message, Priority', async () => {
    const { user } = renderMessages({ api: defaultApi([message()]) });
    await openAllMessages(user);
    await tableRows();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Sender', 'Topic', 'Keywords', 'Message', 'Priority']);
  });

  it('shows a phone-number sender id as +digits, other ids as they are', async () => {
    const api = defaultApi([
      message({ Sender_name: 'Noa Bar', sender_hash: '972544812230@c.us' }),
      message({ Sender_name: null, sender_hash: '184467440737095@lid' }),
      message({ Sender_name: null, sender_hash: 'abc@lid' }),
    ]);
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    const rows = await tableRows();
    expect(within(rows[0]!).getByText('Noa Bar')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+972544812230')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+184467440737095')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('abc@lid')).toBeInTheDocument();
  });

  it('lays Hebrew text out right-to-left and English left-to-right', async () => {
    const api = defaultApi([
      message({ content: 'מישהו מכיר רואה חשבון?' }),
      message({ content: 'Anyone know an accountant?' }),
    ]);
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    await tableRows();
    const texts = screen.getAllByTestId('message-text');
    expect(texts[0]).toHaveAttribute('dir', 'rtl');
    expect(texts[1]).toHaveAttribute('dir', 'ltr');
  });

  it('keeps a Latin sender name inside a Hebrew line in its own direction, in the table and on a thread card', async () => {
    const api = defaultApi([message({ Sender_name: 'Noa Bar', content: 'מישהו מכיר רואה חשבון בתל אביב?' })]);
    const { user } = renderMessages({ api });
    const card = await screen.findByTestId('thread-card');
    const onCard = within(card).getByText('Noa Bar');
    expect(onCard.tagName).toBe('BDI');
    expect(onCard).toHaveAttribute('dir', 'auto');
    expect(onCard.closest('[dir="rtl"]')).not.toBeNull();
    await openAllMessages(user);
    const [row] = await tableRows();
    const inTable = within(row!).getByText('Noa Bar');
    expect(inTable.tagName).toBe('BDI');
    expect(inTable).toHaveAttribute('dir', 'auto');
    expect(within(row!).getByText('+972501234567')).toHaveAttribute('dir', 'ltr');
    expect(within(row!).getByTestId('message-text')).toHaveAttribute('dir', 'rtl');
  });

  it('makes links clickable, opening in a new tab', async () => {
    const api = defaultApi([message({ content: 'Slides at https://example.com/deck and www.kehila.app.' })]);
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    await tableRows();
    expect(screen.getByRole('link', { name: 'https://example.com/deck' })).toHaveAttribute(
      'href',
      'https://example.com/deck',
    );
    const www = screen.getByRole('link', { name: 'www.kehila.app' });
    expect(www).toHaveAttribute('href', 'https://www.kehila.app');
    expect(www).toHaveAttribute('target', '_blank');
  });

  it('cuts text at 100 characters with More/Less', async () => {
    const api = defaultApi([message({ content: LONG })]);
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    const [row] = await tableRows();
    const text = within(row!).getByTestId('message-text');
    expect(text.textContent).toBe(`${LONG.slice(0, 100).trimEnd()}…More`);
    await user.click(within(row!).getByRole('button', { name: 'More' }));
    expect(text.textContent).toBe(`${LONG}Less`);
    await user.click(within(row!).getByRole('button', { name: 'Less' }));
    expect(text.textContent).toContain('…');
  });

  it('cuts text at 60 characters on the narrower table below the large breakpoint', async () => {
    const api = defaultApi([message({ content: LONG })]);
    const { user } = renderMessages({ api, width: 900 });
    await openAllMessages(user);
    const [row] = await tableRows();
    expect(within(row!).getByTestId('message-text').textContent).toBe(`${LONG.slice(0, 60).trimEnd()}…More`);
  });

  it('shows the time as MM/dd HH:mm with the full date as a tooltip', async () => {
    const at = new Date(2025, 0, 5, 9, 7);
    const api = defaultApi([message({ timestamp: at.toISOString() })]);
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    const [row] = await tableRows();
    const time = within(row!).getByText('01/05 09:07');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', at.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' }));
  });

  it('colours urgency (high red, medium amber, low green) and sentiment', async () => {
    const api = defaultApi([
      message({ urgency: 'high', sentiment: 0.8 }),
      message({ urgency: 'medium', sentiment: -0.9 }),
      message({ urgency: 'low', sentiment: 0 }),
      message({ urgency: null, sentiment: null }),
    ]);
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    const rows = await tableRows();
    const colours = rows.map((r) => [
      within(r)
        .getByText(/^(High|Medium|Low|None)$/)
        .getAttribute('data-color'),
      within(r)
        .getByRole('img', { name: /^Sentiment/ })
        .getAttribute('data-color'),
    ]);
    expect(colours).toEqual([
      ['red', 'green'],
      ['amber', 'red'],
      ['green', 'amber'],
      ['grey', 'grey'],
    ]);
  });

  it("shows skeleton rows while loading and 'No messages found' when empty", async () => {
    const pending: (() => void)[] = [];
    const release = () => pending.splice(0).forEach((r) => r());
    const api = defaultApi();
    api.on(routes.listMessages, () => new Promise((r) => pending.push(() => r({ items: [], nextCursor: null }))));
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    // Cloudscape's skeleton rows (hidden from screen readers, which hear the loading text instead).
    const skeletonRows = () => document.querySelectorAll('tbody tr[aria-hidden="true"]');
    await waitFor(() => expect(skeletonRows()).toHaveLength(6));
    expect(screen.getByText('Loading messages')).toBeInTheDocument();
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    release();
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
    expect(skeletonRows()).toHaveLength(0);
    expect(screen.queryByText('Loading messages')).not.toBeInTheDocument();
  });
});

describe('server-side pagination', () => {
  it('loads the next page with the cursor on "Load more" and stops at the end', async () => {
    const first = [message({ content: 'page one' })];
    const second = [message({ content: 'page two' })];
    const api = defaultApi();
    api.on(routes.listMessages, (call) =>
      call.query.get('limit') !== '50'
        ? { items: [], nextCursor: null }
        : call.query.get('cursor') === 'cursor-2'
          ? { items: second, nextCursor: null }
          : { items: first, nextCursor: 'cursor-2' },
    );
    const { user } = renderMessages({ api });
    await openAllMessages(user);
    await screen.findByText('page one');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('page two')).toBeInTheDocument();
    expect(screen.getByText('page one')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const cursors = api.callsTo(routes.listMessages).map((c) => c.query.get('cursor'));
    expect(cursors).toContain('cursor-2');
  });
});

describe('mobile (375 px)', () => {
  it('names the tabs Threads and All and shows cards with the 100-character cut', async () => {
    const api = defaultApi([message({ content: LONG, Sender_name: 'Noa Bar' })]);
    const { user } = renderMessages({ api, width: 375 });
    expect(await screen.findByRole('tab', { name: 'Threads' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    const [card] = await screen.findAllByTestId('message-card');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card!).getByText('Noa Bar')).toBeInTheDocument();
    expect(within(card!).getByTestId('message-text').textContent).toBe(`${LONG.slice(0, 100).trimEnd()}…More`);
    // HH:mm only on mobile.
    expect(within(card!).getByText(/^\d{2}:\d{2}$/)).toBeInTheDocument();
  });

  it('shows the group and the controls in the header', async () => {
    renderMessages({ api: defaultApi(), width: 375 });
    expect(await screen.findByText('Group 120363041234567890@g.us')).toBeInTheDocument();
    expect(screen.getByText('Community conversations and insights')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Summary' })).toBeEnabled());
  });
});
