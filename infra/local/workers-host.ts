import { Worker } from 'node:worker_threads';
import { localHub } from '@kehila/functions/adapters/realtime/local-hub';
import type { SearchPort } from '@kehila/functions/core/ports/search';
import type { QueueUrls } from './engines/sqs';
import type { Pollers } from './pollers';
import type { FromWorkers, ToWorkers, WorkersData } from './workers-protocol';

/**
 * Runs the queue workers (the pollers that act as Lambda's SQS event source) on a worker thread, as
 * the cloud runs workers apart from the API: enrichment, embedding and imports then never hold up
 * a webhook's answer on the gateway's thread. The local search engine and the live-events hub stay
 * on the main thread with the routes and WebSockets that read them; the workers reach them through
 * the thread's message port.
 */
export async function startWorkersThread(opts: {
  env: Record<string, string>;
  queueUrls: Record<string, QueueUrls>;
  concurrency: number;
  retryDelaySeconds?: number;
  search: () => SearchPort;
  log: (line: string) => void;
}): Promise<Pollers> {
  const data: WorkersData = {
    env: opts.env,
    queueUrls: opts.queueUrls,
    concurrency: opts.concurrency,
    ...(opts.retryDelaySeconds !== undefined ? { retryDelaySeconds: opts.retryDelaySeconds } : {}),
  };
  const worker = new Worker(new URL('./ts-thread-entry.mjs', import.meta.url), {
    workerData: { ...data, module: new URL('./workers-thread.ts', import.meta.url).href },
    execArgv: [],
  });
  const send = (msg: ToWorkers) => worker.postMessage(msg);
  let nextDrain = 0;
  const drains = new Map<number, (drained: boolean) => void>();
  let stopped: (() => void) | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (msg: FromWorkers) => {
      switch (msg.kind) {
        case 'ready':
          resolve();
          break;
        case 'search': {
          const search = opts.search() as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
          const method = search[msg.method];
          const call = method
            ? method.apply(search, msg.args)
            : Promise.reject(new Error(`no search method ${msg.method}`));
          call.then(
            (value) => send({ kind: 'search-result', id: msg.id, ok: true, value }),
            (err: unknown) => send({ kind: 'search-result', id: msg.id, ok: false, error: (err as Error).message }),
          );
          break;
        }
        case 'realtime':
          localHub().publish(msg.communityId, msg.event);
          break;
        case 'realtime-revoke':
          localHub().revoke(msg.communityId, msg.userId);
          break;
        case 'log':
          opts.log(msg.line);
          break;
        case 'drained':
          drains.get(msg.id)?.(msg.drained);
          drains.delete(msg.id);
          break;
        case 'stopped':
          stopped?.();
          break;
      }
    });
  });
  worker.on('error', (err) => opts.log(`workers thread failed: ${err.stack ?? String(err)}`));
  await ready;

  return {
    drain: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        const id = (nextDrain += 1);
        drains.set(id, resolve);
        send({ kind: 'drain', id, timeoutMs });
        // A thread that died cannot answer.
        setTimeout(() => resolve(false), timeoutMs + 2000).unref();
      }),
    stop: async () => {
      await new Promise<void>((resolve) => {
        stopped = resolve;
        send({ kind: 'stop' });
        setTimeout(resolve, 15_000).unref();
      });
      await worker.terminate();
    },
  };
}
