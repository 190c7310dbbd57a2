import { DeleteCommand, GetCommand, PutCommand } from './table-client';
import { isConditionFailed, type Db } from './db';
import { keys } from './keys';

/**
 * Records that a billing webhook body was processed. Written with a condition, so only the first
 * delivery of a body wins: false means this exact body was seen before (a replay).
 */
export async function claimBillingReceipt(
  db: Db,
  bodySha256: string,
  info: { event_name: string; received_at: string },
): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.billingReceipt(bodySha256), entity: 'billing_receipt', ...info },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** Forgets a receipt whose processing failed, so Lemon Squeezy's retry is processed. */
export async function releaseBillingReceipt(db: Db, bodySha256: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.billingReceipt(bodySha256) }));
}

/** Whether a receipt exists for a body. */
export async function hasBillingReceipt(db: Db, bodySha256: string): Promise<boolean> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.billingReceipt(bodySha256), ConsistentRead: true }),
  );
  return Boolean(res.Item);
}

/** The last subscription state applied to a user, used to order webhook events. */
export interface BillingState {
  readonly subscription_id: string;
  /** `updated_at` of the object (subscription or invoice) whose event was applied last. */
  readonly updated_at: string;
  readonly event_name: string;
}

/** A user's billing state, or null. */
export async function getBillingState(db: Db, userId: string): Promise<BillingState | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.billingState(userId), ConsistentRead: true }),
  );
  const i = res.Item;
  if (!i || typeof i.updated_at !== 'string') return null;
  return {
    subscription_id: String(i.subscription_id ?? ''),
    updated_at: i.updated_at,
    event_name: String(i.event_name ?? ''),
  };
}

/**
 * Moves a user's billing state forward: written only when no state exists or the stored
 * `updated_at` is not later than this one (ISO-8601 UTC compares as text). False means the event
 * is older than what was applied: it arrived out of order and must change nothing.
 */
export async function advanceBillingState(db: Db, userId: string, state: BillingState): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.billingState(userId), entity: 'billing_state', user_id: userId, ...state },
        ConditionExpression: 'attribute_not_exists(pk) OR updated_at <= :t',
        ExpressionAttributeValues: { ':t': state.updated_at },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}
