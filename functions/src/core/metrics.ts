import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * The one metrics recorder (Powertools Metrics, CloudWatch embedded metric format): each function
 * flushes it at the end of an invocation (the HTTP route handler's middleware, the workers' `finally`).
 * Namespace `Kehila`, service from POWERTOOLS_SERVICE_NAME (`kehila-<area>`). The local stack turns
 * it off (POWERTOOLS_METRICS_DISABLED), so `npm start` prints no metric blobs.
 */
export const metrics = new Metrics({
  namespace: 'Kehila',
  ...(process.env.POWERTOOLS_SERVICE_NAME ? {} : { serviceName: 'kehila' }),
});

/** Every metric we emit, by meaning (docs/architecture.md "Observability"). */
export const METRIC = {
  /** Webhook group messages queued for storage. */
  messagesAccepted: 'MessagesAccepted',
  /** Webhook events of groups no community owns (counted, never stored). */
  messagesDropped: 'MessagesDropped',
  /** Webhook deliveries refused for a missing or wrong signature or token (401). */
  webhooksRefused: 'WebhooksRefused',
  /** API requests refused for not coming through CloudFront (403; http/origin-check.ts). */
  originRefused: 'OriginRefused',
  /** Messages stored for the first time by the enrich worker. */
  messagesStored: 'MessagesStored',
  /** Messages the enrich worker saw again (retries, redeliveries, re-imports): stored once. */
  messagesDeduplicated: 'MessagesDeduplicated',
  /** Queue records that failed this time (they are retried). */
  recordsFailed: 'RecordsFailed',
  /** Queue records that failed on their last receive: SQS moves them to the dead-letter queue. */
  recordsDeadLettered: 'RecordsDeadLettered',
  /** AI summaries generated and stored. */
  summariesGenerated: 'SummariesGenerated',
  /** Outbound deliveries (summaries, bot replies, reminders) sent / failed. */
  deliveriesSent: 'DeliveriesSent',
  deliveriesFailed: 'DeliveriesFailed',
  /** New passwords refused for being among the most common (sign-up and reset routes). */
  commonPasswordsRefused: 'CommonPasswordsRefused',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/** Adds `n` to a count metric (nothing for 0). */
export function count(name: MetricName, n = 1): void {
  if (n > 0) metrics.addMetric(name, MetricUnit.Count, n);
}

/**
 * Writes what was counted during this invocation (nothing, and no warning, when nothing was). The
 * switch is read here, not only when `metrics` is built: the local stack sets it after importing us.
 */
export function flushMetrics(): void {
  if (!metrics.hasStoredMetrics()) return;
  if (process.env.POWERTOOLS_METRICS_DISABLED === 'true') metrics.clearMetrics();
  else metrics.publishStoredMetrics();
}
