import {
  SUMMARY_SECTION_KEYS,
  SUMMARY_SECTIONS,
  WEEKDAYS,
  type Community,
  type DeliveryDestination,
  type DeliverySchedule,
  type StoredSummary,
  type SummaryDelivery,
} from '@kehila/shared';
import { getCommunities, getCommunity } from '../../data/communities';
import { latestStoredSummary } from '../../data/summaries';
import { getDelivery, recentDeliveries, writeDelivery } from '../../data/summary-deliveries';
import { getDeliverySchedule, scheduledDeliveries } from '../../data/summary-settings';
import type { Deps } from '../deps';
import { logger } from '../logger';
import type { SummaryDeliveryJob } from '../queues';
import { generateSummary } from '../messages/ai-actions';
import { communityHasFeature } from '../access/entitlements';
import { offsetMinutes } from '../analytics/zone';

/**
 * How late a run may still start a period's summary. The cloud scheduler runs every 5 minutes and the
 * local one every minute; a community is due for the whole window, and its deliveries' idempotency
 * keys make the later runs of the window send nothing.
 */
export const SCHEDULE_WINDOW_MINUTES = 15;
/** Deliveries the admin sees (newest first). */
export const RECENT_DELIVERIES = 20;

type Weekday = (typeof WEEKDAYS)[number];

