import { runSummarySchedule } from '@kehila/functions/core/summaries/delivery';
import { runNightlyAggregates } from '@kehila/functions/core/analytics/nightly';
import { runGroupSyncSchedule } from '@kehila/functions/core/members/group-reconciliation';
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

/**
 * Runs a job now and then (the local stand-in of a scheduled function): first after `firstMs`, then
 * every `intervalMs`, never two runs at once; a failed run is logged and the next one runs.
 */
function every(
  name: string,
  job: () => Promise<string | null>,
  log: (line: string) => void,
  opts: { firstMs: number; intervalMs: number },
): { stop(): void } {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    job()
      .then((line) => {
        if (line) log(line);
      })
      .catch((err: unknown) => log(`${name} schedule failed: ${(err as Error).message}`))
      .finally(() => (running = false));
  };
  const first = setTimeout(run, opts.firstMs);
  const timer = setInterval(run, opts.intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** How often the local stack runs the nightly aggregate job (idempotent: an hourly run costs little). */
export const LOCAL_AGGREGATE_INTERVAL_MS = 3_600_000;

/**
 * The local stand-in for the nightly aggregate schedule (infra/cdk/constructs/FunctionSchedule.ts, 00:30 UTC):
 * runs the recount and seal shortly after start (the demo's finished days are sealed at once) and
 * then hourly, so a laptop that sleeps through midnight still seals yesterday.
 */
export function startAggregateScheduler(
  deps: Pick<Deps, 'db' | 'config' | 'secrets' | 'now'>,
  log: (line: string) => void,
  opts: { firstMs?: number; intervalMs?: number } = {},
): { stop(): void } {
  return every(
    'aggregate',
    async () => {
      const r = await runNightlyAggregates(deps);
      return r.blocks > 0 || r.drifted.length > 0
        ? `aggregates: ${r.day} recounted (${r.drifted.length} communities with drift), ${r.blocks} blocks sealed`
        : null;
    },
    log,
    { firstMs: opts.firstMs ?? 20_000, intervalMs: opts.intervalMs ?? LOCAL_AGGREGATE_INTERVAL_MS },
  );
}

/**
 * How often the local stack reads every connected group's participant list: every 6 hours as in the
 * cloud (each read is one call to the simulated group and a few table writes per participant; the
 * connection and Refresh from WhatsApp read it at once when it matters).
 */
export const LOCAL_GROUP_SYNC_INTERVAL_MS = 6 * 3_600_000;

/**
 * The local stand-in for the participant-list schedule (functions/src/schedules/group-sync.ts): queues
 * one read per connected community on the `participants` queue, worked by the same worker as in the
 * cloud; the first run comes 6 hours after start (not at once: the connection already read each list,
 * and a test run of the stack must not see its test groups' participants read mid-test), then every
 * 6 hours.
 */
export function startGroupSyncScheduler(
  deps: Pick<Deps, 'db' | 'queues'>,
  log: (line: string) => void,
  opts: { firstMs?: number; intervalMs?: number } = {},
): { stop(): void } {
  return every(
    'group participant',
    async () => {
      const r = await runGroupSyncSchedule(deps);
      return r.connected > 0 ? `group participants: ${r.connected} participant lists queued for a read` : null;
    },
    log,
    {
      firstMs: opts.firstMs ?? LOCAL_GROUP_SYNC_INTERVAL_MS,
      intervalMs: opts.intervalMs ?? LOCAL_GROUP_SYNC_INTERVAL_MS,
    },
  );
}
