import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { buildWebhook, simulatedMessageId } from '@kehila/functions/adapters/whatsapp/payloads';
import { messageIdFor } from '@kehila/functions/core/messages/ids';
import { createDb, queryAll } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { freePort } from '../../../../infra/local/engines/net';
import { localSqsClient } from '../../../../infra/local/engines/sqs';
import { DEMO_COMMUNITY } from '../../../../infra/local/seed';
import { killStackGroup, startStackProcess, type StackProcess } from './stack-process';

const WEBHOOKS = 500;
/** The stack is killed once this many webhooks were acknowledged. */
const KILL_AFTER = 250;
const LANES = 16;

/** The msg_id of every stored message of the demo community (one entry per stored item). */
async function storedIds(stack: StackProcess): Promise<string[]> {
  const db = createDb({
    region: 'us-east-1',
    tableName: stack.env.TABLE_NAME ?? '',
    endpoints: { dynamodb: stack.env.DYNAMODB_ENDPOINT },
  });
  const items = await queryAll<{ msg_id: string }>(
    db,
    { pk: keys.messagePartition(DEMO_COMMUNITY.id) },
    { attributes: ['msg_id'] },
  );
  return items.map((i) => i.msg_id);
}

/** Messages the ingest queue holds (visible or in flight). */
async function ingestDepth(stack: StackProcess): Promise<number> {
  const sqs = localSqsClient(stack.env.SQS_ENDPOINT ?? '');
  try {
    const res = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: stack.env.QUEUE_URL_INGEST,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(res.Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(res.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  } finally {
    sqs.destroy();
  }
}

/** Ingest messages the queue journal still held (taken, not deleted) when the stack died. */
function pendingInJournal(dataDir: string): number {
  const live = new Map<string, string>();
  for (const line of readFileSync(join(dataDir, 'sqs', 'journal.ndjson'), 'utf8').split('\n')) {
    if (!line) continue;
    let op: { op: string; id: string; q: string };
    try {
      op = JSON.parse(line) as typeof op;
    } catch {
      continue;
    }
    if (op.op === 'put') live.set(op.id, op.q);
    else if (op.op === 'del') live.delete(op.id);
  }
  return [...live.values()].filter((q) => q === 'kehila-ingest').length;
}

describe('the local stack killed with kill -9 during ingest', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kehila-crash-'));
  const stacks: StackProcess[] = [];

  afterAll(async () => {
    for (const s of stacks) await killStackGroup(s);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged webhook message exactly once after a restart on the same data', async () => {
    const port = await freePort();
    const first = await startStackProcess(dataDir, port);
    stacks.push(first);
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: first.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: first.env.AWS_SECRET_ACCESS_KEY,
    });

    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    let next = 0;
    const start = Date.now() - WEBHOOKS * 1000;
    const lane = async () => {
      while (next < WEBHOOKS) {
        const i = next;
        next += 1;
        const message = {
          groupId: DEMO_COMMUNITY.groupId,
          messageId: simulatedMessageId('waha'),
          senderId: '972501234567@c.us',
          senderName: 'Dana Levi',
          timestamp: new Date(start + i * 1000),
          text: `Crash test message ${i}: does anyone know a good accountant?`,
        };
        const { body, headers } = buildWebhook('waha', message);
        try {
          const res = await fetch(`${first.url}/webhooks/whatsapp/waha`, { method: 'POST', headers, body });
          await res.text();
          if (res.status === 200) acknowledged.push(messageIdFor(message.groupId, message.messageId));
        } catch {
          // The stack is gone: this one was never acknowledged.
        }
        if (!killed && acknowledged.length >= KILL_AFTER) killed = killStackGroup(first);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    await killed;
    expect(killed).toBeDefined();
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.length).toBeLessThan(WEBHOOKS);
    // The kill came while acknowledged messages still waited in the queue: the restart has work to do.
    expect(pendingInJournal(dataDir)).toBeGreaterThan(0);

    const second = await startStackProcess(dataDir, port);
    stacks.push(second);
    const missing = async () => {
      const stored = new Set(await storedIds(second));
      return acknowledged.filter((id) => !stored.has(id)).length;
    };
    await expect.poll(missing, { timeout: 60_000, interval: 500 }).toBe(0);
    await expect.poll(() => ingestDepth(second), { timeout: 30_000, interval: 250 }).toBe(0);

    const stored = await storedIds(second);
    const times = new Map<string, number>();
    for (const id of stored) times.set(id, (times.get(id) ?? 0) + 1);
    const lost = acknowledged.filter((id) => !times.has(id));
    const twice = [...times].filter(([, n]) => n > 1).map(([id]) => id);
    expect({ lost, twice }).toEqual({ lost: [], twice: [] });
    await killStackGroup(second);
  }, 180_000);
});
