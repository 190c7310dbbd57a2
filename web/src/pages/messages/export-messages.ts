import { csvLine, type Message, type MessageFilters, type MessageListQuery } from '@kehila/shared';
import { routes } from '../../api/routes';
import type { CallApi } from '../../api/client';
import { saveCsvParts } from '../../components/charts/download-csv';
import { messageListQuery } from './use-message-list';

/** What the export says when it is done or failed. */
export const EXPORT_TEXTS = {
  exported: (n: number) => `Exported ${n} message${n === 1 ? '' : 's'}`,
  failed: 'Failed to export messages',
} as const;

/** Messages asked for per page while exporting (the list route's largest page). */
export const EXPORT_PAGE_SIZE = 200;

/** The CSV columns of a message export. */
export const MESSAGE_CSV_HEADER = [
  'time',
  'sender',
  'topic',
  'keywords',
  'urgency',
  'sentiment',
  'emotion',
  'intent',
  'toxicity',
  'message',
  'message id',
] as const;

/** One message as a CSV line (the columns of MESSAGE_CSV_HEADER). */
export function messageCsvLine(m: Message): string {
  return csvLine([
    m.timestamp,
    m.Sender_name,
    m.topic,
    m.keywords.join('; '),
    m.urgency,
    m.sentiment,
    m.emotion,
    m.intent,
    m.toxicity,
    m.content,
    m.msg_id,
  ]);
}

/**
 * Exports the filtered message list (the filters in view) as CSV: pages through the list route with
 * its cursor, turning each page into CSV lines at once, so only text is kept however long the range;
 * `onProgress` hears the count so far. Returns how many messages were written.
 *
 * The API answers through API Gateway's HTTP API, which buffers a Lambda's whole response (6 MB at
 * most): a server stream would not be one. Pages of 200 are.
 */
export async function exportMessagesCsv(
  callApi: CallApi,
  communityId: string,
  filters: Omit<MessageListQuery, 'limit' | 'cursor'> & MessageFilters,
  onProgress: (count: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<number> {
  const parts: string[] = [csvLine(MESSAGE_CSV_HEADER)];
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await callApi(routes.listMessages, {
      params: { communityId },
      query: {
        ...messageListQuery(filters),
        limit: EXPORT_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      },
      ...(signal ? { signal } : {}),
    });
    parts.push(page.items.map(messageCsvLine).join(''));
    count += page.items.length;
    onProgress(count);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  saveCsvParts('messages', parts);
  return count;
}

/** Exports messages already in view (AI search results) the same way. */
export function exportShownMessagesCsv(messages: readonly Message[]): number {
  saveCsvParts('messages', [csvLine(MESSAGE_CSV_HEADER), ...messages.map(messageCsvLine)]);
  return messages.length;
}
