import { DeleteCommand, GetCommand, PutCommand } from './table-client';
import { conditionHolds, queryAll, type Db } from './db';
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
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.billingReceipt(bodySha256), entity: 'billing_receipt', ...info },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
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

/** A subscription as the payment provider last reported it, and the account it belongs to. */
export interface SubscriptionRecord {
  readonly subscription_id: string;
  /** The account it was bound to by its first event; never changes. */
  readonly user_id: string;
  readonly status: string;
  /** The plan while the status grants it, else null. */
  readonly plan: string | null;
  readonly customer_id: string | null;
  readonly ends_at: string | null;
  /** `updated_at` of the object (subscription or invoice) whose event was applied last: the ordering watermark. */
  readonly updated_at: string;
  readonly event_name: string;
}

function toSubscription(item: Record<string, unknown>): SubscriptionRecord {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    subscription_id: String(item.subscription_id ?? ''),
    user_id: String(item.user_id ?? ''),
    status: String(item.status ?? ''),
    plan: text(item.plan),
    customer_id: text(item.customer_id),
    ends_at: text(item.ends_at),
    updated_at: String(item.updated_at ?? ''),
    event_name: String(item.event_name ?? ''),
  };
}

/** A subscription by the payment provider's id, or null before its first event. */
export async function getSubscription(db: Db, subscriptionId: string): Promise<SubscriptionRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.subscription(subscriptionId), ConsistentRead: true }),
  );
  return res.Item ? toSubscription(res.Item) : null;
}

/**
 * Binds a new subscription to an account: written only if the subscription has no record yet, so
 * the first event decides whose it is and no later event moves it. False when it already existed.
 */
export async function bindSubscription(db: Db, record: SubscriptionRecord): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.subscription(record.subscription_id),
          ...keys.subscriptionOfUser(record.user_id, record.subscription_id),
          entity: 'subscription',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/**
 * Moves a subscription's state forward: written only when its stored `updated_at` is not later
 * than this one (ISO-8601 UTC compares as text) and it still belongs to the same account. False
 * means the event is older than what was applied: it arrived out of order and changes nothing.
 */
export async function advanceSubscription(db: Db, record: SubscriptionRecord): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.subscription(record.subscription_id),
          ...keys.subscriptionOfUser(record.user_id, record.subscription_id),
          entity: 'subscription',
          ...record,
        },
        ConditionExpression: 'user_id = :u AND updated_at <= :t',
        ExpressionAttributeValues: { ':u': record.user_id, ':t': record.updated_at },
      }),
    ),
  );
}

/** Every subscription of an account. */
export async function listSubscriptionsOfUser(db: Db, userId: string): Promise<SubscriptionRecord[]> {
  const k = keys.subscriptionOfUser(userId, '');
  return queryAll(db, { index: 'gsi1', pk: k.gsi1pk, sk: { prefix: k.gsi1sk } }, { map: toSubscription });
}
