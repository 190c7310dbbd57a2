import { describe, expect, it } from 'vitest';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { SendCoalescer } from '@kehila/functions/core/messages/send-coalescer';
import type { QueueMessageInput } from '@kehila/functions/core/queues';

/** An ingest message whose provider id is `n` (what the calls below are told apart by). */
const m = (n: number | string): QueueMessageInput<'ingest'> => ({
  community_id: 'c1',
  group_id: 'g@g.us',
  provider: 'waha',
  provider_message_id: String(n),
  sender_id: '972500000000@c.us',
  sender_name: null,
  timestamp: '2026-01-01T00:00:00.000Z',
  text: 'hi',
  reply_to: null,
  media_type: null,
});
const ids = (calls: unknown[][]) =>
  calls.map((c) => c.map((b) => (b as { provider_message_id: string }).provider_message_id));

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
    await Promise.all([c.send([m(1)]), c.send([m(2), m(3)]), c.send([m(4)])]);
    expect(ids(calls)).toEqual([['1', '2', '3', '4']]);
  });

  it('sends at once when a batch is full', async () => {
    const { queues, calls } = fakeQueues();
    const c = new SendCoalescer(queues, 'ingest');
    const full = c.send(Array.from({ length: 10 }, (_, i) => m(i)));
    expect(calls).toHaveLength(1);
    await full;
    await c.send([m('next')]);
    expect(ids(calls)).toEqual([['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], ['next']]);
  });

  it('fails every caller of a batch the queue refused, so each webhook answers an error', async () => {
    const { queues } = fakeQueues(true);
    const c = new SendCoalescer(queues, 'ingest');
    const results = await Promise.allSettled([c.send([m(1)]), c.send([m(2)])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
