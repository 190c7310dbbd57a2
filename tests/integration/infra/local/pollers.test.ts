import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSBatchResponse } from 'aws-lambda';
import type { QueueName } from '@kehila/functions/core/queues';
import { ensureQueues, localSqsClient, type QueueUrls } from '../../../../infra/local/engines/sqs';
import { startPollers, type Pollers } from '../../../../infra/local/pollers';
import { stack } from '../../support';

interface Seen {
  body: string;
  receiveCount: number;
  batchSize: number;
}

describe('local SQS event source', () => {
  let sqs: SQSClient;
  let urls: Record<QueueName, QueueUrls>;
  let pollers: Pollers;
  const seen: Seen[] = [];

  beforeAll(async () => {
    sqs = localSqsClient(stack().sqsEndpoint);
    urls = await ensureQueues(stack().sqsEndpoint, `poll-${Date.now()}`);
    // A worker that fails every message whose body says so, and reports it as a partial failure.
    const worker = async (event: SQSEvent): Promise<SQSBatchResponse> => {
      for (const r of event.Records) {
        seen.push({
          body: r.body,
          receiveCount: Number(r.attributes.ApproximateReceiveCount),
          batchSize: event.Records.length,
        });
      }
      return {
        batchItemFailures: event.Records.filter((r) => r.body.includes('poison')).map((r) => ({
          itemIdentifier: r.messageId,
        })),
      };
    };
    pollers = await startPollers({ sqs, urls, loadWorker: async () => worker, only: ['ingest'], retryDelaySeconds: 1 });
  });

  afterAll(async () => {
    await pollers.stop();
  });

  async function depth(url: string): Promise<number> {
    const res = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(res.Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(res.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  }

  it('delivers messages to the worker as SQS event records and deletes the successes', async () => {
    for (let i = 0; i < 3; i += 1) {
      await sqs.send(new SendMessageCommand({ QueueUrl: urls.ingest.url, MessageBody: JSON.stringify({ n: i }) }));
    }
    await expect.poll(() => seen.filter((s) => s.body.startsWith('{"n"')).length, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => depth(urls.ingest.url), { timeout: 10_000 }).toBe(0);
  });

  it('redelivers only the reported failures, then moves them to the DLQ after maxReceiveCount receives', async () => {
    // The retry delay is set with ChangeMessageVisibility, which local-aws-sqs counts as a receive:
    // the poison message is worked at receive counts 1 and 3 and then dead-lettered (docs/local-stack.md).
    await sqs.send(new SendMessageCommand({ QueueUrl: urls.ingest.url, MessageBody: 'poison-1' }));
    await sqs.send(new SendMessageCommand({ QueueUrl: urls.ingest.url, MessageBody: 'fine-1' }));
    await expect
      .poll(
        async () => {
          const res = await sqs.send(
            new ReceiveMessageCommand({ QueueUrl: urls.ingest.dlqUrl, MaxNumberOfMessages: 10 }),
          );
          return (res.Messages ?? []).map((m) => m.Body);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toContain('poison-1');
    const poison = seen.filter((s) => s.body === 'poison-1');
    expect(poison.map((s) => s.receiveCount)).toEqual([1, 3]);
    expect(seen.filter((s) => s.body === 'fine-1')).toHaveLength(1);
  });
});
