import { createQueueClient, createQueueRetry } from '../../adapters/queues/sqs';
import type { Config } from '../../core/config';
import type { QueueRetry } from '../../core/ports/queues';
import type { Wiring } from '../deps';

/** The queue port on SQS (queue URLs from QUEUE_URL_<NAME>). */
export const sqsQueues: NonNullable<Wiring['queues']> = ({ config }) => createQueueClient(config);

/** Retry back-off of a worker's failed records (ChangeMessageVisibility on its own queue). */
export function sqsRetry(config: Config): QueueRetry {
  return createQueueRetry(config);
}
