import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES_TEXTS, type MessageFilters, type MessagePage, type SortOrder } from '@kehila/shared';
import { useToast } from '../../components/toast/use-toast';
import type { RealtimeFailure, RealtimeMessageEvent } from '../../realtime/realtime-client';
import { useRealtimeMessages } from '../../realtime/use-realtime-messages';
import { applyEventToLatest, applyEventToPages, messagesKeys, type ListPages } from './live-cache';
import { useHighlights } from './use-highlights';

/**
 * Live messages of the screen (S2 §4): events from the WebSocket are applied to every cached list
 * (each by its own filters) and to the thread overview's latest messages; new ones are highlighted
 * for 5 s. Reports the realtime status and offers reconnect ('Failed to reconnect' when it fails).
 */
export function useLiveMessages(communityId: string | null) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { ids: highlighted, add: highlight } = useHighlights();
  const manual = useRef(false);
  const [reconnecting, setReconnecting] = useState(false);

  const onEvent = useCallback(
    (event: RealtimeMessageEvent) => {
      if (!communityId) return;
      let added = false;
      for (const [key, data] of queryClient.getQueriesData<ListPages>({ queryKey: messagesKeys.lists(communityId) })) {
        if (!data) continue;
        const filters = (key[3] ?? {}) as MessageFilters & { order?: SortOrder };
        const r = applyEventToPages(data, event, filters, filters.order ?? 'desc');
        if (r.data !== data) queryClient.setQueryData(key, r.data);
        added ||= r.inserted;
      }
      queryClient.setQueryData<MessagePage>(messagesKeys.latest(communityId), (old) => {
        if (!old) return old;
        if (event.type === 'message.inserted' && !old.items.some((m) => m.msg_id === event.message.msg_id))
          added = true;
        return { ...old, items: applyEventToLatest(old.items, event) };
      });
      if (event.type === 'message.inserted' && added) highlight(event.message.msg_id);
    },
    [communityId, queryClient, highlight],
  );

  const onFailure = useCallback(
    (reason: RealtimeFailure) => {
      // A manual reconnect reports its own failure.
      if (manual.current) return;
      toast.error(reason === 'no-token' ? MESSAGES_TEXTS.noToken : MESSAGES_TEXTS.reenableFailed);
    },
    [toast],
  );

  const { status, reconnect: restart } = useRealtimeMessages(communityId, onEvent, onFailure);

  const reconnect = useCallback(async () => {
    manual.current = true;
    setReconnecting(true);
    const ok = await restart();
    manual.current = false;
    setReconnecting(false);
    if (!ok) toast.error(MESSAGES_TEXTS.reconnectFailed);
  }, [restart, toast]);

  return { status, reconnect, reconnecting, highlighted };
}
