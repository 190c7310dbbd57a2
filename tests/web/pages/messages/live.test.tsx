import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { findToast } from '../../helpers/toasts';
import {
  COMMUNITY,
  FakeWebSocket,
  defaultApi,
  isLit,
  message,
  messageRows,
  openAllMessages,
  renderMessages,
  tableRows,
  setUpMessagesTests,
} from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const inserted = (m: ReturnType<typeof message>) => ({
  type: 'message.inserted',
  communityId: COMMUNITY.community_id,
  message: m,
});

async function liveList(path = '/messages?view=table', messages = [message({ content: 'older one' })]) {
  const api = defaultApi(messages);
  const view = renderMessages({ api, path });
  await screen.findByTestId('live-indicator');
  await tableRows();
  return { ...view, api, ws: FakeWebSocket.last() };
}

const rowContents = () => messageRows().map((r) => within(r).getByTestId('message-text').textContent);

describe('live messages over the WebSocket (S2 §4)', () => {
  it('subscribes with the community and the ID token, and shows Live only once connected', async () => {
    FakeWebSocket.accept = false;
    const api = defaultApi();
    renderMessages({ api });
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const ws = FakeWebSocket.last();
    expect(ws.url).toBe('ws://localhost:5173/ws');
    await waitFor(() =>
      expect(ws.sent[0]).toEqual({ action: 'subscribe', communityId: 'c-1', token: 'id-token-of-user-dana' }),
    );
    expect(screen.queryByTestId('live-indicator')).not.toBeInTheDocument();
  });

  it('adds a matching insert at the top, highlighted for 5 seconds, and never twice', async () => {
    const { ws } = await liveList();
    const fresh = message({ content: 'brand new', timestamp: new Date().toISOString() });
    ws.receive(inserted(fresh));
    await waitFor(() => expect(rowContents()).toEqual(['brand new', 'older one']));
    const row = messageRows()[0]!;
    expect(isLit(row)).toBe(true);
    ws.receive(inserted(fresh));
    expect(rowContents()).toEqual(['brand new', 'older one']);
    await waitFor(() => expect(isLit(messageRows()[0]!)).toBe(false), {
      timeout: 7000,
    });
  }, 30_000);

  it('places a late message with an older time in time order, not on top', async () => {
    const { ws } = await liveList('/messages?view=table', [
      message({ content: 'newer', timestamp: new Date(Date.now() - 60_000).toISOString() }),
      message({ content: 'older', timestamp: new Date(Date.now() - 3 * 3600_000).toISOString() }),
    ]);
    ws.receive(
      inserted(message({ content: 'imported, an hour ago', timestamp: new Date(Date.now() - 3600_000).toISOString() })),
    );
    await waitFor(() => expect(rowContents()).toEqual(['newer', 'imported, an hour ago', 'older']));
  });

  it('ignores an insert that does not match the filters', async () => {
    const { ws } = await liveList('/messages?topic=Events', [message({ topic: 'Events', content: 'events one' })]);
    ws.receive(inserted(message({ topic: 'Hiring', content: 'about hiring', timestamp: new Date().toISOString() })));
    ws.receive(inserted(message({ topic: 'events', content: 'another event', timestamp: new Date().toISOString() })));
    await waitFor(() => expect(rowContents()).toEqual(['another event', 'events one']));
  });

  it('adds at the end when the list is oldest first', async () => {
    const { ws, user } = await liveList();
    await user.click(screen.getByRole('button', { name: 'Sort: Newest' }));
    await screen.findByRole('button', { name: 'Sort: Oldest' });
    await tableRows();
    ws.receive(inserted(message({ content: 'newest last', timestamp: new Date().toISOString() })));
    await waitFor(() => expect(rowContents()).toEqual(['older one', 'newest last']));
  });

  it('replaces an update, removes an update that no longer matches, and removes a delete', async () => {
    const a = message({ topic: 'Hiring', content: 'first' });
    const b = message({ topic: 'Hiring', content: 'second' });
    const { ws } = await liveList('/messages?topic=Hiring', [a, b]);
    ws.receive({ type: 'message.updated', communityId: 'c-1', message: { ...a, content: 'first, edited' } });
    await waitFor(() => expect(rowContents()).toEqual(['first, edited', 'second']));
    ws.receive({ type: 'message.updated', communityId: 'c-1', message: { ...a, topic: 'Events' } });
    await waitFor(() => expect(rowContents()).toEqual(['second']));
    ws.receive({ type: 'message.deleted', communityId: 'c-1', msg_id: b.msg_id });
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
  });

  it('brings a live message into the thread overview, highlighted', async () => {
    const api = defaultApi([message({ topic: 'Hiring', timestamp: new Date(Date.now() - 60_000).toISOString() })]);
    renderMessages({ api });
    await screen.findByTestId('live-indicator');
    await screen.findByTestId('thread-card');
    FakeWebSocket.last().receive(
      inserted(message({ topic: 'Events', content: 'meetup tonight', timestamp: new Date().toISOString() })),
    );
    await waitFor(() => expect(screen.getAllByTestId('thread-card')).toHaveLength(2));
    const events = await screen.findByText('Events');
    expect(events.closest('[data-testid=thread-card]')).toHaveAttribute('data-highlighted');
  });

  it('refetches the list every 60 seconds while live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await liveList();
    const before = api.callsTo(routes.listMessages).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await waitFor(() => expect(api.callsTo(routes.listMessages).length).toBeGreaterThan(before));
  });

  it("retries enabling 3 times 2 s apart, then reports the error; Reconnect failing says 'Failed to reconnect'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.accept = false;
    const { user } = renderMessages({ api: defaultApi(), path: '/messages' });
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(1));
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
    }
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(4));
    expect(await findToast('Failed to re-enable realtime')).toBeInTheDocument();
    expect(screen.queryByTestId('live-indicator')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
    }
    expect(await findToast('Failed to reconnect')).toBeInTheDocument();
    expect(FakeWebSocket.instances.length).toBe(8);
  });

  it('Reconnect brings Live back when the server accepts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.accept = false;
    const { user } = renderMessages({ api: defaultApi(), path: '/messages' });
    for (let i = 0; i < 4; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
    }
    await findToast('Failed to re-enable realtime');
    FakeWebSocket.accept = true;
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByTestId('live-indicator')).toBeInTheDocument();
  });

  it('drops Live when the message query fails', async () => {
    const api = defaultApi();
    api.on(routes.listMessages, () => ({
      status: 500,
      body: { message: 'Something went wrong. Please try again.', code: 'internal' },
    }));
    const { user } = renderMessages({ api });
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    await openAllMessages(user);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('live-indicator')).not.toBeInTheDocument();
  });
});
