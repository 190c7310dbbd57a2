import { addDelta, messageDelta, replaceDayBuckets, type AggregateDelta } from '../../data/aggregates';
import { messagesOfDay } from '../../data/messages';
import type { Deps } from '../deps';
import { hourOf, loadSenderHashKey, senderKeyFor } from './ids';

/**
 * Rebuilds a day's buckets from its stored messages: the repair for the worker's crash window (a
 * message stored but not counted) and for any drift. Run it when the day is quiet: an ADD landing
 * between the read and the replace is overwritten (run it again to be exact). Operator hook:
 * `npm run admin -- recount <communityId> <YYYY-MM-DD>`.
 */
export async function recountDay(
  deps: Pick<Deps, 'db' | 'config' | 'secrets'>,
  communityId: string,
  day: string,
): Promise<{ messages: number }> {
  await loadSenderHashKey(deps);
  const rows = await messagesOfDay(deps.db, communityId, day);
  const dayDelta: AggregateDelta = {};
  const hours = new Map<string, AggregateDelta>();
  for (const { message, senderKey } of rows) {
    const key = senderKey ?? senderKeyFor(deps.config, communityId, message.sender_hash ?? '');
    const delta = messageDelta(message, key);
    addDelta(dayDelta, delta);
    const hour = hourOf(message.timestamp);
    hours.set(hour, addDelta(hours.get(hour) ?? {}, delta));
  }
  await replaceDayBuckets(deps.db, communityId, day, dayDelta, hours);
  return { messages: rows.length };
}
