import type { Server } from 'node:http';
import { createSqsServer } from 'local-aws-sqs';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queues, type QueueName } from '@kehila/functions/workers/queues';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './net';

/** A running local SQS endpoint (local-aws-sqs, in memory). */
export interface LocalSqs {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** Starts local-aws-sqs on loopback. */
export async function startSqs(opts: { port?: number } = {}): Promise<LocalSqs> {
  const server: Server = await createSqsServer({
    port: opts.port ?? 0,
    hostname: '127.0.0.1',
    emulateQueueCreationLifecycle: false,
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

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
