import type { InfiniteData } from '@tanstack/react-query';
import {
  THREADS_QUERY_LIMIT,
  applyLiveDelete,
  applyLiveInsert,
  applyLiveUpdate,
  messageMatchesFilters,
  sortedInsertIndex,
  type Message,
  type MessageFilters,
  type MessagePage,
  type SortOrder,
} from '@kehila/shared';
import type { RealtimeMessageEvent } from '../../realtime/realtime-client';

/** Cached pages of one list query. */
export type ListPages = InfiniteData<MessagePage, string | undefined>;

/** Query keys of the screen's caches. */
export const messagesKeys = {
  all: (communityId: string) => ['messages', communityId] as const,
  lists: (communityId: string) => ['messages', communityId, 'list'] as const,
  list: (communityId: string, filters: MessageFilters & { order?: SortOrder }) =>
    ['messages', communityId, 'list', filters] as const,
  latest: (communityId: string) => ['messages', communityId, 'latest'] as const,
  searchStats: (communityId: string) => ['messages', communityId, 'search-stats'] as const,
  summary: (communityId: string) => ['summaries', communityId, 'latest'] as const,
};

const contains = (pages: ListPages, id: string) => pages.pages.some((p) => p.items.some((m) => m.msg_id === id));

/**
 * A live event applied to the cached pages of a list (S2 §4): an insert that matches the filters and
 * is not there yet goes on top (newest first) or at the end (oldest first; only once the last page
 * is loaded, else paging brings it) — in time order, so a late message with an older time lands
 * where it belongs; an update replaces or removes; a delete removes.
 * Returns the same object when nothing changes, and whether the event added a message.
 */
export function applyEventToPages(
  data: ListPages,
  event: RealtimeMessageEvent,
  filters: MessageFilters,
  order: SortOrder,
): { data: ListPages; inserted: boolean } {
  const pages = data.pages;
  if (event.type === 'message.inserted') {
    const m = event.message;
    if (!messageMatchesFilters(m, filters) || contains(data, m.msg_id) || pages.length === 0)
      return { data, inserted: false };
    // The first loaded page holding an item it comes before takes it, at its place in time order.
    const at = pages.findIndex((p) => sortedInsertIndex(p.items, m, order) !== null);
    const last = pages.length - 1;
    // After every loaded item: the end of the list once all pages are in, else a page not loaded yet.
    const target = at !== -1 ? at : pages[last]?.nextCursor === null ? last : -1;
    if (target === -1) return { data, inserted: false };
    return {
      data: {
        ...data,
        pages: pages.map((p, i) => (i === target ? { ...p, items: applyLiveInsert(p.items, m, order) } : p)),
      },
      inserted: true,
    };
  }
  if (event.type === 'message.updated') {
    const m = event.message;
    if (!contains(data, m.msg_id)) {
      // An update can bring a message into the filters (e.g. its topic was just set): treat it as new.
      return applyEventToPages(data, { ...event, type: 'message.inserted' }, filters, order);
    }
    const matches = messageMatchesFilters(m, filters);
    return {
      data: { ...data, pages: pages.map((p) => ({ ...p, items: applyLiveUpdate(p.items, m, matches) })) },
      inserted: false,
    };
  }
  if (!contains(data, event.msg_id)) return { data, inserted: false };
  return {
    data: { ...data, pages: pages.map((p) => ({ ...p, items: applyLiveDelete(p.items, event.msg_id) })) },
    inserted: false,
  };
}

/** A live event applied to the latest messages the threads are built from (newest first, 100 kept). */
export function applyEventToLatest(list: Message[], event: RealtimeMessageEvent): Message[] {
  if (event.type === 'message.inserted')
    return applyLiveInsert(list, event.message, 'desc').slice(0, THREADS_QUERY_LIMIT);
  if (event.type === 'message.updated') return applyLiveUpdate(list, event.message, true);
  return applyLiveDelete(list, event.msg_id);
}

/** The messages of cached pages, once each (a message can sit on two pages after a live insert). */
export function flattenPages(data: Pick<ListPages, 'pages'> | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const p of data.pages) {
    for (const m of p.items) {
      if (seen.has(m.msg_id)) continue;
      seen.add(m.msg_id);
      out.push(m);
    }
  }
  return out;
}
