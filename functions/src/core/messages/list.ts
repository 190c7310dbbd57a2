import * as z from 'zod';
import { classifySearchTerm, type Message, type MessagePage } from '@kehila/shared';
import type { TextQuery } from '../ports/search';
import { decodeCursor, encodeCursor } from '../cursor';
import { getMessageById, getMessagesByKeys, messageKeyRange, queryMessagePage } from '../../data/messages';
import { keys } from '../../data/keys';
import type { Deps } from '../deps';
import { fail } from '../errors';

/** The list request after contract parsing (routes.listMessages query). */
export interface MessageListRequest {
  readonly limit: number;
  readonly cursor?: string | undefined;
  readonly order: 'asc' | 'desc';
  readonly q?: string | undefined;
  readonly topic?: string | undefined;
  readonly urgency?: 'high' | 'medium' | 'low' | undefined;
  readonly sender?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/**
 * A page position in the table: the last message key read, which must be of this community's
 * partition and within the page's date range (as every key a page of the same query returns is).
 */
const tableCursor = (communityId: string, range: { lo: string; hi: string }) =>
  z.object({
    v: z.literal(1),
    m: z.literal('table'),
    k: z.object({
      pk: z.literal(keys.messagePartition(communityId)),
      sk: z
        .string()
        .min(1)
        .max(300)
        .refine((sk) => sk >= range.lo && sk <= range.hi),
    }),
  });
/** A page position of the search index (its own opaque cursor). */
const searchCursor = z.object({ v: z.literal(1), m: z.literal('search'), c: z.string().max(2048) });

const iso = (v: string | undefined) => (v ? new Date(v).toISOString() : undefined);

/**
 * One page of a community's messages (S2 §4 filters). Without a search term or a topic, urgency or
 * sender filter the page is a Query on the community's message partition by time (date range on the
 * sort key); with any of them the search index answers (S2 §5 term rules) and the messages are read
 * from the table by key. Cursors are opaque and bound to the community.
 */
export async function listMessages(deps: Deps, communityId: string, req: MessageListRequest): Promise<MessagePage> {
  const term = req.q ? classifySearchTerm(req.q) : null;
  const topic = term?.kind === 'topic' ? term.value : req.topic;
  const sender = term?.kind === 'sender' ? term.value : req.sender;
  const from = iso(req.from);
  const to = iso(req.to);

  if (!term && !topic && !req.urgency && !sender) {
    const range = messageKeyRange(from, to);
    const startKey = req.cursor ? decodeCursor(req.cursor, tableCursor(communityId, range)) : null;
    // A range that ends before it starts holds nothing (and is no key condition DynamoDB takes).
    if (range.lo > range.hi) return { items: [], nextCursor: null };
    const page = await queryMessagePage(deps.db, communityId, {
      order: req.order,
      limit: req.limit,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(startKey ? { startKey: startKey.k } : {}),
    });
    return {
      items: page.items,
      nextCursor: page.lastKey ? encodeCursor({ v: 1, m: 'table', k: page.lastKey }) : null,
    };
  }

  const cursor = req.cursor ? decodeCursor(req.cursor, searchCursor) : null;
  const query: TextQuery = {
    communityId,
    ...(term?.kind === 'content' ? { text: term.value } : {}),
    ...(term?.kind === 'id' ? { idPartial: term.value } : {}),
    ...(topic ? { topic } : {}),
    ...(req.urgency ? { urgency: req.urgency } : {}),
    ...(sender ? { sender } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    order: req.order,
    limit: req.limit,
    ...(cursor ? { cursor: cursor.c } : {}),
  };
  const res = await deps.search.text(query);
  const items: Message[] = await getMessagesByKeys(deps.db, communityId, res.hits);
  return { items, nextCursor: res.nextCursor ? encodeCursor({ v: 1, m: 'search', c: res.nextCursor }) : null };
}

/** One message of the community by id (404 when it is not there). */
export async function getMessage(deps: Pick<Deps, 'db'>, communityId: string, msgId: string): Promise<Message> {
  const m = await getMessageById(deps.db, communityId, msgId);
  if (!m) throw fail.notFound('Message not found');
  return m;
}
