import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import { conditionHolds, type Db } from './db';
import type { ItemKey } from './keys';

/**
 * Once-only sends on an at-least-once queue (an alert, a bot's answer): the worker claims the send
 * with a conditional put before it sends, and settles the claim afterwards. A redelivered job finds
 * the claim taken and sends nothing; a send that failed may be claimed again by the retry.
 */
export type SendClaimStatus = 'sending' | 'sent' | 'failed' | 'capped';

/** Seconds a claim is kept: its idempotency outlives any redelivery by far. */
const SEND_CLAIM_TTL_SECONDS = 30 * 86_400;

/** Claims a send at `key`; false when it is taken (sending, sent or capped). `fields` are stored with it. */
export async function claimSend(
  db: Db,
  key: ItemKey,
  at: Date,
  fields: Readonly<Record<string, unknown>>,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...fields,
          ...key,
          status: 'sending' satisfies SendClaimStatus,
          updated_at: at.toISOString(),
          ttl: Math.floor(at.getTime() / 1000) + SEND_CLAIM_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #s = :failed',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed' satisfies SendClaimStatus },
      }),
    ),
  );
}

/** Records how a claimed send ended. */
export async function settleSend(
  db: Db,
  key: ItemKey,
  status: Exclude<SendClaimStatus, 'sending'>,
  at: Date,
  error?: string,
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key,
      UpdateExpression: error ? 'SET #s = :s, updated_at = :at, #e = :e' : 'SET #s = :s, updated_at = :at',
      ExpressionAttributeNames: { '#s': 'status', ...(error ? { '#e': 'error' } : {}) },
      ExpressionAttributeValues: {
        ':s': status,
        ':at': at.toISOString(),
        ...(error ? { ':e': error.slice(0, 500) } : {}),
      },
    }),
  );
}

/** The status of the send at `key`, or null when it was never claimed. */
export async function sendStatus(db: Db, key: ItemKey): Promise<SendClaimStatus | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return (res.Item?.status as SendClaimStatus | undefined) ?? null;
}
