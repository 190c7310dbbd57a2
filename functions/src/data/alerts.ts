import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import type { AlertReason } from '@kehila/shared';
import { conditionHolds, type Db } from './db';
import { keys } from './keys';

/** An alert rule as stored (the phone as typed; the WhatsApp id derived from it). */
export interface StoredAlertRule {
  readonly enabled: boolean;
  readonly on_urgent: boolean;
  readonly on_toxic: boolean;
  readonly max_per_hour: number;
  readonly country_code: string;
  readonly phone: string;
  readonly whatsapp_id: string | null;
  readonly updated_at: string;
  readonly updated_by: string;
}

/** The saved alert rule of a community, or null when none was saved. */
export async function getAlertRule(db: Db, communityId: string, consistent = true): Promise<StoredAlertRule | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.alertRule(communityId), ConsistentRead: consistent }),
  );
  if (!res.Item) return null;
  const i = res.Item;
  return {
    enabled: i.enabled === true,
    on_urgent: i.on_urgent === true,
    on_toxic: i.on_toxic === true,
    max_per_hour: Number(i.max_per_hour),
    country_code: String(i.country_code ?? ''),
    phone: String(i.phone ?? ''),
    whatsapp_id: typeof i.whatsapp_id === 'string' ? i.whatsapp_id : null,
    updated_at: String(i.updated_at),
    updated_by: String(i.updated_by ?? ''),
  };
}

/** Saves a community's alert rule (one item, replaced). */
export async function putAlertRule(db: Db, communityId: string, rule: StoredAlertRule): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.alertRule(communityId), entity: 'alert-rule', community_id: communityId, ...rule },
    }),
  );
}

/** What became of one message's alert. */
export type AlertStatus = 'sending' | 'sent' | 'capped' | 'failed';

/** Seconds an alert's record is kept (its idempotency outlives any redelivery by far). */
const ALERT_RECORD_TTL_SECONDS = 30 * 86_400;

/**
 * Claims the alert of one message: a conditional put that holds only when the message never had one
 * (or its send failed, so a retry may try again). False when it is taken: sending, sent or capped.
 */
export async function claimAlert(
  db: Db,
  communityId: string,
  alert: { msgId: string; reasons: readonly AlertReason[]; to: string; at: Date },
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.alert(communityId, alert.msgId),
          entity: 'alert',
          community_id: communityId,
          msg_id: alert.msgId,
          reasons: [...alert.reasons],
          to: alert.to,
          status: 'sending' satisfies AlertStatus,
          updated_at: alert.at.toISOString(),
          ttl: Math.floor(alert.at.getTime() / 1000) + ALERT_RECORD_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #s = :failed',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed' satisfies AlertStatus },
      }),
    ),
  );
}

/** Records how a claimed alert ended. */
export async function settleAlert(
  db: Db,
  communityId: string,
  msgId: string,
  status: Exclude<AlertStatus, 'sending'>,
  at: Date,
  error?: string,
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.alert(communityId, msgId),
      UpdateExpression: error ? 'SET #s = :s, updated_at = :at, #e = :e' : 'SET #s = :s, updated_at = :at',
      ExpressionAttributeNames: { '#s': 'status', ...(error ? { '#e': 'error' } : {}) },
      ExpressionAttributeValues: { ':s': status, ':at': at.toISOString(), ...(error ? { ':e': error.slice(0, 500) } : {}) },
    }),
  );
}

/** The status of one message's alert, or null when it never had one. */
export async function getAlertStatus(db: Db, communityId: string, msgId: string): Promise<AlertStatus | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.alert(communityId, msgId), ConsistentRead: true }),
  );
  return (res.Item?.status as AlertStatus | undefined) ?? null;
}
