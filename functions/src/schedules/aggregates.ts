import { runNightlyAggregates } from '../core/analytics/nightly';
import { logger } from '../core/logger';
import { secretsManager } from '../wiring/cloud/secrets';
import { processDeps, type Wiring } from '../wiring/deps';

/** The table and the sender hash key (recount). */
const wiring: Wiring = { secrets: secretsManager };

/**
 * Target of the nightly EventBridge Scheduler rule (00:30 UTC; the local stack runs the same job
 * hourly): recounts the finished UTC day of every community and seals it (core/analytics/nightly.ts).
 */
export async function handler(event: { time?: string } = {}) {
  const base = processDeps(wiring);
  const deps = event.time ? { ...base, now: () => new Date(event.time as string) } : base;
  const report = await runNightlyAggregates(deps);
  logger.info('nightly aggregates run', { ...report });
  return report;
}
