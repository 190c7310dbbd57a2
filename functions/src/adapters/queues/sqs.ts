import { awsJson, type AwsTarget } from '../../aws/http';
import type { Config } from '../../core/config';
import type { QueueClient, QueueRetry } from '../../core/ports/queues';
import { queueMessageBody, type QueueName } from '../../core/queues';

/** SQS accepts at most 10 messages per SendMessageBatch. */
const BATCH = 10;

/**
 * The queue port on SQS (its JSON protocol, signed; the local stack points it at its SQS endpoint).
 * Every body is checked against its queue's schema before it leaves.
 */
export function createQueueClient(config: Pick<Config, 'region' | 'endpoints' | 'queueUrls'>): QueueClient {
  const target: AwsTarget = { service: 'sqs', region: config.region, endpoint: config.endpoints.sqs };
  const url = (queue: QueueName) => {
    const u = config.queueUrls[queue];
    if (!u) throw new Error(`queue ${queue} has no URL configured`);
    return u;
  };
  return {
    async send(queue, body, options) {
      await awsJson(target, {
        operation: 'AmazonSQS.SendMessage',
        version: '1.0',
        body: {
          QueueUrl: url(queue),
          MessageBody: queueMessageBody(queue, body),
          ...(options?.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
        },
      });
    },
    async sendBatch(queue, bodies) {
      const messages = bodies.map((b) => queueMessageBody(queue, b));
      for (let i = 0; i < messages.length; i += BATCH) {
        const chunk = messages.slice(i, i + BATCH);
        const res = await awsJson<{ Failed?: unknown[] }>(target, {
          operation: 'AmazonSQS.SendMessageBatch',
          version: '1.0',
          body: { QueueUrl: url(queue), Entries: chunk.map((m, j) => ({ Id: String(j), MessageBody: m })) },
        });
        if (res.Failed?.length) {
          throw new Error(`queue ${queue}: ${res.Failed.length} of ${chunk.length} messages not accepted`);
        }
      }
    },

  };
}

/** Retry back-off on SQS: ChangeMessageVisibility of a received record (a worker's own queue). */
export function createQueueRetry(config: Pick<Config, 'region' | 'endpoints' | 'queueUrls'>): QueueRetry {
  const target: AwsTarget = { service: 'sqs', region: config.region, endpoint: config.endpoints.sqs };
  return {
    async retryAfter(queue, receiptHandle, seconds) {
      const queueUrl = config.queueUrls[queue];
      if (!queueUrl) throw new Error(`queue ${queue} has no URL configured`);
      await awsJson(target, {
        operation: 'AmazonSQS.ChangeMessageVisibility',
        version: '1.0',
        body: { QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: Math.round(seconds) },
      });
    },
  };
}
