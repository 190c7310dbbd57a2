import { Worker } from 'node:worker_threads';
import { localHub } from '@kehila/functions/adapters/realtime/local-hub';
import type { SearchPort } from '@kehila/functions/core/ports/search';
import type { QueueUrls } from './engines/sqs';
import type { StackHealth } from './health';
import type { Pollers } from './pollers';
import type { FromWorkers, ToWorkers, WorkersData } from './workers-protocol';

/** The supervised workers thread. */
export interface WorkersThread extends Pollers {
  /** Ends the running thread as a crash would (for tests of the supervisor); resolves once it is gone. */
  kill(): Promise<void>;
}

/** Options of the workers thread. */
export interface WorkersThreadOptions {
  readonly env: Record<string, string>;
  readonly queueUrls: Record<string, QueueUrls>;
  readonly concurrency: number;
  readonly retryDelaySeconds?: number;
  readonly idlePollMaxMs?: number;
  readonly search: () => SearchPort;
  readonly health: StackHealth;
  readonly log: (line: string) => void;
}

/**
 * The thread's heap limit. With a limit, a thread that runs out of memory is ended on its own (and
 * restarted); without one, V8 would abort the whole process, gateway included.
 */
const THREAD_HEAP_MB = 3072;
/** Restart back-off: the first wait, and the longest. */
const FIRST_RESTART_MS = 500;
const MAX_RESTART_MS = 30_000;
/** A thread that ran this long before dying starts the back-off afresh. */
const STABLE_MS = 60_000;

/**
 * Runs the queue workers (the pollers that act as Lambda's SQS event source) on a worker thread, as
 * the cloud runs workers apart from the API: enrichment, embedding and imports then never hold up
 * a webhook's answer on the gateway's thread. The local search engine and the live-events hub stay
 * on the main thread with the routes and WebSockets that read them; the workers reach them through
 * the thread's message port.
 *
 * It is also the thread's supervisor, as Lambda is for a crashed function: a thread that dies (an
 * uncaught error, out of memory) is logged, reported down to `/api/health`, and started again after
 * a back-off that doubles from 0.5 s to 30 s. What it had received but not deleted is redelivered by
 * the queues after their visibility timeout.
 */
export async function startWorkersThread(opts: WorkersThreadOptions): Promise<WorkersThread> {
  const data: WorkersData = {
    env: opts.env,
    queueUrls: opts.queueUrls,
    concurrency: opts.concurrency,
    ...(opts.retryDelaySeconds !== undefined ? { retryDelaySeconds: opts.retryDelaySeconds } : {}),
    ...(opts.idlePollMaxMs !== undefined ? { idlePollMaxMs: opts.idlePollMaxMs } : {}),
  };
  let nextDrain = 0;
  const drains = new Map<number, (drained: boolean) => void>();
  let stopping = false;
  /** The thread that runs (ready); `latest` may still be starting. */
  let current: Worker | undefined;
  let latest: Worker | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let supervising = false;
  const exited = new Set<() => void>();

  /** Starts one thread; resolves when it is ready, rejects when it dies first. */
  const spawn = (): Promise<void> => {
    const worker = new Worker(new URL('./ts-thread-entry.mjs', import.meta.url), {
      workerData: { ...data, module: new URL('./workers-thread.ts', import.meta.url).href },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    latest = worker;
    // Answers go to the thread that asked: a restarted thread numbers its calls afresh.
    const send = (msg: ToWorkers) => worker.postMessage(msg);
    const startedAt = Date.now();
    let failure: Error | undefined;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (msg: FromWorkers) => {
        switch (msg.kind) {
          case 'ready':
            current = worker;
            opts.health.up('workers');
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
            break;
        }
      });
      worker.on('error', (err) => {
        failure = err;
        opts.log(`workers thread failed: ${err.stack ?? String(err)}`);
      });
      worker.once('exit', (code) => {
        if (current === worker) current = undefined;
        const reason = failure ? failure.message : `it exited with code ${code}`;
        reject(new Error(`the workers thread stopped before it was ready: ${reason}`));
        const notifyExited = () => {
          for (const notify of exited) notify();
          exited.clear();
        };
        // Before the first start succeeded, the stack's start fails instead.
        if (stopping || !supervising) return notifyExited();
        // A drain the dead thread was answering cannot finish.
        for (const resolveDrain of drains.values()) resolveDrain(false);
        drains.clear();
        if (Date.now() - startedAt > STABLE_MS) attempt = 0;
        const delay = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** attempt);
        attempt += 1;
        opts.health.down('workers', `${reason}; restarting in ${(delay / 1000).toFixed(1)} s`);
        opts.log(`workers thread stopped (${reason}); restarting it in ${(delay / 1000).toFixed(1)} s`);
        notifyExited();
        restartTimer = setTimeout(() => {
          restartTimer = undefined;
          if (stopping) return;
          spawn().then(
            () => opts.log('workers thread restarted'),
            // Its own exit handler has scheduled the next try.
            () => undefined,
          );
        }, delay);
      });
    });
  };

  await spawn();
  supervising = true;

  return {
    drain: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        const worker = current;
        if (!worker) return resolve(false);
        const id = (nextDrain += 1);
        drains.set(id, resolve);
        worker.postMessage({ kind: 'drain', id, timeoutMs } satisfies ToWorkers);
        setTimeout(() => {
          drains.delete(id);
          resolve(false);
        }, timeoutMs + 2000).unref();
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        const worker = current;
        if (!worker) return resolve();
        exited.add(resolve);
        void worker.terminate();
      }),
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const worker = latest;
      if (!worker) return;
      // A thread still starting has nothing to finish.
      if (worker !== current) return void (await worker.terminate());
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 15_000);
        timer.unref();
        worker.on('message', (msg: FromWorkers) => {
          if (msg.kind === 'stopped') {
            clearTimeout(timer);
            resolve();
          }
        });
        worker.once('exit', () => resolve());
        worker.postMessage({ kind: 'stop' } satisfies ToWorkers);
      });
      await worker.terminate();
    },
  };
}
