import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@kehila/shared';
import { getMessageById } from '@kehila/functions/data/messages';
import { startLocalStack, type LocalStack } from '../../../../infra/local/stack';
import { communityWithGroup, freshGroupId, postMessage } from '../../../fixtures/whatsapp/stack-community';

/** The pid of this process's child whose command line contains `marker`. */
function childPid(marker: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`no child process runs ${marker}`);
}

async function health(stack: LocalStack): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.url}/api/health`);
  return { status: res.status, body: await res.json() };
}

describe('the local stack supervising its parts', () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startLocalStack({ port: 0, web: 'none', seed: false, retryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('restarts a killed workers thread, and /api/health answers 503 with the reason until it runs again', async () => {
    expect((await health(stack)).status).toBe(200);
    await stack.killWorkersThread();

    const down = await health(stack);
    expect(down.status).toBe(503);
    const error = ApiErrorSchema.parse(down.body);
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/queue workers thread stopped: .*restarting in/i);

    await expect.poll(async () => (await health(stack)).status, { timeout: 30_000, interval: 200 }).toBe(200);
    // The restarted thread consumes the queues again: a webhook message is stored.
    const groupId = freshGroupId();
    const community = await communityWithGroup(stack.deps, groupId);
    const sent = await postMessage(stack.url, 'waha', {
      groupId,
      senderId: '972501234567@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(),
      text: 'Anyone up for a coffee after the restart?',
    });
    expect(sent.status).toBe(200);
    await expect
      .poll(async () => (await getMessageById(stack.deps.db, community.id, sent.msgId))?.content, { timeout: 20_000 })
      .toBe('Anyone up for a coffee after the restart?');
  });

  it('answers 503 naming cognito-local once it died', async () => {
    process.kill(childPid('cognito-local'), 'SIGKILL');
    await expect.poll(async () => (await health(stack)).status, { timeout: 10_000 }).toBe(503);
    const error = ApiErrorSchema.parse((await health(stack)).body);
    expect(error).toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/user pool \(cognito-local\) stopped/),
    });
  });

  it('answers 503 naming the engine host once it died', async () => {
    process.kill(childPid('engine-process.mjs'), 'SIGKILL');
    await expect
      .poll(async () => ApiErrorSchema.safeParse((await health(stack)).body).data?.message, { timeout: 10_000 })
      .toMatch(/table and queues \(engine host\) stopped: killed by SIGKILL/);
    expect((await health(stack)).status).toBe(503);
  });
});
