import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeStatus } from '@kehila/shared';
import { getIdToken } from '../auth/session';
import { useRuntimeConfig } from '../config/use-runtime-config';
import {
  connectRealtime,
  type RealtimeConnection,
  type RealtimeFailure,
  type RealtimeMessageEvent,
} from './realtime-client';

/** The live state of a community's messages. */
export interface RealtimeMessages {
  /** null until a community is watched. */
  readonly status: RealtimeStatus | null;
  /** Starts the connection over; resolves true once subscribed. */
  readonly reconnect: () => Promise<boolean>;
}

/**
 * Watches a community's live message events (S2 §4) while `communityId` is set. `onEvent` and
 * `onFailure` may change between renders without reconnecting.
 */
export function useRealtimeMessages(
  communityId: string | null,
  onEvent: (event: RealtimeMessageEvent) => void,
  onFailure?: (reason: RealtimeFailure) => void,
): RealtimeMessages {
  const { wsUrl } = useRuntimeConfig();
  const [status, setStatus] = useState<RealtimeStatus | null>(null);
  const connection = useRef<RealtimeConnection | null>(null);
  const handlers = useRef({ onEvent, onFailure });
  useEffect(() => {
    handlers.current = { onEvent, onFailure };
  });

  useEffect(() => {
    if (!communityId) return;
    const conn = connectRealtime({
      url: wsUrl,
      communityId,
      getToken: getIdToken,
      onEvent: (e) => handlers.current.onEvent(e),
      onStatus: setStatus,
      onFailure: (reason) => handlers.current.onFailure?.(reason),
    });
    connection.current = conn;
    return () => {
      conn.close();
      connection.current = null;
      setStatus(null);
    };
  }, [communityId, wsUrl]);

  const reconnect = useCallback(() => connection.current?.reconnect() ?? Promise.resolve(false), []);
  return { status: communityId ? status : null, reconnect };
}
