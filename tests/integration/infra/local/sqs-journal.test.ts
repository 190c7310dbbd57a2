import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { startEngineHost, type EngineHost } from '../../../../infra/local/engines/engine-host';
import { ensureQueues, localSqsClient } from '../../../../infra/local/engines/sqs';

const dirs: string[] = [];
const hosts: EngineHost[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kehila-journal-'));
  dirs.push(dir);
  return dir;
}

/** Starts the engine host journalling to `dir` with its queues; returns a client and the ingest queue's URLs. */
async function engines(dir: string) {
  let exited: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => (exited = resolve));
  const host = await startEngineHost({ sqsJournal: join(dir, 'journal.ndjson'), onExit: () => exited() });
  hosts.push(host);
  const urls = (await ensureQueues(host.sqs)).ingest;
  /** `kill -9` of the engine host; resolves once it is gone. */
  const crash = async () => {
    process.kill(host.pid, 'SIGKILL');
    await gone;
  };
  return { host, sqs: localSqsClient(host.sqs), urls, crash };
}

/** Receives everything visible (each message once), leaving it in flight for `visibility` seconds. */
async function receiveAll(sqs: SQSClient, url: string, visibility = 60): Promise<Message[]> {
  const out: Message[] = [];
  for (;;) {
    const res = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: visibility,
        WaitTimeSeconds: 0,
      }),
    );
    if (!res.Messages?.length) return out;
    out.push(...res.Messages);
  }
}

async function deleteAll(sqs: SQSClient, url: string, messages: Message[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 10) {
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: url,
        Entries: messages.slice(i, i + 10).map((m, j) => ({ Id: String(j), ReceiptHandle: m.ReceiptHandle })),
      }),
    );
  }
}

async function sendBodies(sqs: SQSClient, url: string, bodies: string[]): Promise<void> {
  const [single, ...rest] = bodies;
  if (single) await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: single }));
  for (let i = 0; i < rest.length; i += 10) {
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: rest.slice(i, i + 10).map((body, j) => ({ Id: String(j), MessageBody: body })),
      }),
    );
  }
}

describe('the local queue journal', () => {
  afterEach(async () => {
    for (const h of hosts.splice(0)) await h.close();
  });
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('gives back, after kill -9, every message sent and not deleted (in flight included), under its id', async () => {
    const dir = dataDir();
    const before = await engines(dir);
    const bodies = Array.from({ length: 31 }, (_, i) => `message ${i}`);
    await sendBodies(before.sqs, before.urls.url, bodies);
    const received = await receiveAll(before.sqs, before.urls.url);
    expect(received).toHaveLength(31);
    const deleted = received.slice(0, 12);
    await deleteAll(before.sqs, before.urls.url, deleted);
    await before.crash();

    const after = await engines(dir);
    const back = await receiveAll(after.sqs, after.urls.url);
    const expected = received.slice(12);
    expect(back.map((m) => m.Body).sort()).toEqual(expected.map((m) => m.Body).sort());
    expect(back.map((m) => m.MessageId).sort()).toEqual(expected.map((m) => m.MessageId).sort());
  });

  it('keeps a message moved to the dead-letter queue there after a restart', async () => {
    const dir = dataDir();
    const before = await engines(dir);
    await sendBodies(before.sqs, before.urls.url, ['poison']);
    // maxReceiveCount receives that each let the message go at once: the queue moves it to its DLQ.
    const receiveOnce = async () =>
      (
        await before.sqs.send(
          new ReceiveMessageCommand({ QueueUrl: before.urls.url, VisibilityTimeout: 0, WaitTimeSeconds: 0 }),
        )
      ).Messages?.length ?? 0;
    for (let i = 0; i < 3; i += 1) await expect.poll(receiveOnce).toBe(1);
    await expect.poll(async () => (await receiveAll(before.sqs, before.urls.dlqUrl, 60)).length).toBe(1);
    await before.crash();

    const after = await engines(dir);
    expect(await receiveAll(after.sqs, after.urls.url)).toEqual([]);
    expect((await receiveAll(after.sqs, after.urls.dlqUrl)).map((m) => m.Body)).toEqual(['poison']);
  });

  it('is compacted at start to the messages still held', async () => {
    const dir = dataDir();
    const journal = join(dir, 'journal.ndjson');
    const before = await engines(dir);
    const bodies = Array.from({ length: 200 }, (_, i) => `message ${i} ${'x'.repeat(500)}`);
    await sendBodies(before.sqs, before.urls.url, bodies);
    const received = await receiveAll(before.sqs, before.urls.url);
    await deleteAll(before.sqs, before.urls.url, received.slice(1));
    const grown = statSync(journal).size;
    await before.crash();

    const after = await engines(dir);
    expect(statSync(journal).size).toBeLessThan(grown / 100);
    expect((await receiveAll(after.sqs, after.urls.url)).map((m) => m.Body)).toEqual([received[0]?.Body]);
  });
});
