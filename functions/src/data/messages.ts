import { PutCommand } from './table-client';
import { MessageSchema, type Message, type WhatsAppProvider } from '@kehila/shared';
import { batchGet, conditionHolds, queryAll, queryPage, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * Messages of a community (S2 §3). Items live in the community's message partition, sorted by
 * `timestamp#msg_id`; gsi1 finds one by id, gsi2 lists a sender's (by the sender's keyed hash).
 * Besides the Message fields an item keeps how it arrived, for recounts and support.
 */
export interface StoredMessage {
  readonly communityId: string;
  readonly message: Message;
  /** Per-community keyed hash of the sender (core/messages/ids.ts). */
  readonly senderKey: string;
  readonly provider: WhatsAppProvider | 'import';
  readonly providerMessageId: string;
  readonly importId?: string;
  readonly receivedAt: string;
}

/** A stored message item's extra attributes as read back (recounts). */
export interface MessageRow {
  readonly message: Message;
  readonly senderKey: string | null;
}

/** The table item of a stored message (bench/dashboard loads many with BatchWrite). */
export function messageItem(m: StoredMessage): Record<string, unknown> {
  return {
    ...keys.message(m.communityId, m.message.timestamp, m.message.msg_id),
    ...keys.messageById(m.communityId, m.message.msg_id),
    ...keys.messageBySender(m.communityId, m.senderKey, m.message.timestamp),
    entity: 'message',
    ...m.message,
    community_id: m.communityId,
    sender_key: m.senderKey,
    provider: m.provider,
    provider_message_id: m.providerMessageId,
    ...(m.importId ? { import_id: m.importId } : {}),
    received_at: m.receivedAt,
  };
}

/** Reads a stored item as a Message (extra attributes are dropped by the schema). */
export function messageFromItem(item: Record<string, unknown>): Message {
  return MessageSchema.parse(stripKeys(item));
}

/**
 * Stores a message unless its key exists: true when stored now, false for a duplicate (a retry, a
 * redelivery, a re-import). The condition on the primary key is what makes ingest idempotent.
 */
export async function putMessageIfNew(db: Db, m: StoredMessage): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({ TableName: db.table, Item: messageItem(m), ConditionExpression: 'attribute_not_exists(pk)' }),
    ),
  );
}

/** A message by id within a community, or null. */
export async function getMessageById(db: Db, communityId: string, msgId: string): Promise<Message | null> {
  const k = keys.messageById(communityId, msgId);
  const res = await queryPage(db, { index: 'gsi1', pk: k.gsi1pk, sk: { equals: k.gsi1sk } }, { limit: 1 });
  const item = res.items[0];
  return item ? messageFromItem(item) : null;
}

/** A page of a community's messages in time order. `from` inclusive, `to` exclusive (ISO). */
/**
 * The sort-key bounds of a community's messages from `from` (inclusive) to `to` (exclusive), for an
 * inclusive BETWEEN: sort keys are `timestamp#msgId`, so `to` itself sorts before every key of that
 * instant. A page's start key must lie within them, and `lo` must not pass `hi` (DynamoDB refuses both).
 */
export function messageKeyRange(from?: string, to?: string): { lo: string; hi: string } {
  return { lo: from ?? '0', hi: to ?? '9999' };
}

export async function queryMessagePage(
  db: Db,
  communityId: string,
  opts: { order: 'asc' | 'desc'; limit: number; from?: string; to?: string; startKey?: Record<string, unknown> },
): Promise<{ items: Message[]; lastKey: Record<string, unknown> | null }> {
  const pk = keys.messagePartition(communityId);
  const { lo, hi } = messageKeyRange(opts.from, opts.to);
  const res = await queryPage(
    db,
    { pk, sk: { between: [lo, hi] } },
    { order: opts.order, limit: opts.limit, startKey: opts.startKey },
  );
  return { items: res.items.map(messageFromItem), lastKey: res.lastKey };
}

/** Messages by their table keys (search hits), in the order asked; missing ones are left out. */
export async function getMessagesByKeys(
  db: Db,
  communityId: string,
  refs: readonly { msgId: string; timestamp: string }[],
): Promise<Message[]> {
  const unique = [...new Map(refs.map((r) => [`${r.timestamp}#${r.msgId}`, r])).values()];
  const items = await batchGet(
    db,
    unique.map((r) => keys.message(communityId, r.timestamp, r.msgId)),
  );
  const found = new Map(items.map((item) => [String(item.msg_id), messageFromItem(item)]));
  return refs.map((r) => found.get(r.msgId)).filter((m): m is Message => !!m);
}

/** The newest messages of a community, newest first (summaries, suggestions). */
export async function latestMessages(db: Db, communityId: string, limit: number): Promise<Message[]> {
  return (await queryMessagePage(db, communityId, { order: 'desc', limit })).items;
}

/** Every message of one UTC day with the sender key stored beside it (recounts). */
export async function messagesOfDay(db: Db, communityId: string, day: string): Promise<MessageRow[]> {
  return queryAll(
    db,
    { pk: keys.messagePartition(communityId), sk: { between: [`${day}T00:00:00.000Z`, `${day}T23:59:59.999Z~`] } },
    {
      map: (item) => ({
        message: messageFromItem(item),
        senderKey: typeof item.sender_key === 'string' ? item.sender_key : null,
      }),
    },
  );
}
