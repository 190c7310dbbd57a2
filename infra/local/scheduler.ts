import { runSummarySchedule } from '@kehila/functions/core/summaries/delivery';
import { runNightlyAggregates } from '@kehila/functions/core/analytics/nightly';
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

/** How often the local stack runs the nightly aggregate job (idempotent: an hourly run costs little). */
export const LOCAL_AGGREGATE_INTERVAL_MS = 3_600_000;

/**
 * The local stand-in for the nightly aggregate schedule (infra/cdk/constructs/AggregateSchedule.ts):
 * runs the recount and seal shortly after start (the demo's finished days are sealed at once) and
 * then hourly, so a laptop that sleeps through midnight still seals yesterday.
 */
export function startAggregateScheduler(
  deps: Pick<Deps, 'db' | 'config' | 'secrets' | 'now'>,
  log: (line: string) => void,
  opts: { firstMs?: number; intervalMs?: number } = {},
): { stop(): void } {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runNightlyAggregates(deps)
      .then((r) => {
        if (r.blocks > 0 || r.drifted.length > 0)
          log(`aggregates: ${r.day} recounted (${r.drifted.length} communities with drift), ${r.blocks} blocks sealed`);
      })
      .catch((err: unknown) => log(`aggregate schedule failed: ${(err as Error).message}`))
      .finally(() => (running = false));
  };
  const first = setTimeout(run, opts.firstMs ?? 20_000);
  const timer = setInterval(run, opts.intervalMs ?? LOCAL_AGGREGATE_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
