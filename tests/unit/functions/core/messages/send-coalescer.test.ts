import { describe, expect, it } from 'vitest';
import type { QueueClient } from '@kehila/functions/adapters/queues/sqs';
import { SendCoalescer } from '@kehila/functions/core/messages/send-coalescer';

function fakeQueues(fail = false) {
  const calls: unknown[][] = [];
  const queues: QueueClient = {
    async send() {},
    async sendBatch(_queue, bodies) {
      calls.push([...bodies]);
      if (fail) throw new Error('queue unavailable');
    },
  };
  return { queues, calls };
}

describe('queue send coalescer', () => {
  it('joins concurrent sends into one batch and settles every caller when it is accepted', async () => {
    const { queues, calls } = fakeQueues();
    const c = new SendCoalescer(queues, 'ingest');
    await Promise.all([c.send([1]), c.send([2, 3]), c.send([4])]);
    expect(calls).toEqual([[1, 2, 3, 4]]);
  });

  it('sends at once when a batch is full', async () => {
    const { queues, calls } = fakeQueues();
    const c = new SendCoalescer(queues, 'ingest');
    const full = c.send(Array.from({ length: 10 }, (_, i) => i));
    expect(calls).toHaveLength(1);
    await full;
    await c.send(['next']);
    expect(calls).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], ['next']]);
  });

  it('fails every caller of a batch the queue refused, so each webhook answers an error', async () => {
    const { queues } = fakeQueues(true);
    const c = new SendCoalescer(queues, 'ingest');
    const results = await Promise.allSettled([c.send([1]), c.send([2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
