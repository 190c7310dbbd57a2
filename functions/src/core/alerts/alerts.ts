import {
  ALERT_QUOTE_MAX_CHARS,
  alertReasonsFor,
  alertReasonsOf,
  defaultAlertRule,
  toWhatsAppId,
  type AlertReason,
  type AlertRule,
  type AlertRuleInput,
  type Message,
} from '@kehila/shared';
import { claimAlert, getAlertRule, putAlertRule, settleAlert, type StoredAlertRule } from '../../data/alerts';
import { getCommunity } from '../../data/communities';
import { getMember } from '../../data/memberships';
import { getMessageById } from '../../data/messages';
import { takeFromWindow } from '../../data/rate-limits';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { logger } from '../logger';
import type { QueueMessage, QueueMessageInput } from '../queues';

/** The rate-limit bucket of the per-community hourly cap (one counter item per community and hour). */
export const ALERT_CAP_BUCKET = 'alerts';
const HOUR_SECONDS = 3600;

function shown(rule: StoredAlertRule): AlertRule {
  return {
    enabled: rule.enabled,
    on_urgent: rule.on_urgent,
    on_toxic: rule.on_toxic,
    max_per_hour: rule.max_per_hour,
    country_code: rule.country_code,
    phone: rule.phone,
    whatsapp_id: rule.whatsapp_id,
    updated_at: rule.updated_at,
  };
}

/**
 * Customize Alerts: the community's saved rule, else the defaults (off, both kinds, 5 an hour) with
 * the calling admin's own phone from their membership, so turning it on is one click.
 */
export async function readAlertRule(deps: Pick<Deps, 'db'>, communityId: string, user: AuthUser): Promise<AlertRule> {
  const saved = await getAlertRule(deps.db, communityId);
  if (saved) return shown(saved);
  const me = await getMember(deps.db, communityId, user.id);
  const rule = defaultAlertRule(me?.country_code ?? undefined, me?.phone ?? '');
  return { ...rule, whatsapp_id: toWhatsAppId(rule.country_code, rule.phone) };
}

/** Saves the rule (validated by the route: a rule that is on has a valid phone and a kind). */
export async function saveAlertRule(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  input: AlertRuleInput,
): Promise<AlertRule> {
  const rule: StoredAlertRule = {
    enabled: input.enabled,
    on_urgent: input.on_urgent,
    on_toxic: input.on_toxic,
    max_per_hour: input.max_per_hour,
    country_code: input.country_code,
    phone: input.phone,
    whatsapp_id: toWhatsAppId(input.country_code, input.phone),
    updated_at: deps.now().toISOString(),
    updated_by: user.id,
  };
  await putAlertRule(deps.db, communityId, rule);
  return shown(rule);
}

/**
 * Enrich path: queues one alert job per stored message that meets its community's rule. Only live
 * messages (webhooks) alert: an imported chat is history. Stored duplicates are looked at again, so a
 * crash after the put is repaired by the redelivery; the worker's claim keeps it to one alert.
 * Returns how many jobs were queued.
 */
export async function queueAlerts(
  deps: Pick<Deps, 'db' | 'queues'>,
  stored: readonly { readonly communityId: string; readonly message: Message }[],
): Promise<number> {
  const candidates = stored.filter((s) => s.message.source !== 'import' && alertReasonsOf(s.message).length > 0);
  if (candidates.length === 0) return 0;
  const rules = new Map<string, StoredAlertRule | null>();
  for (const communityId of new Set(candidates.map((c) => c.communityId)))
    rules.set(communityId, await getAlertRule(deps.db, communityId, false));
  const jobs: QueueMessageInput<'alerts'>[] = [];
  for (const { communityId, message } of candidates) {
    const rule = rules.get(communityId);
    if (!rule?.whatsapp_id) continue;
    const reasons = alertReasonsFor(rule, message);
    if (reasons.length > 0) jobs.push({ communityId, msgId: message.msg_id, reasons });
  }
  if (jobs.length > 0) await deps.queues.sendBatch('alerts', jobs);
  return jobs.length;
}

