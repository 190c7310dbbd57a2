import { createQueueClient, createQueueRetry } from '../../adapters/queues/sqs';
import type { Config } from '../../core/config';
import type { RetryOptions } from '../../core/ports/queues';
import type { Wiring } from '../deps';

/** The queue port on SQS (queue URLs from QUEUE_URL_<NAME>). */
export const sqsQueues: NonNullable<Wiring['queues']> = ({ config }) => createQueueClient(config);

/**
 * Retry back-off of a worker's failed records: ChangeMessageVisibility on its own queue, capped by the
 * configuration (QUEUE_RETRY_MAX_SECONDS).
 */
export function sqsRetry(config: Config): RetryOptions {
  return { queues: createQueueRetry(config), maxDelaySeconds: config.queueRetryMaxSeconds };
}
