// The ingest benchmark's load generator, on a worker thread of its own (see ingest.ts): a WhatsApp
// provider is another machine, so building, signing and posting webhooks must not take event-loop
// time from the gateway that answers them. Times are absolute (epoch ms) so that the main thread can
// compare them with when a message was stored and became searchable.
import { parentPort, workerData } from 'node:worker_threads';
import type { WhatsAppProvider } from '@kehila/shared';
import { buildWebhook, simulatedMessageId } from '@kehila/functions/adapters/whatsapp/payloads';
import { messageIdFor } from '@kehila/functions/core/messages/ids';

/** What the main thread asks for. */
export type ClientCommand =
  | { kind: 'burst'; url: string; count: number; concurrency: number }
  | { kind: 'paced'; url: string; perSecond: number; seconds: number };

/** What a run reports: ack times, failures, duration, and when each message id was posted. */
export interface ClientResult {
  readonly acks: number[];
  readonly failed: number;
  readonly seconds: number;
  readonly posted: [msgId: string, at: number][];
}

export interface ClientData {
  readonly module: string;
  readonly provider: WhatsAppProvider;
  readonly groupId: string;
}

const TEXTS = [
  'Does anyone know a good accountant for an early-stage startup?',
  "We're hiring a senior backend engineer (Node, AWS), referrals welcome",
  'Urgent: our cloud credits expire on Friday, anyone with an AWS contact?',
  'Reminder: pitch practice moved to Thursday 18:00 at the Azrieli lobby',
  'מישהו מכיר רואה חשבון טוב לסטארטאפ בתחילת הדרך?',
  'תזכורת: מפגש הפיצ׳ים עבר ליום חמישי ב-18:00',
  'Looking for a designer who has done fintech onboarding flows',
  'סגרנו סבב סיד! תודה לכל מי שעשה היכרויות',
];
const SENDERS = [
  '972501234567@c.us',
  '972527654321@c.us',
  '972548889900@c.us',
  '184467440737095@lid',
  '447700900123@c.us',
];

const port = parentPort;
if (!port) throw new Error('ingest-client.ts runs as a worker thread');
const { provider, groupId } = workerData as ClientData;
/** Epoch milliseconds with sub-millisecond precision, comparable across threads. */
const clock = () => performance.timeOrigin + performance.now();

let seq = 0;
async function post(url: string, posted: [string, number][]): Promise<{ status: number; ms: number }> {
  const i = seq++;
  const messageId = simulatedMessageId(provider);
  const { body, headers } = buildWebhook(provider, {
    groupId,
    messageId,
    senderId: SENDERS[i % SENDERS.length] as string,
    senderName: `Sender ${i % SENDERS.length}`,
    timestamp: new Date(),
    text: `${TEXTS[i % TEXTS.length]} #${i}`,
    replyTo: null,
    media: null,
  });
  const started = clock();
  posted.push([messageIdFor(groupId, messageId), started]);
  try {
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return { status: res.status, ms: clock() - started };
  } catch {
    // A refused or timed-out connection is a failed delivery (the provider would retry it).
    return { status: 0, ms: clock() - started };
  }
}

/** Posts `count` webhooks from `concurrency` connections, each waiting for its answer. */
async function burst(url: string, count: number, concurrency: number): Promise<ClientResult> {
  const acks: number[] = [];
  const posted: [string, number][] = [];
  let failed = 0;
  let next = 0;
  const started = clock();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const r = await post(url, posted);
        acks.push(r.ms);
        if (r.status !== 200) failed += 1;
      }
    }),
  );
  return { acks, failed, seconds: (clock() - started) / 1000, posted };
}

/** Posts at a steady rate, not waiting for answers before the next, as a busy group would. */
async function paced(url: string, perSecond: number, seconds: number): Promise<ClientResult> {
  const acks: number[] = [];
  const posted: [string, number][] = [];
  let failed = 0;
  const total = Math.round(perSecond * seconds);
  const started = clock();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const wait = started + (i * 1000) / perSecond - clock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      post(url, posted).then((r) => {
        acks.push(r.ms);
        if (r.status !== 200) failed += 1;
      }),
    );
  }
  await Promise.all(inFlight);
  return { acks, failed, seconds: (clock() - started) / 1000, posted };
}

port.on('message', (cmd: ClientCommand) => {
  const run =
    cmd.kind === 'burst' ? burst(cmd.url, cmd.count, cmd.concurrency) : paced(cmd.url, cmd.perSecond, cmd.seconds);
  void run.then((result) => port.postMessage(result));
});
