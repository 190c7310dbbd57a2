import { afterEach, beforeEach, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { createMemoryRouter } from 'react-router-dom';
import { MessageSchema, pathMatcher, routes, type AnyRoute, type Message, type UserCommunity } from '@kehila/shared';
import MessagesRoute from '../../../../web/src/pages/messages';
import { jsonResponse } from '../../helpers/render-app';
import { renderScreen } from '../../helpers/render-screen';

/** The demo-like community the screen is opened for. */
export const COMMUNITY: UserCommunity = {
  community_id: 'c-1',
  community_name: 'Tel Aviv Founders',
  display_name: 'Tel Aviv Founders',
  meaningful_id: null,
  group_id: '120363041234567890@g.us',
  role: 'Admin',
  member_count: 12,
  created_at: '2025-01-01T00:00:00.000Z',
  is_owner: true,
};

let seq = 0;
/** A stored message; every field a test does not give has a plain value. */
export function message(over: Partial<Message> = {}): Message {
  seq += 1;
  return MessageSchema.parse({
    msg_id: `m-${String(seq).padStart(4, '0')}-aaaa-bbbb`,
    group_id: COMMUNITY.group_id,
    content: `Message number ${seq}`,
    timestamp: new Date(Date.now() - seq * 60_000).toISOString(),
    Sender_name: 'Dana Levi',
    sender_hash: '972501234567@c.us',
    topic: 'Hiring',
    keywords: ['react'],
    urgency: 'low',
    sentiment: 0.1,
    action_items: [],
    emotion: null,
    intent: null,
    cluster_id: null,
    toxicity: null,
    ...over,
  });
}

/** One request the fake API received. */
export interface ApiCall {
  readonly route: AnyRoute;
  readonly params: Record<string, string>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly at: number;
}

/** What a fake route answers: a body (200) or a status and body. */
export type Answer = unknown | { status: number; body: unknown };
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

/** A fake of the API: handlers per contract route, every call recorded; anything else is a 404. */
export class FakeApi {
  readonly calls: ApiCall[] = [];
  private readonly handlers = new Map<AnyRoute, Handler>();

  constructor(initial: Iterable<[AnyRoute, Handler]> = []) {
    for (const [r, h] of initial) this.handlers.set(r, h);
  }

  /** Sets (or replaces) what a route answers. */
  on(route: AnyRoute, handler: Handler): this {
    this.handlers.set(route, handler);
    return this;
  }

  /** Calls made to one route. */
  callsTo(route: AnyRoute): ApiCall[] {
    return this.calls.filter((c) => c.route === route);
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    for (const [r, handler] of this.handlers) {
      if (r.method !== method) continue;
      const params = pathMatcher(r.path)(url.pathname);
      if (!params) continue;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: ApiCall = { route: r, params, query: url.searchParams, body, at: Date.now() };
      this.calls.push(call);
      const answer = await handler(call);
      if (answer && typeof answer === 'object' && 'status' in answer && 'body' in answer) {
        const a = answer as { status: number; body: unknown };
        return jsonResponse(a.status, a.body);
      }
      return jsonResponse(200, answer);
    }
    return jsonResponse(404, { message: 'Not found', code: 'not_found' });
  };
}

/** A fake API with the screen's usual answers: the community, the given messages (one page), no summary. */
export function defaultApi(messages: Message[] = [], community: UserCommunity = COMMUNITY): FakeApi {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [community] })],
    [routes.listMessages, () => ({ items: messages, nextCursor: null })],
    [routes.latestSummary, () => null],
    [routes.searchStats, () => ({ total: 100, embedded: 95, indexed_percentage: 95, ai_provider: 'local' })],
  ]);
}

/** A browser WebSocket stand-in: records what the page sends, and lets a test push server messages. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  /** Reply 'subscribed' to a subscribe (the server accepting the token). */
  static accept = true;
  static readonly OPEN = 1;
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    }, 0);
  }

  send(data: string): void {
    const msg = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(msg);
    if (msg.action === 'subscribe') {
      setTimeout(() => {
        if (FakeWebSocket.accept) this.receive({ type: 'subscribed', communityId: msg.communityId });
        else this.drop();
      }, 0);
    }
  }

  /** A server message arrives. */
  receive(msg: unknown): void {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(msg) }));
    });
  }

  /** The connection drops. */
  drop(): void {
    this.readyState = 3;
    act(() => {
      this.onclose?.(new CloseEvent('close'));
    });
  }

  close(): void {
    this.readyState = 3;
  }

  /** The newest socket. */
  static last(): FakeWebSocket {
    const ws = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!ws) throw new Error('no WebSocket was opened');
    return ws;
  }

  static reset(): void {
    FakeWebSocket.instances = [];
    FakeWebSocket.accept = true;
  }
}

/** An XMLHttpRequest stand-in for the import upload: records the request, lets a test report progress and finish. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  readonly upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(k: string, v: string): void {
    this.headers[k] = v;
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  abort(): void {
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    act(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    });
  }

  respond(status: number): void {
    this.status = status;
    act(() => {
      this.onload?.();
    });
  }
}

/**
 * Renders the Messages screen at `path` with the real providers it needs (config, queries, toasts,
 * a signed-in auth state, the contract client over `api`, the current community) and a memory
 * router that also knows /actions.
 */
export function renderMessages(options: { api: FakeApi; path?: string; width?: number }) {
  return renderScreen({
    routes: [
      { path: '/messages', element: <MessagesRoute /> },
      { path: '/actions', element: <h1>Actions screen</h1> },
    ],
    path: options.path ?? '/messages',
    fetch: options.api.fetch,
    ...(options.width ? { width: options.width } : {}),
  });
}

/** The router's current path with its query string. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

/** Opens the All Messages tab (All on mobile), and waits for its code (a chunk of its own) to arrive. */
export async function openAllMessages(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(await screen.findByRole('tab', { name: /^All( Messages)?$/ }));
  await screen.findByRole('tab', { name: 'Standard Search' });
}

/** The message rows of the desktop table(s): the rows that hold a message text. */
export function messageRows(): HTMLElement[] {
  return screen.queryAllByRole('row').filter((r) => within(r).queryByTestId('message-text'));
}

/** The rows of the message table, once there are any. */
export async function tableRows(): Promise<HTMLElement[]> {
  await waitFor(() => {
    if (messageRows().length === 0) throw new Error('no message rows yet');
  });
  return messageRows();
}

/** Whether a row is lit as just arrived (S2 §4: for 5 seconds). */
export function isLit(row: HTMLElement): boolean {
  return row.querySelector('[data-arrived]') !== null;
}

/** Text of a row's cells, by column header. */
export function rowText(row: HTMLElement): string {
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '')
    .join(' | ');
}

/**
 * Hooks every Messages test file uses: a signed-in Amplify session (the file mocks
 * 'aws-amplify/auth' with helpers/amplify-auth), the fake WebSocket and XMLHttpRequest, and clean
 * globals afterwards.
 */
export function setUpMessagesTests(setSignedIn: () => void, resetAuth: () => void): void {
  beforeEach(() => {
    resetAuth();
    setSignedIn();
    FakeWebSocket.reset();
    FakeXhr.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
