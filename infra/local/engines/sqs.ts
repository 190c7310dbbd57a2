import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queues, type QueueName } from '@kehila/functions/core/queues';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './net';

/** An SQS client for a local endpoint. */
export function localSqsClient(endpoint: string): SQSClient {
  return new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** URLs of a queue and its dead-letter queue. */
export interface QueueUrls {
  readonly url: string;
  readonly dlqUrl: string;
}

/** Creates every declared queue with its DLQ and redrive policy (as the CDK api stack does). */
export async function ensureQueues(endpoint: string, prefix = 'kehila'): Promise<Record<QueueName, QueueUrls>> {
  const sqs = localSqsClient(endpoint);
  const out = {} as Record<QueueName, QueueUrls>;
  for (const [name, def] of Object.entries(queues) as [QueueName, (typeof queues)[QueueName]][]) {
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${prefix}-${name}-dlq` }));
    const dlqAttrs = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
    );
    const main = await sqs.send(
      new CreateQueueCommand({
        QueueName: `${prefix}-${name}`,
        Attributes: {
          VisibilityTimeout: String(def.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: dlqAttrs.Attributes?.QueueArn,
            maxReceiveCount: def.maxReceiveCount,
          }),
        },
      }),
    );
    out[name] = { url: main.QueueUrl ?? '', dlqUrl: dlq.QueueUrl ?? '' };
  }
  sqs.destroy();
  return out;
}
