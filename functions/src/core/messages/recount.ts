import {
  addDelta,
  keywordDelta,
  messageDelta,
  readStoredDay,
  replaceDayBuckets,
  type AggregateDelta,
  type DayRecount,
} from '../../data/aggregates';
import { markDaysChanged } from '../../data/aggregate-blocks';
import { messagesOfDay } from '../../data/messages';
import type { Deps } from '../deps';
import { canonicalIds } from '../members/identity';
import { hourOf, loadSenderHashKey, senderKeyFor } from './ids';

/** What a recount found: the day's messages, and how the stored buckets differed from them. */
export interface RecountReport {
  readonly day: string;
  readonly messages: number;
  /** Messages the stored day bucket counted before the recount. */
  readonly countedBefore: number;
  /** Attributes (across the day, hour and keyword buckets) whose stored value was wrong, e.g. `day.count`, `hour 09.u_high`. */
  readonly drift: readonly string[];
}

function differences(label: string, before: AggregateDelta, after: AggregateDelta): string[] {
  const out: string[] = [];
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if ((before[k] ?? 0) !== (after[k] ?? 0)) out.push(`${label}.${k}`);
  }
  return out;
}

/** Computes a day's buckets from its messages (what the stored buckets should hold). */
export function recountOf(
  config: Deps['config'],
  communityId: string,
  rows: Awaited<ReturnType<typeof messagesOfDay>>,
  canonical: ReadonlyMap<string, string> = new Map(),
): DayRecount {
  const day: AggregateDelta = {};
  const hours = new Map<string, AggregateDelta>();
  const keywords: AggregateDelta = {};
  const names: Record<string, string> = {};
  for (const { message, senderKey } of rows) {
    // A sender merged into another identity since (an `@lid` whose phone id became known) counts as that one.
    const merged = message.sender_hash ? canonical.get(message.sender_hash) : undefined;
    const key =
      merged && merged !== message.sender_hash
        ? senderKeyFor(config, communityId, merged)
        : (senderKey ?? senderKeyFor(config, communityId, message.sender_hash ?? ''));
    const delta = messageDelta(message, key);
    addDelta(day, delta);
    const hour = hourOf(message.timestamp);
    hours.set(hour, addDelta(hours.get(hour) ?? {}, delta));
    addDelta(keywords, keywordDelta(message));
    // Rows come oldest first, so the latest name wins, as with the live SET.
    if (message.Sender_name) names[key] = message.Sender_name;
  }
  return { day, hours, keywords, names };
}

/**
 * Rebuilds a day's buckets from its stored messages and reports the drift it repaired: the repair
 * for the worker's crash window (a message stored but not counted) and for any drift. Run it when
 * the day is quiet: an ADD landing between the read and the replace is overwritten (run it again to
 * be exact). Senders are counted under their canonical identity, so a recount also moves the
 * history of an `@lid` onto its phone id once the two are known to be one person. Blocks holding a day with drift are invalidated (the next seal rebuilds them). Operator hook: `npm run admin -- recount <communityId> <YYYY-MM-DD> [<last day>]`.
 */
export async function recountDay(
  deps: Pick<Deps, 'db' | 'config' | 'secrets'>,
  communityId: string,
  day: string,
): Promise<RecountReport> {
  await loadSenderHashKey(deps);
  const [rows, stored] = await Promise.all([
    messagesOfDay(deps.db, communityId, day),
    readStoredDay(deps.db, communityId, day),
  ]);
  const senders = rows.map((r) => r.message.sender_hash).filter((s): s is string => !!s);
  const fresh = recountOf(deps.config, communityId, rows, await canonicalIds(deps, communityId, senders));
  const drift = [
    ...differences('day', stored.day, fresh.day),
    ...differences('keywords', stored.keywords, fresh.keywords),
  ];
  for (const hour of new Set([...stored.hours.keys(), ...fresh.hours.keys()])) {
    drift.push(...differences(`hour ${hour.slice(11)}`, stored.hours.get(hour) ?? {}, fresh.hours.get(hour) ?? {}));
  }
  await replaceDayBuckets(deps.db, communityId, day, fresh, [...stored.hours.keys()]);
  // The day's sealed blocks may hold the old counts: the next seal rebuilds them.
  if (drift.length > 0) await markDaysChanged(deps.db, communityId, [day]);
  return { day, messages: rows.length, countedBefore: stored.day.count ?? 0, drift };
}
