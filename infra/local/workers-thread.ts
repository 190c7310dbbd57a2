// The local stack's queue workers, on a thread of their own (see workers-host.ts). Lambda runs
// workers apart from the API; here the thread keeps their CPU off the gateway's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import type { RealtimeServerMessage } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { logger } from '@kehila/functions/core/logger';
import type { RealtimePort } from '@kehila/functions/core/ports/realtime';
import type { SearchPort } from '@kehila/functions/core/ports/search';
import { queues, type QueueName } from '@kehila/functions/core/queues';
import { localSqsClient, type QueueUrls } from './engines/sqs';
import { startPollers, type SqsWorker } from './pollers';
import type { FromWorkers, ToWorkers, WorkersData } from './workers-protocol';

const port = parentPort;
if (!port) throw new Error('workers-thread.ts runs as a worker thread');
const data = workerData as WorkersData;
Object.assign(process.env, data.env);
logger.setLogLevel(data.env.POWERTOOLS_LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);

const send = (msg: FromWorkers) => port.postMessage(msg);
let nextCall = 0;
const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

/** The search port of the main thread, where the local engine (and the search routes) live. */
const search = new Proxy({} as SearchPort, {
  get:
    (_t, method: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = (nextCall += 1);
        calls.set(id, { resolve, reject });
        send({ kind: 'search', id, method, args });
      }),
});

/** Live events go to the main thread's hub, which serves the WebSocket subscribers. */
const realtime: RealtimePort = {
  async publish(communityId: string, event: RealtimeServerMessage) {
    send({ kind: 'realtime', communityId, event });
  },
  async revoke(communityId: string, userId: string) {
    send({ kind: 'realtime-revoke', communityId, userId });
  },
};

setDeps(createLocalDeps(loadConfig(), { search, realtime }));

async function loadWorker(queue: QueueName): Promise<SqsWorker> {
  const mod = (await import(`@kehila/functions/${queues[queue].worker}`)) as { handler: SqsWorker };
  return mod.handler;
}

const pollers = await startPollers({
  sqs: localSqsClient(data.env.SQS_ENDPOINT ?? ''),
  urls: data.queueUrls as Record<QueueName, QueueUrls>,
  loadWorker,
  concurrency: data.concurrency,
  ...(data.retryDelaySeconds !== undefined ? { retryDelaySeconds: data.retryDelaySeconds } : {}),
  ...(data.idlePollMaxMs !== undefined ? { idlePollMaxMs: data.idlePollMaxMs } : {}),
  onError: (queue, err) => send({ kind: 'log', line: `[${queue}] ${(err as Error).message ?? String(err)}` }),
});

port.on('message', (msg: ToWorkers) => {
  if (msg.kind === 'search-result') {
    const call = calls.get(msg.id);
    calls.delete(msg.id);
    if (msg.ok) call?.resolve(msg.value);
    else call?.reject(new Error(msg.error));
  } else if (msg.kind === 'drain') {
    void pollers.drain(msg.timeoutMs).then((drained) => send({ kind: 'drained', id: msg.id, drained }));
  } else if (msg.kind === 'stop') {
    void pollers.stop().then(() => send({ kind: 'stopped' }));
  }
});
send({ kind: 'ready' });
