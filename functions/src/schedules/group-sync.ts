import { runGroupSyncSchedule } from '../core/members/group-reconciliation';
import { logger } from '../core/logger';
import { sqsQueues } from '../wiring/cloud/queues';
import { processDeps, type Wiring } from '../wiring/deps';

/** The table and the participants queue. */
const wiring: Wiring = { queues: sqsQueues };

/**
 * Target of the EventBridge Scheduler rule (every 6 hours; the local stack runs the same function
 * every 6 hours too): queues one participant-list read per connected community (docs/members.md).
 */
export async function handler(): Promise<{ connected: number }> {
  const result = await runGroupSyncSchedule(processDeps(wiring));
  logger.info('group participant schedule run', { ...result });
  return result;
}