/** The alert as it reads in WhatsApp (*bold* is WhatsApp's). */
export function alertText(
  message: Pick<Message, 'msg_id' | 'Sender_name' | 'content' | 'toxicity'>,
  reasons: readonly AlertReason[],
  communityName: string | null,
  webOrigin?: string,
): string {
  const kind = reasons.includes('urgent') ? 'Urgent message' : 'Toxic message';
  const quote = (message.content ?? '').trim();
  const cut = quote.length > ALERT_QUOTE_MAX_CHARS ? `${quote.slice(0, ALERT_QUOTE_MAX_CHARS)}…` : quote;
  return [
    `*${kind}*${communityName ? ` in ${communityName}` : ''}`,
    `${message.Sender_name ?? 'Someone'}: ${cut}`,
    ...(reasons.includes('toxic') && message.toxicity !== null
      ? [`Toxicity: ${message.toxicity.toFixed(2)}`]
      : []),
    ...(webOrigin ? [`${webOrigin}/messages?view=table&id=${encodeURIComponent(message.msg_id)}`] : []),
  ].join('\n');
}

/** What became of one alert job. */
export type AlertOutcome = 'sent' | 'duplicate' | 'capped' | 'off' | 'gone';

/** The start (epoch seconds) of the UTC hour of an instant: the cap's window. */
export const hourWindowStart = (at: Date) => Math.floor(at.getTime() / 1000 / HOUR_SECONDS) * HOUR_SECONDS;

/**
 * The `alerts` worker: one message's alert. The rule is read again (an admin may have turned it off
 * since); the alert is claimed by a conditional put keyed by the message (one alert per message,
 * whatever redelivers it); then one unit is taken from the community's hourly counter, a conditional
 * ADD that never passes the rule's cap however many workers run. Past the cap the alert is recorded
 * as capped and not sent. The send goes through the WhatsApp port (the gateway; the outbox locally).
 * A failed send is recorded as failed and thrown, so the queue retries it (its hour's unit stays taken).
 */
export async function deliverAlert(
  deps: Pick<Deps, 'db' | 'now' | 'whatsapp' | 'config'>,
  job: QueueMessage<'alerts'>,
): Promise<AlertOutcome> {
  const rule = await getAlertRule(deps.db, job.communityId);
  const message = await getMessageById(deps.db, job.communityId, job.msgId);
  if (!message) return 'gone';
  const reasons = rule ? alertReasonsFor(rule, message) : [];
  if (!rule?.whatsapp_id || reasons.length === 0) return 'off';
  const now = deps.now();
  if (!(await claimAlert(deps.db, job.communityId, { msgId: job.msgId, reasons, to: rule.whatsapp_id, at: now })))
    return 'duplicate';
  const fits = await takeFromWindow(deps.db, {
    bucket: ALERT_CAP_BUCKET,
    subject: job.communityId,
    start: hourWindowStart(now),
    seconds: HOUR_SECONDS,
    limit: rule.max_per_hour,
  });
  if (!fits) {
    await settleAlert(deps.db, job.communityId, job.msgId, 'capped', now);
    logger.info('alert not sent: the hourly cap is reached', { communityId: job.communityId, cap: rule.max_per_hour });
    return 'capped';
  }
  const community = await getCommunity(deps.db, job.communityId);
  try {
    await deps.whatsapp.send({
      communityId: job.communityId,
      groupId: rule.whatsapp_id,
      text: alertText(message, reasons, community?.name ?? null, deps.config.webOrigin),
    });
  } catch (err) {
    await settleAlert(deps.db, job.communityId, job.msgId, 'failed', deps.now(), (err as Error).message);
    throw err;
  }
  await settleAlert(deps.db, job.communityId, job.msgId, 'sent', deps.now());
  return 'sent';
}
