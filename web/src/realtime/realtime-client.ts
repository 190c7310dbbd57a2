import {
  REALTIME_CHANNEL_ERROR_REMOVE_MS,
  REALTIME_ENABLE_RETRIES,
  REALTIME_ENABLE_RETRY_DELAY_MS,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  type RealtimeStatus,
} from '@kehila/shared';

/** A live message event of the protocol (insert, update, delete). */
export type RealtimeMessageEvent = Extract<
  RealtimeServerMessage,
  { type: 'message.inserted' | 'message.updated' | 'message.deleted' }
>;

/**
 * One frame of the server (`RealtimeServerMessageSchema`), or null for one that is not JSON or lacks
 * what the client dispatches on. The envelope is checked field by field and the message inside is
 * trusted, like every answer of our server (its side of the protocol is checked by its tests), so the
 * Messages screen loads no zod.
 */
export function readServerMessage(data: string): RealtimeServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  const text = (key: string) => typeof frame[key] === 'string';
  switch (frame.type) {
    case 'subscribed':
      return text('communityId') ? (frame as RealtimeServerMessage) : null;
    case 'message.inserted':
    case 'message.updated':
      return text('communityId') && typeof frame.message === 'object' && frame.message !== null
        ? (frame as RealtimeServerMessage)
        : null;
    case 'message.deleted':
      return text('communityId') && text('msg_id') ? (frame as RealtimeServerMessage) : null;
    case 'pong':
      return frame as RealtimeServerMessage;
    case 'error':
      return text('message') ? (frame as RealtimeServerMessage) : null;
    default:
      return null;
  }
}

/** Why enabling realtime failed for good (after the retries). */
export type RealtimeFailure = 'no-token' | 'failed';

/** What a live connection needs; the WebSocket constructor and timings are injectable for tests. */
export interface RealtimeClientOptions {
  /** `RuntimeConfig.wsUrl`. */
  readonly url: string;
  readonly communityId: string;
  /** The current ID token (proves membership to the server), or null when signed out. */
  readonly getToken: () => Promise<string | null>;
  readonly onEvent: (event: RealtimeMessageEvent) => void;
  readonly onStatus: (status: RealtimeStatus) => void;
  /** Called once when enabling fails after every retry. */
  readonly onFailure?: (reason: RealtimeFailure) => void;
  readonly WebSocketImpl?: typeof WebSocket;
  /** Retries after the first attempt (S2 §4: 3). */
  readonly retries?: number;
  /** Between attempts (S2 §4: 2 s). */
  readonly retryDelayMs?: number;
  /** After a channel error, the socket is removed this much later (S2 §4: 3 s). */
  readonly errorRemoveMs?: number;
  /** Keep-alive ping interval (API Gateway closes idle WebSockets after 10 minutes). */
  readonly pingMs?: number;
}

/** A running live connection. */
export interface RealtimeConnection {
  /** Tears the connection down; no more callbacks after this. */
  close(): void;
  /** Starts over (the header's reconnect button); resolves true once subscribed, false when it gave up. */
  reconnect(): Promise<boolean>;
}

const DEFAULT_PING_MS = 5 * 60_000;

/**
 * Subscribes to a community's live message events over the WebSocket protocol of
 * shared/src/api/realtime.ts (S2 §4 "Realtime message handling"): status `connecting` until the
 * server confirms the subscription, `connected` then (and whenever a live event arrives), `error`
 * when enabling failed 1 + 3 times 2 s apart. A socket that drops later is re-enabled the same way;
 * an `error` reply on a subscribed channel removes it after 3 s and re-enables.
 */
export function connectRealtime(options: RealtimeClientOptions): RealtimeConnection {
  const WS = options.WebSocketImpl ?? globalThis.WebSocket;
  const retries = options.retries ?? REALTIME_ENABLE_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? REALTIME_ENABLE_RETRY_DELAY_MS;
  const errorRemoveMs = options.errorRemoveMs ?? REALTIME_CHANNEL_ERROR_REMOVE_MS;
  const pingMs = options.pingMs ?? DEFAULT_PING_MS;

  let closed = false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let subscribed = false;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let ping: ReturnType<typeof setInterval> | null = null;
  let waiters: ((ok: boolean) => void)[] = [];
  let status: RealtimeStatus | null = null;

  const setStatus = (s: RealtimeStatus) => {
    if (closed || s === status) return;
    status = s;
    options.onStatus(s);
  };
  const settle = (ok: boolean) => {
    const list = waiters;
    waiters = [];
    list.forEach((w) => w(ok));
  };
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers = timers.filter((x) => x !== t);
      fn();
    }, ms);
    timers.push(t);
  };
  const dropSocket = () => {
    if (ping) clearInterval(ping);
    ping = null;
    const s = socket;
    socket = null;
    subscribed = false;
    if (s) {
      s.onopen = s.onmessage = s.onerror = s.onclose = null;
      try {
        s.close();
      } catch {
        // already closed
      }
    }
  };

  /** One attempt failed: try again after the delay while retries remain, else give up. */
  const failed = (reason: RealtimeFailure) => {
    dropSocket();
    if (closed) return;
    if (attempt < retries) {
      attempt += 1;
      later(() => void open(), retryDelayMs);
      return;
    }
    setStatus('error');
    options.onFailure?.(reason);
    settle(false);
  };

  const send = (msg: RealtimeClientMessage) => socket?.send(JSON.stringify(msg));

  const open = async () => {
    if (closed) return;
    setStatus('connecting');
    let token: string | null;
    try {
      token = await options.getToken();
    } catch {
      token = null;
    }
    if (closed) return;
    if (!token) {
      failed('no-token');
      return;
    }
    let ws: WebSocket;
    try {
      ws = new WS(options.url);
    } catch {
      failed('failed');
      return;
    }
    socket = ws;
    ws.onopen = () => send({ action: 'subscribe', communityId: options.communityId, token });
    ws.onmessage = (e: MessageEvent) => {
      const parsed = readServerMessage(String(e.data));
      if (!parsed) return;
      switch (parsed.type) {
        case 'subscribed':
          subscribed = true;
          attempt = 0;
          setStatus('connected');
          settle(true);
          ping = setInterval(() => send({ action: 'ping' }), pingMs);
          return;
        case 'message.inserted':
        case 'message.updated':
        case 'message.deleted':
          if (parsed.communityId !== options.communityId) return;
          setStatus('connected');
          options.onEvent(parsed);
          return;
        case 'error':
          if (!subscribed) {
            failed('failed');
            return;
          }
          // A channel error: the channel is removed after 3 s and enabled again.
          setStatus('error');
          later(() => {
            dropSocket();
            attempt = 0;
            void open();
          }, errorRemoveMs);
          return;
        case 'pong':
          return;
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      if (subscribed) {
        // A live channel dropped: enable it again with a fresh set of retries.
        dropSocket();
        attempt = 0;
        void open();
        return;
      }
      failed('failed');
    };
    // Browsers follow an error with a close event; the close handler decides.
    ws.onerror = () => undefined;
  };

  void open();

  return {
    close() {
      closed = true;
      timers.forEach(clearTimeout);
      timers = [];
      dropSocket();
      settle(false);
    },
    reconnect() {
      if (closed) return Promise.resolve(false);
      timers.forEach(clearTimeout);
      timers = [];
      dropSocket();
      attempt = 0;
      status = null;
      const done = new Promise<boolean>((resolve) => waiters.push(resolve));
      void open();
      return done;
    },
  };
}
