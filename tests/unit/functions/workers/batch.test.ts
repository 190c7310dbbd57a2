import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { queues, retryDelaySeconds } from '@kehila/functions/core/queues';
import { eachRecord, settleBatch } from '@kehila/functions/workers/batch';

function record(id: string, receives: number): SQSRecord {
  return {
    messageId: id,
    receiptHandle: `rh-${id}`,
    body: '{}',
    attributes: {
      ApproximateReceiveCount: String(receives),
      SentTimestamp: '0',
      SenderId: 'x',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:kehila-summaries',
    awsRegion: 'us-east-1',
  };
}

describe('retry back-off', () => {
  it('doubles the wait of a summaries record after each failed receive: 1, 2, 4 minutes, at most 15', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelaySeconds('summaries', n))).toEqual([60, 120, 240, 480, 900]);
  });

  it('is capped by the configuration, and absent for a queue that declares none', () => {
    expect(retryDelaySeconds('summaries', 3, 1)).toBe(1);
    expect(retryDelaySeconds('ingest', 2)).toBeNull();
  });

  it('sets each failed record’s next receive, leaves the successes, and lets the last receive go to the DLQ', async () => {
    const retryAfter = vi.fn(async () => undefined);
    const last = queues.summaries.maxReceiveCount;
    const event: SQSEvent = {
      Records: [record('ok', 1), record('first', 1), record('third', 3), record('last', last)],
    };
    const failed = new Error('gateway answered 502');
    const res = await settleBatch(
      'summaries',
      event,
      new Map([
        ['ok', null],
        ['first', failed],
        ['third', failed],
        ['last', failed],
      ]),
      undefined,
      { queues: { retryAfter } },
    );
    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['first', 'last', 'third']);
    expect(retryAfter.mock.calls).toEqual([
      ['summaries', 'rh-first', 60],
      ['summaries', 'rh-third', 240],
    ]);
  });

  it('still reports the failure when the back-off cannot be set (the visibility timeout applies)', async () => {
    const retryAfter = vi.fn(async () => {
      throw new Error('sqs down');
    });
    const res = await settleBatch(
      'summaries',
      { Records: [record('a', 1)] },
      new Map([['a', new Error('x')]]),
      undefined,
      {
        queues: { retryAfter },
      },
    );
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'a' }]);
  });
});

describe('eachRecord (the loop of a worker that works its records one by one)', () => {
  const withBody = (id: string, body: string): SQSRecord => ({ ...record(id, 1), body });

  it('gives each record its parsed message and fails only the records whose work failed or whose message is malformed', async () => {
    const seen: string[] = [];
    const event: SQSEvent = {
      Records: [
        withBody('a', JSON.stringify({ communityId: 'c-1' })),
        withBody('b', JSON.stringify({ communityId: 'c-2' })),
        withBody('c', 'not json'),
        withBody('d', JSON.stringify({ communityId: '' })),
      ],
    };
    const res = await eachRecord('participants', event, async (job, r) => {
      seen.push(`${r.messageId}:${job.communityId}`);
      if (job.communityId === 'c-2') throw new Error('gateway answered 502');
    });
    expect(seen).toEqual(['a:c-1', 'b:c-2']);
    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['b', 'c', 'd']);
  });

  it('reports nothing when every record is worked', async () => {
    const event: SQSEvent = { Records: [withBody('a', JSON.stringify({ communityId: 'c-1' }))] };
    const res = await eachRecord('participants', event, async () => undefined);
    expect(res.batchItemFailures).toEqual([]);
  });
});