/** The local date, weekday and minute of the day of an instant in an IANA zone. */
export function localClock(now: Date, timeZone: string): { date: string; weekday: Weekday; minutes: number } {
  // The zone's offset (one cached formatter per zone, analytics/zone.ts) turns the instant into local time.
  const local = new Date(now.getTime() + offsetMinutes(timeZone, now.getTime()) * 60_000);
  return {
    date: local.toISOString().slice(0, 10),
    weekday: WEEKDAYS[local.getUTCDay()] as Weekday,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** The summaries of a community due at `now`: its local time is within the window after its delivery time. */
export function dueSummaries(
  community: Pick<Community, 'daily_summary' | 'weekly_summary'>,
  schedule: Pick<DeliverySchedule, 'delivery_time' | 'time_zone' | 'weekly_day'>,
  now: Date,
  windowMinutes = SCHEDULE_WINDOW_MINUTES,
): { kind: 'daily' | 'weekly'; period: string }[] {
  const clock = localClock(now, schedule.time_zone);
  const [h, m] = schedule.delivery_time.split(':').map(Number);
  const late = clock.minutes - ((h ?? 0) * 60 + (m ?? 0));
  if (late < 0 || late >= windowMinutes) return [];
  const out: { kind: 'daily' | 'weekly'; period: string }[] = [];
  if (community.daily_summary) out.push({ kind: 'daily', period: `${clock.date}:daily` });
  if (community.weekly_summary && clock.weekday === schedule.weekly_day)
    out.push({ kind: 'weekly', period: `${clock.date}:weekly` });
  return out;
}

/**
 * One scheduler run: every community with a daily or weekly summary on (one index query), the ones
 * due now, one queue message each. Returns how many were looked at and queued.
 */
export async function runSummarySchedule(
  deps: Pick<Deps, 'db' | 'queues'>,
  now: Date,
): Promise<{ scheduled: number; queued: number }> {
  const list = await scheduledDeliveries(deps.db);
  const communities = new Map(
    (
      await getCommunities(
        deps.db,
        list.map((l) => l.communityId),
      )
    ).map((c) => [c.id, c]),
  );
  const jobs: SummaryDeliveryJob[] = [];
  for (const { communityId, schedule } of list) {
    const community = communities.get(communityId);
    if (!community) continue;
    // a default schedule (never saved) waits for a group: without one there is nothing to summarise
    if (!community.group_id && !schedule.updated_at) continue;
    for (const due of dueSummaries(community, schedule, now)) jobs.push({ communityId, ...due });
  }
  if (jobs.length > 0) await deps.queues.sendBatch('summaries', jobs);
  return { scheduled: list.length, queued: jobs.length };
}

/** WhatsApp's own emphasis: *bold* for Markdown's **bold** and for headings. */
export function whatsappText(markdown: string): string {
  return markdown
    .split('\n')
    .map((l) => {
      const heading = /^#{1,6}\s+(.+)$/.exec(l);
      return heading ? `*${heading[1]!.replace(/\*\*/g, '')}*` : l.replace(/\*\*(.+?)\*\*/g, '*$1*');
    })
    .join('\n');
}

/** The spreadsheet rows of a summary: one per line, with the period, its part and the messages it cites. */
export function sheetRows(summary: StoredSummary, period: string): string[][] {
  const rows: string[][] = [];
  const s = summary.sections;
  if (!s) return [[period, '', summary.summary, '']];
  if (s.overview) rows.push([period, 'Overview', s.overview, '']);
  SUMMARY_SECTION_KEYS.forEach((key, i) => {
    for (const item of s[key]) rows.push([period, SUMMARY_SECTIONS[i]!, item.text, item.message_ids.join(' ')]);
  });
  return rows;
}

/** A delivery that can never succeed on a retry (nothing to send to). */
class UndeliverableError extends Error {}

async function send(
  deps: Pick<Deps, 'whatsapp' | 'sheets'>,
  community: Community,
  schedule: DeliverySchedule | null,
  destination: DeliveryDestination,
  summary: StoredSummary,
  period: string,
): Promise<void> {
  if (destination === 'whatsapp') {
    if (!community.group_id) throw new UndeliverableError('No WhatsApp group is connected to this community');
    await deps.whatsapp.send({
      communityId: community.id,
      groupId: community.group_id,
      text: whatsappText(summary.summary),
    });
    return;
  }
  if (!schedule?.sheet_id) throw new UndeliverableError('No spreadsheet id is set in the delivery settings');
  await deps.sheets.append({ communityId: community.id, sheetId: schedule.sheet_id, rows: sheetRows(summary, period) });
}

/**
 * Writes and delivers one community's scheduled summary for a period, to each destination not yet
 * sent (idempotency key community + period + destination: a rerun sends nothing twice). A failed send
 * is recorded as failed with its attempt count and error, then thrown so the queue retries it; after
 * the last receive it stays failed (shown to the admin) and the message goes to the dead-letter queue.
 */
export async function deliverScheduledSummary(deps: Deps, job: SummaryDeliveryJob): Promise<{ sent: number }> {
  const community = await getCommunity(deps.db, job.communityId);
  if (!community) return { sent: 0 };
  // Scheduled summaries are a Pro feature (S3 §6): a community whose owner is on Free gets none.
  if (!(await communityHasFeature(deps, community, 'daily_summaries'))) {
    logger.info('scheduled summary skipped: the community is on Free', { communityId: community.id });
    return { sent: 0 };
  }
  const destinations: DeliveryDestination[] =
    community.summary_destination === 'both' ? ['whatsapp', 'sheet'] : [community.summary_destination];
  const before = await Promise.all(destinations.map((d) => getDelivery(deps.db, community.id, job.period, d)));
  const pending = destinations
    .map((d, i) => ({ destination: d, previous: before[i] ?? null }))
    .filter((p) => p.previous?.status !== 'sent');
  if (pending.length === 0) return { sent: 0 };

  const schedule = await getDeliverySchedule(deps.db, community.id);
  // a retry delivers the summary an earlier attempt wrote, when it is still the newest
  const held = pending.find((p) => p.previous?.summary_id)?.previous?.summary_id ?? null;
  const latest = held ? await latestStoredSummary(deps.db, community.id) : null;
  const since = new Date(deps.now().getTime() - (job.kind === 'daily' ? 1 : 7) * 86_400_000).toISOString();
  const summary = latest && latest.id === held ? latest : await generateSummary(deps, community.id, { since });

  let sent = 0;
  let retry: Error | null = null;
  for (const { destination, previous } of pending) {
    const base: Omit<SummaryDelivery, 'status' | 'error' | 'updated_at'> = {
      period: job.period,
      kind: job.kind,
      destination,
      attempts: (previous?.attempts ?? 0) + 1,
      summary_id: summary.id,
    };
    const at = () => deps.now().toISOString();
    if (!(await writeDelivery(deps.db, community.id, { ...base, status: 'sending', error: null, updated_at: at() })))
      continue; // sent by another run meanwhile
    try {
      await send(deps, community, schedule, destination, summary, job.period);
      await writeDelivery(deps.db, community.id, { ...base, status: 'sent', error: null, updated_at: at() });
      sent += 1;
    } catch (err) {
      const error = err as Error;
      await writeDelivery(deps.db, community.id, {
        ...base,
        status: 'failed',
        error: error.message.slice(0, 500),
        updated_at: at(),
      });
      logger.warn('summary delivery failed', { communityId: community.id, period: job.period, destination, error });
      if (!(err instanceof UndeliverableError)) retry = error;
    }
  }
  if (retry) throw retry;
  return { sent };
}

/** The newest deliveries of a community, for its admins (failed ones say why). */
export async function listDeliveries(deps: Pick<Deps, 'db'>, communityId: string): Promise<SummaryDelivery[]> {
  return recentDeliveries(deps.db, communityId, RECENT_DELIVERIES);
}
