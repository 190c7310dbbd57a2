/**
 * Scheduled summary delivery benchmark (issue 10): the daily run of N communities with M messages
 * each (stored enriched, as the ingest pipeline leaves them) on the local stack. Every community is due at the run (its delivery time is the run's minute in
 * its zone); one scheduler run fans the jobs out through the `summaries` queue, and the stack's own pollers
 * run the delivery worker (summary by the local AI provider, then the WhatsApp outbox).
 *
 * Prints: the fan-out time (the scheduler run); how many communities got their WhatsApp message
 * (counted in the outbox after the queues are empty, never from the jobs queued) and when the last
 * one was written; the p50/p95 of each message's time after the run started; and the p50/p95 of
 * writing one summary alone (generateSummary in this process, on a sample, before the run). The
 * local stack runs the summaries queue with LOCAL_POLLERS.summaries pollers (infra/local/pollers.ts). Target: all delivered within 5
 * minutes for 1,000 communities × 200 messages.
 *
 *   npm run bench:schedule -- [--communities 1000] [--messages 200] [--sample 30]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Message } from '@kehila/shared';
import { labelMessage } from '@kehila/functions/adapters/ai/local/enrich';
import { logger } from '@kehila/functions/core/logger';
import { blankCommunity } from '@kehila/functions/core/communities/records';
import { generateSummary } from '@kehila/functions/core/messages/ai-actions';
import { localClock, runSummarySchedule } from '@kehila/functions/core/summaries/delivery';
import { createCommunity } from '@kehila/functions/data/communities';
import { putMessageIfNew } from '@kehila/functions/data/messages';
import { queryAll } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { putDeliverySchedule } from '@kehila/functions/data/summary-settings';
import { currentDeps } from '@kehila/functions/wiring/deps';
import { startLocalStack } from '../infra/local/stack';

logger.setLogLevel('SILENT');

const { values } = parseArgs({
  options: {
    communities: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '200' },
    sample: { type: 'string', default: '30' },
  },
});
const N = Number(values.communities);
const M = Number(values.messages);
const SAMPLE = Math.min(Number(values.sample), N);

const TEXTS = [
  'Can anyone recommend a good accountant for a small business?',
  'We are hiring a backend developer, please send your CV to Dana by Friday',
  'URGENT: the community website is down again',
  'Reminder: the meetup is on Thursday at 19:00, please RSVP',
  'Thanks everyone for the great session yesterday!',
  'מישהו מכיר רואה חשבון טוב?',
  'Who is bringing the projector tomorrow?',
  'The new co-working space in Tel Aviv has free desks this month',
];
const SENDERS = ['Dana Levi', 'Avi Katz', 'Noa Bar', 'Yossi Cohen', 'Ronit Azulay'];
// Messages are stored as the enrich worker leaves them (a scheduled summary runs long after its
// messages were enriched): each text labelled once by the local model.
const LABELS = TEXTS.map((text) => {
  const l = labelMessage(text);
  return {
    topic: l.topic,
    keywords: l.terms.slice(0, 5).map((t) => t.display),
    urgency: l.urgency,
    sentiment: l.sentiment,
    emotion: l.emotion,
    intent: l.intent,
    toxicity: l.toxicity,
    action_items: l.action_items,
  };
});

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function pool<T>(items: readonly T[], width: number, run: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kehila-bench-schedule-'));
  const stack = await startLocalStack({ port: 0, dataDir, web: 'none', seed: false, log: () => undefined });
  try {
    const deps = currentDeps();
    if (!deps) throw new Error('the local stack set no deps');
    const now = new Date();
    // the run is for two hours from now, so the stack's own minute-by-minute scheduler (real time)
    // never starts these communities before the measured run does
    const runAt = new Date(now.getTime() + 2 * 3_600_000);
    const zone = 'Asia/Jerusalem';
    const clock = localClock(runAt, zone);
    const hhmm = `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;

    // N communities with M messages of the last day each, and a daily summary due this minute
    const ids = Array.from({ length: N }, (_, i) => `bench-${i}-${randomUUID().slice(0, 6)}`);
    const seedStart = Date.now();
    await pool(ids, 8, async (id) => {
      const groupId = `1203630${Math.floor(Math.random() * 1e11)}@g.us`;
      await createCommunity(deps.db, {
        ...blankCommunity({ id, name: `Bench ${id}`, groupId, ownerId: null, now }),
        daily_summary: true,
      });
      await putDeliverySchedule(
        deps.db,
        id,
        {
          weekly_day: 'sunday',
          delivery_time: hhmm,
          time_zone: zone,
          language: 'group',
          sheet_id: null,
          updated_at: null,
        },
        true,
      );
      for (let j = 0; j < M; j++) {
        const msgId = `m-${j}-${randomUUID().slice(0, 8)}`;
        const message: Message = {
          msg_id: msgId,
          group_id: groupId,
          content: TEXTS[j % TEXTS.length]!,
          timestamp: new Date(now.getTime() - (M - j) * 60_000).toISOString(),
          Sender_name: SENDERS[j % SENDERS.length]!,
          sender_hash: null,
          cluster_id: null,
          ...LABELS[j % TEXTS.length]!,
        } as Message;
        await putMessageIfNew(deps.db, {
          communityId: id,
          message,
          senderKey: `s${j % SENDERS.length}`,
          provider: 'waha',
          providerMessageId: msgId,
          receivedAt: now.toISOString(),
        });
      }
    });
    const seedSeconds = (Date.now() - seedStart) / 1000;

    // one summary alone, in this process, on a sample (the per-summary cost)
    const alone: number[] = [];
    for (const id of ids.slice(0, SAMPLE)) {
      const t = performance.now();
      await generateSummary(deps, id, { since: new Date(now.getTime() - 86_400_000).toISOString() });
      alone.push(performance.now() - t);
    }

    // the daily run: fan-out, then the stack's workers until its queues are empty. The bench does
    // not poll the table meanwhile (a thousand reads a second would take the CPU it measures).
    const t0 = Date.now();
    const run = await runSummarySchedule(deps, runAt);
    const fanOutMs = Date.now() - t0;
    const drained = await stack.drain(30 * 60_000);
    const drainSeconds = (Date.now() - t0) / 1000;

    // what was delivered is what the outbox holds: one WhatsApp message per community, each with
    // the time it was written
    const sentAt = new Map<string, number>();
    await pool(ids, 8, async (id) => {
      const items = await queryAll<{ created_at: string }>(deps.db, { pk: keys.outbox(id, '', '').pk });
      if (items.length > 1) throw new Error(`${id}: ${items.length} outbox messages, expected one`);
      if (items[0]) sentAt.set(id, Date.parse(items[0].created_at) - t0);
    });
    const completion = [...sentAt.values()].sort((a, b) => a - b);
    const lastSeconds = (completion.at(-1) ?? 0) / 1000;
    alone.sort((a, b) => a - b);

    console.log(`summary schedule bench: ${N} communities × ${M} messages (${cpus().length} cores)`);
    console.log(`  seeding: ${seedSeconds.toFixed(1)} s`);
    console.log(`  scheduler run: ${run.scheduled} scheduled, ${run.queued} queued in ${fanOutMs} ms`);
    console.log(
      `  delivered (outbox messages): ${sentAt.size}/${N}, the last ${lastSeconds.toFixed(1)} s after the run started (target: all within 300 s at 1,000 × 200)`,
    );
    console.log(`  queues empty after ${drainSeconds.toFixed(1)} s${drained ? '' : ' (NOT drained: gave up after 30 min)'}`);
    console.log(`  throughput: ${(sentAt.size / Math.max(lastSeconds, 0.001)).toFixed(2)} summaries/s`);
    console.log(
      `  completion after the run started: p50 ${(pct(completion, 50) / 1000).toFixed(1)} s, p95 ${(pct(completion, 95) / 1000).toFixed(1)} s`,
    );
    console.log(
      `  one summary alone (${alone.length} sampled): p50 ${pct(alone, 50).toFixed(0)} ms, p95 ${pct(alone, 95).toFixed(0)} ms`,
    );
  } finally {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
