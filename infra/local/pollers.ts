import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { queues, type QueueName } from '@kehila/functions/core/queues';
import { lambdaContext } from './lambda-context';
import type { QueueUrls } from './engines/sqs';

/** A worker as Lambda runs it for an SQS event source. */
export type SqsWorker = (
  event: SQSEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<SQSBatchResponse | void>;

/** Options of the in-process event source. */
export interface PollerOptions {
  readonly sqs: SQSClient;
  readonly urls: Record<QueueName, QueueUrls>;
  /** Loads a queue's worker (the same module the cloud runs). */
  readonly loadWorker: (queue: QueueName) => Promise<SqsWorker>;
  /** Parallel pollers per queue (Lambda concurrency). */
  readonly concurrency?: number;
  /** Pollers of particular queues, when more than `concurrency` (LOCAL_POLLERS unless given). */
  readonly pollersPerQueue?: Partial<Record<QueueName, number>>;
  /** Seconds a failed message stays invisible before its retry; the queue's own value when unset. */
  readonly retryDelaySeconds?: number;
  /** Longest pause between empty polls of an idle queue (IDLE_POLL_MAX_MS unless given). */
  readonly idlePollMaxMs?: number;
  /** Only these queues (default: every declared queue whose worker loads). */
  readonly only?: readonly QueueName[];
  readonly onError?: (queue: QueueName, err: unknown) => void;
}

/** Running pollers. */
export interface Pollers {
  /** Resolves when every queue is empty and nothing is in flight (or the timeout passes). */
  drain(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Pollers of a queue beyond the stack's default (Lambda's concurrency). A scheduled summary spends
 * most of its time waiting on the table (and in the cloud on Bedrock and the gateway): with more
 * pollers the worker thread writes one summary while others wait, and a daily run of 1,000
 * communities fits its five minutes (bench/schedule.ts, docs/summaries.md).
 */
export const LOCAL_POLLERS: Partial<Record<QueueName, number>> = { summaries: 6 };

/**
 * Pause after an empty short poll: 50 ms after work, doubling while the queue stays empty up to
 * `idlePollMaxMs` (250 ms unless given). Bounds local queue latency; an idle stack's thirty-odd pollers
 * at a steady 50 ms kept a quarter of a CPU busy.
 */
const IDLE_POLL_MS = 50;
export const IDLE_POLL_MAX_MS = 250;
/** SQS hands out at most 10 messages per ReceiveMessage. */
const SQS_MAX_RECEIVE = 10;

function toRecord(queue: QueueName, m: Message): SQSRecord {
  const a = m.Attributes ?? {};
  return {
    messageId: m.MessageId ?? '',
    receiptHandle: m.ReceiptHandle ?? '',
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: a.ApproximateReceiveCount ?? '1',
      SentTimestamp: a.SentTimestamp ?? String(Date.now()),
      SenderId: a.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:kehila-${queue}`,
    awsRegion: 'us-east-1',
  };
}

/**
 * local-aws-sqs can return one message twice in a batch when it arrives during a long poll (once
 * per receive, with counts 1 and 2). SQS never does; keep the latest receive of each message.
 */
function latestReceipts(messages: Message[]): Message[] {
  const byId = new Map<string, Message>();
  const count = (m: Message) => Number(m.Attributes?.ApproximateReceiveCount ?? 0);
  for (const m of messages) {
    const prev = byId.get(m.MessageId ?? '');
    if (!prev || count(m) >= count(prev)) byId.set(m.MessageId ?? '', m);
  }
  return [...byId.values()];
}

/**
 * Polls each queue like Lambda's SQS event source: receives up to the declared batch size, calls the
 * worker with a real SQS event, deletes what succeeded and leaves reported failures (or the whole
 * batch when the worker throws) for redelivery; the queue's redrive policy moves a message to its DLQ
 * after `maxReceiveCount` receives.
 */
export async function startPollers(opts: PollerOptions): Promise<Pollers> {
  let stopping = false;
  let inFlight = 0;
  const loops: Promise<void>[] = [];
  const names = (opts.only ?? (Object.keys(queues) as QueueName[])).filter((q) => opts.urls[q]);

  for (const queue of names) {
    let worker: SqsWorker;
    try {
      worker = await opts.loadWorker(queue);
    } catch (err) {
      opts.onError?.(queue, err);
      continue;
    }
    const def = queues[queue];
    const url = opts.urls[queue].url;
    const loop = async () => {
      let idleMs = IDLE_POLL_MS;
      while (!stopping) {
        const messages: Message[] = [];
        try {
          // Like Lambda's event source, a batch may exceed SQS's 10 per receive: keep receiving until
          // the batch is full or the queue has nothing more.
          while (messages.length < def.batchSize) {
            const res = await opts.sqs.send(
              new ReceiveMessageCommand({
                QueueUrl: url,
                MaxNumberOfMessages: Math.min(SQS_MAX_RECEIVE, def.batchSize - messages.length),
                // Short polls: local-aws-sqs long polls can hand out one message twice (see latestReceipts).
                WaitTimeSeconds: 0,
                // Hidden for as long as the worker may run, as Lambda's event source does: a shorter
                // time would hand a slow job to a second poller while the first still works on it.
                VisibilityTimeout: def.visibilityTimeoutSeconds,
                MessageSystemAttributeNames: ['All'],
                AttributeNames: ['All'],
              }),
            );
            const got = res.Messages ?? [];
            messages.push(...got);
            if (got.length < SQS_MAX_RECEIVE) break;
          }
        } catch (err) {
          if (stopping) return;
          opts.onError?.(queue, err);
          await new Promise((r) => setTimeout(r, 500));
          continue;
        }
        if (messages.length === 0) {
          await new Promise((r) => setTimeout(r, idleMs));
          idleMs = Math.min(idleMs * 2, opts.idlePollMaxMs ?? IDLE_POLL_MAX_MS);
          continue;
        }
        idleMs = IDLE_POLL_MS;
        inFlight += 1;
        try {
          const records = latestReceipts(messages).map((m) => toRecord(queue, m));
          let failed = new Set<string>();
          try {
            const res = await worker(
              { Records: records },
              lambdaContext(`kehila-${queue}-worker`, def.timeoutSeconds * 1000),
            );
            failed = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
          } catch (err) {
            opts.onError?.(queue, err);
            failed = new Set(records.map((r) => r.messageId));
          }
          const done = records.filter((r) => !failed.has(r.messageId));
          // A failed message is retried after `retryDelaySeconds` (tests: soon), not the queue's timeout.
          if (opts.retryDelaySeconds !== undefined) {
            for (const r of records.filter((x) => failed.has(x.messageId))) {
              await opts.sqs
                .send(
                  new ChangeMessageVisibilityCommand({
                    QueueUrl: url,
                    ReceiptHandle: r.receiptHandle,
                    VisibilityTimeout: opts.retryDelaySeconds,
                  }),
                )
                .catch((err: unknown) => opts.onError?.(queue, err));
            }
          }
          for (let i = 0; i < done.length; i += SQS_MAX_RECEIVE) {
            await opts.sqs.send(
              new DeleteMessageBatchCommand({
                QueueUrl: url,
                Entries: done
                  .slice(i, i + SQS_MAX_RECEIVE)
                  .map((r, j) => ({ Id: String(j), ReceiptHandle: r.receiptHandle })),
              }),
            );
          }
        } finally {
          inFlight -= 1;
        }
      }
    };
    const width = Math.max(opts.concurrency ?? 1, opts.pollersPerQueue?.[queue] ?? LOCAL_POLLERS[queue] ?? 0);
    for (let i = 0; i < width; i += 1) loops.push(loop());
  }

  const pending = async () => {
    let total = inFlight;
    for (const queue of names) {
      const res = await opts.sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: opts.urls[queue].url,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      total +=
        Number(res.Attributes?.ApproximateNumberOfMessages ?? 0) +
        Number(res.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
    }
    return total;
  };

  return {
    async drain(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if ((await pending()) === 0) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}
