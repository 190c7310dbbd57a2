import { SQSClient, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Config } from '../../core/config';
import type { QueueClient } from '../../core/ports/queues';
import { queueMessageBody, type QueueName } from '../../core/queues';

/** The SQS-backed queue client (the local stack points it at its SQS endpoint). */
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
          MessageBody: queueMessageBody(queue, body),
          ...(options?.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
        }),
      );
    },
    async sendBatch(queue, bodies) {
      const messages = bodies.map((b) => queueMessageBody(queue, b));
      for (let i = 0; i < messages.length; i += 10) {
        const chunk = messages.slice(i, i + 10);
        const res = await sqs().send(
          new SendMessageBatchCommand({
            QueueUrl: url(queue),
            Entries: chunk.map((m, j) => ({ Id: String(j), MessageBody: m })),
          }),
        );
        if (res.Failed?.length) {
          throw new Error(`queue ${queue}: ${res.Failed.length} of ${chunk.length} messages not accepted`);
        }
      }
    },
  };
}
