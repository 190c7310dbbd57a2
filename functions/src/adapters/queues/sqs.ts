import { SQSClient, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Config } from '../../core/config';
import type { QueueName } from '../../workers/queues';

/** Sends JSON messages to a named queue. */
export interface QueueClient {
  send(queue: QueueName, body: unknown, options?: { delaySeconds?: number }): Promise<void>;
  sendBatch(queue: QueueName, bodies: readonly unknown[]): Promise<void>;
}

/** SQS-backed queue client (the local stack points it at its SQS endpoint). */
export function createQueueClient(config: Pick<Config, 'region' | 'endpoints' | 'queueUrls'>): QueueClient {
  let client: SQSClient | undefined;
  const sqs = () =>
    (client ??= new SQSClient({
      region: config.region,
      ...(config.endpoints.sqs ? { endpoint: config.endpoints.sqs } : {}),
    }));
  const url = (queue: QueueName) => {
    const u = config.queueUrls[queue];
    if (!u) throw new Error(`queue ${queue} has no URL configured`);
    return u;
  };
  return {
    async send(queue, body, options) {
      await sqs().send(
        new SendMessageCommand({
          QueueUrl: url(queue),
          MessageBody: JSON.stringify(body),
          ...(options?.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
        }),
      );
    },
    async sendBatch(queue, bodies) {
      for (let i = 0; i < bodies.length; i += 10) {
        const chunk = bodies.slice(i, i + 10);
        const res = await sqs().send(
          new SendMessageBatchCommand({
            QueueUrl: url(queue),
            Entries: chunk.map((b, j) => ({ Id: String(j), MessageBody: JSON.stringify(b) })),
          }),
        );
        if (res.Failed?.length) {
          throw new Error(`queue ${queue}: ${res.Failed.length} of ${chunk.length} messages not accepted`);
        }
      }
    },
  };
}
