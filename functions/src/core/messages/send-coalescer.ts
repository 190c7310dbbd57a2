import type { QueueClient } from '../ports/queues';
import type { QueueMessageInput, QueueName } from '../queues';

/** Messages per SendMessageBatch call (the SQS maximum). */
const SQS_BATCH = 10;
/** How long the first message of a batch waits for others to join it. */
const WINDOW_MS = 1;

interface Pending<Q extends QueueName> {
  readonly bodies: QueueMessageInput<Q>[];
  readonly waiters: { resolve: () => void; reject: (err: unknown) => void }[];
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * Joins the queue sends of concurrent requests into shared SendMessageBatch calls: each caller's
 * promise settles when the batch holding its messages was accepted (or failed), so a webhook still
 * answers only once SQS has its messages. A Lambda serves one request at a time, so there a batch
 * is one request's messages after a 1 ms wait; where one process serves many requests at once (the
 * local gateway under load) it saves most of the queue calls.
 */
export class SendCoalescer<Q extends QueueName> {
  private pending: Pending<Q> | null = null;

  constructor(
    private readonly queues: QueueClient,
    private readonly queue: Q,
  ) {}

  /** Queues the bodies; resolves once they are accepted. */
  send(bodies: readonly QueueMessageInput<Q>[]): Promise<void> {
    if (bodies.length === 0) return Promise.resolve();
    const batch = (this.pending ??= { bodies: [], waiters: [], timer: null });
    batch.bodies.push(...bodies);
    const done = new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
    if (batch.bodies.length >= SQS_BATCH) this.flush(batch);
    else batch.timer ??= setTimeout(() => this.flush(batch), WINDOW_MS);
    return done;
  }

  private flush(batch: Pending<Q>): void {
    if (this.pending !== batch) return;
    this.pending = null;
    if (batch.timer) clearTimeout(batch.timer);
    this.queues.sendBatch(this.queue, batch.bodies).then(
      () => batch.waiters.forEach((w) => w.resolve()),
      (err: unknown) => batch.waiters.forEach((w) => w.reject(err)),
    );
  }
}

const coalescers = new WeakMap<QueueClient, Map<QueueName, SendCoalescer<QueueName>>>();

/** The coalescer of a queue client and queue (one per warm process and deps). */
export function coalescerFor<Q extends QueueName>(queues: QueueClient, queue: Q): SendCoalescer<Q> {
  let byQueue = coalescers.get(queues);
  if (!byQueue) {
    byQueue = new Map();
    coalescers.set(queues, byQueue);
  }
  let c = byQueue.get(queue) as SendCoalescer<Q> | undefined;
  if (!c) {
    c = new SendCoalescer(queues, queue);
    byQueue.set(queue, c as unknown as SendCoalescer<QueueName>);
  }
  return c;
}
