import { runSummarySchedule } from '@kehila/functions/core/summaries/delivery';
import type { Deps } from '@kehila/functions/core/deps';

/** How often the local scheduler runs (the cloud's EventBridge schedule runs every 5 minutes). */
export const LOCAL_SCHEDULE_INTERVAL_MS = 60_000;

/**
 * The local stand-in for EventBridge Scheduler: runs the summary schedule (functions/src/schedules)
 * every minute in-process, so each community's summary is queued at its local delivery time and
 * delivered by the same worker as in the cloud, through the outbox and the CSV files.
 */
export function startSummaryScheduler(
  deps: Pick<Deps, 'db' | 'queues'>,
  log: (line: string) => void,
  intervalMs = LOCAL_SCHEDULE_INTERVAL_MS,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSummarySchedule(deps, new Date())
      .then((r) => {
        if (r.queued > 0) log(`summary schedule: ${r.queued} summaries queued (${r.scheduled} scheduled communities)`);
      })
      .catch((err: unknown) => log(`summary schedule failed: ${(err as Error).message}`))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
