import { runSummarySchedule } from '../core/summaries/delivery';
import { logger } from '../core/logger';
import { sqsQueues } from '../wiring/cloud/queues';
import { processDeps, type Wiring } from '../wiring/deps';

/** The table and the summaries queue. */
const wiring: Wiring = { queues: sqsQueues };

/**
 * Target of the EventBridge Scheduler rule (every 5 minutes; the local stack runs the same function
 * every minute): queues each community's summary whose local delivery time has come.
 */
export async function handler(event: { time?: string } = {}): Promise<{ scheduled: number; queued: number }> {
  const deps = processDeps(wiring);
  const now = event.time ? new Date(event.time) : deps.now();
  const result = await runSummarySchedule(deps, now);
  logger.info('summary schedule run', { ...result, at: now.toISOString() });
  return result;
}
