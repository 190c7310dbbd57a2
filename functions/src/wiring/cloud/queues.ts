import { createQueueClient } from '../../adapters/queues/sqs';
import type { Wiring } from '../deps';

/** The queue port on SQS (queue URLs from QUEUE_URL_<NAME>). */
export const sqsQueues: NonNullable<Wiring['queues']> = ({ config }) => createQueueClient(config);
