import { GetCommand, PutCommand } from './table-client';
import type { AlertReason } from '@kehila/shared';
import type { Db } from './db';
import { claimSend, sendStatus, settleSend, type SendClaimStatus } from './send-claims';
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
export type AlertStatus = SendClaimStatus;

/**
 * Claims the alert of one message (one alert per message, ever): false when it is taken — sending,
 * sent or capped. A failed send may be claimed again by the retry.
 */
export async function claimAlert(
  db: Db,
  communityId: string,
  alert: { msgId: string; reasons: readonly AlertReason[]; to: string; at: Date },
): Promise<boolean> {
  return claimSend(db, keys.alert(communityId, alert.msgId), alert.at, {
    entity: 'alert',
    community_id: communityId,
    msg_id: alert.msgId,
    reasons: [...alert.reasons],
    to: alert.to,
  });
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
  await settleSend(db, keys.alert(communityId, msgId), status, at, error);
}

/** The status of one message's alert, or null when it never had one. */
export async function getAlertStatus(db: Db, communityId: string, msgId: string): Promise<AlertStatus | null> {
  return sendStatus(db, keys.alert(communityId, msgId));
}
