import * as z from 'zod';
import { ALERT_DEFAULT_MAX_PER_HOUR, ALERT_MAX_PER_HOUR_LIMIT, TOXICITY_DAILY_WARNING_ABOVE } from '../constants';
import { checkPhone } from '../rules/phone';
import type { Message } from './messages';

/** Text of a rule that is on with nothing to be told about. */
export const ALERT_TRIGGER_REQUIRED = 'Please choose at least one kind of message';
/** Text of a cap outside 1…ALERT_MAX_PER_HOUR_LIMIT. */
export const ALERT_MAX_PER_HOUR_MESSAGE = `Please choose between 1 and ${ALERT_MAX_PER_HOUR_LIMIT} alerts per hour`;

/**
 * A community's alert rule as the admin sets it (Customize Alerts): on or off, which messages
 * (high urgency, toxic), at most `max_per_hour` alerts per hour for the whole community, sent to the
 * WhatsApp chat of `country_code` + `phone` (S1 §5 phone rules). The phone is required when on.
 */
export const AlertRuleInputSchema = z
  .object({
    enabled: z.boolean(),
    on_urgent: z.boolean(),
    on_toxic: z.boolean(),
    max_per_hour: z
      .number({ message: ALERT_MAX_PER_HOUR_MESSAGE })
      .int(ALERT_MAX_PER_HOUR_MESSAGE)
      .min(1, ALERT_MAX_PER_HOUR_MESSAGE)
      .max(ALERT_MAX_PER_HOUR_LIMIT, ALERT_MAX_PER_HOUR_MESSAGE),
    country_code: z.string().trim().max(8),
    phone: z.string().trim().max(32),
  })
  .superRefine((r, ctx) => {
    if (!r.enabled) return;
    if (!r.on_urgent && !r.on_toxic) ctx.addIssue({ code: 'custom', message: ALERT_TRIGGER_REQUIRED, path: ['on_urgent'] });
    const phone = checkPhone(r.country_code, r.phone);
    if (!phone.isValid) ctx.addIssue({ code: 'custom', message: phone.errorMessage ?? '', path: ['phone'] });
  });
export type AlertRuleInput = z.input<typeof AlertRuleInputSchema>;

/** The rule as read back: the saved one (or the defaults, `updated_at` null) and where it sends. */
export const AlertRuleSchema = z.object({
  enabled: z.boolean(),
  on_urgent: z.boolean(),
  on_toxic: z.boolean(),
  max_per_hour: z.number().int(),
  country_code: z.string(),
  phone: z.string(),
  /** The WhatsApp chat alerts go to (`<digits>@c.us`), null while the phone is not valid. */
  whatsapp_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

/** The rule of a community whose admin never saved one: off, both kinds, the default cap. */
export function defaultAlertRule(countryCode = '+972', phone = ''): AlertRule {
  return {
    enabled: false,
    on_urgent: true,
    on_toxic: true,
    max_per_hour: ALERT_DEFAULT_MAX_PER_HOUR,
    country_code: countryCode,
    phone,
    whatsapp_id: null,
    updated_at: null,
  };
}

/** Why a message is worth an alert: high urgency, toxicity above the S2 §9 warning (0.3). */
export type AlertReason = 'urgent' | 'toxic';

/** The reasons a message meets (the rule's kinds decide which of them alert). */
export function alertReasonsOf(message: Pick<Message, 'urgency' | 'toxicity'>): AlertReason[] {
  const out: AlertReason[] = [];
  if (message.urgency === 'high') out.push('urgent');
  if (message.toxicity !== null && message.toxicity !== undefined && message.toxicity > TOXICITY_DAILY_WARNING_ABOVE)
    out.push('toxic');
  return out;
}

/** The reasons of a message this rule alerts on (empty: no alert). */
export function alertReasonsFor(rule: Pick<AlertRule, 'enabled' | 'on_urgent' | 'on_toxic'>, message: Pick<Message, 'urgency' | 'toxicity'>): AlertReason[] {
  if (!rule.enabled) return [];
  return alertReasonsOf(message).filter((r) => (r === 'urgent' ? rule.on_urgent : rule.on_toxic));
}
