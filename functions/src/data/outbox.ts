import { PutCommand } from './table-client';
import type { Db } from './db';
import { keys } from './keys';

/** An outbound WhatsApp message as logged: what was sent (or, locally, what would have been sent). */
export interface OutboxItem {
  readonly id: string;
  /** Null for a group no community owns yet. */
  readonly communityId: string | null;
  readonly groupId: string;
  readonly text: string;
  readonly createdAt: string;
  readonly status: 'local' | 'sent' | 'failed';
  /** The gateway that sent it, or 'local'. */
  readonly provider: string;
  readonly error?: string;
}

/** Records an outbound message in its community's outbox partition. */
export async function recordOutbox(db: Db, item: OutboxItem): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...(item.communityId
          ? keys.outbox(item.communityId, item.createdAt, item.id)
          : keys.groupOutbox(item.groupId, item.createdAt, item.id)),
        entity: 'outbox',
        id: item.id,
        community_id: item.communityId,
        group_id: item.groupId,
        text: item.text,
        created_at: item.createdAt,
        status: item.status,
        provider: item.provider,
        ...(item.error ? { error: item.error } : {}),
      },
    }),
  );
}
