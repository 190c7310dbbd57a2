import {
  MAX_BLOCK_LEVEL,
  blockEnd,
  blockOfDay,
  blockStates,
  dayIndex,
  dayOfIndex,
  keywordsOfDay,
  mergeBlocks,
  mergeKeywords,
  readBlocks,
  sealableThrough,
  writeBlock,
  type BlockData,
  type BlockKeywords,
  type BlockRef,
} from '../../data/aggregate-blocks';
import { readDayBuckets, readKeywordBuckets } from '../../data/aggregates';
import { keys } from '../../data/keys';
import { queryAll } from '../../data/db';
import type { Deps } from '../deps';

/** What a seal did: blocks written, and blocks left invalid because a change landed meanwhile. */
export interface SealReport {
  readonly through: string | null;
  readonly built: number;
  readonly raced: number;
}

/** How far back a seal reaches: two top-level blocks, more than the dashboard's longest range. */
const WINDOW_DAYS = 2 * 2 ** MAX_BLOCK_LEVEL;

type Content = { data: BlockData; keywords: BlockKeywords };

/**
 * Seals a community's finished UTC days into blocks (aggregate-blocks.ts): every missing or invalid
 * block from the first day with messages (at most `WINDOW_DAYS` back) through `sealableThrough`,
 * level 0 from the live buckets, each higher level from its two valid halves. Idempotent: valid
 * blocks are left alone, so a nightly run builds one day and its parents. Run by the nightly
 * schedule after its recount, and by `npm run admin -- seal`.
 */
export async function sealCommunity(deps: Pick<Deps, 'db' | 'now'>, communityId: string): Promise<SealReport> {
  const through = sealableThrough(deps.now());
  const last = dayIndex(through);
  // States first: a block's `dirty` must be read before the buckets it packs.
  const states = await blockStates(deps.db, communityId);
  const dayRows = await queryAll(
    deps.db,
    { pk: keys.aggregatePartition(communityId), sk: { between: ['DAY#', `DAY#${through}`] } },
    { attributes: ['sk'], map: (item) => String(item.sk) },
  );
  const withMessages = new Set(dayRows.map((sk) => sk.slice(4)));
  const firstDay = [...withMessages].sort()[0];
  if (!firstDay || firstDay > through) return { through: null, built: 0, raced: 0 };
  const top = 2 ** MAX_BLOCK_LEVEL;
  const first = Math.max(Math.floor(dayIndex(firstDay) / top) * top, Math.floor((last - WINDOW_DAYS) / top) * top);

  const built = new Map<string, Content>();
  let count = 0;
  let raced = 0;
  const id = (r: BlockRef) => `${r.level}#${r.start}`;
  const save = async (ref: BlockRef, content: Content) => {
    if (await writeBlock(deps.db, communityId, ref, content, states.get(id(ref))?.dirty ?? 0)) {
      built.set(id(ref), content);
      count++;
    } else raced++;
  };

  // Level 0: one day each, from its live buckets (days without messages are empty blocks).
  const days: BlockRef[] = [];
  for (let i = first; i <= last; i++) {
    const ref = { level: 0, start: dayOfIndex(i) };
    if (!states.get(id(ref))?.valid) days.push(ref);
  }
  await inChunks(days, 8, async (ref) => {
    if (!withMessages.has(ref.start))
      return save(ref, { data: blockOfDay(undefined), keywords: keywordsOfDay(undefined) });
    const [[day], [kw]] = await Promise.all([
      readDayBuckets(deps.db, communityId, ref.start, ref.start),
      readKeywordBuckets(deps.db, communityId, ref.start, ref.start),
    ]);
    return save(ref, { data: blockOfDay(day), keywords: keywordsOfDay(kw) });
  });

  // Higher levels: each from its halves, built in this run or read (and valid).
  for (let level = 1; level <= MAX_BLOCK_LEVEL; level++) {
    const size = 2 ** level;
    const todo: BlockRef[] = [];
    for (let i = first; i + size - 1 <= last; i += size) {
      const ref = { level, start: dayOfIndex(i) };
      if (!states.get(id(ref))?.valid) todo.push(ref);
    }
    if (todo.length === 0) continue;
    const halves = todo.flatMap((r) => [
      { level: level - 1, start: r.start },
      { level: level - 1, start: dayOfIndex(dayIndex(blockEnd(r)) - size / 2 + 1) },
    ]);
    const missing = halves.filter((h) => !built.has(id(h)));
    const read = missing.length ? await readBlocks(deps.db, communityId, missing, { keywords: true }) : new Map();
    const content = (h: BlockRef): Content | null => {
      const mine = built.get(id(h));
      if (mine) return mine;
      const s = read.get(id(h));
      return s?.valid && s.data ? { data: s.data, keywords: s.keywords ?? { k: {}, rest: 0 } } : null;
    };
    await inChunks(todo, 8, async (ref, k) => {
      const a = content(halves[2 * k] as BlockRef);
      const b = content(halves[2 * k + 1] as BlockRef);
      if (!a || !b) {
        raced++;
        return;
      }
      await save(ref, { data: mergeBlocks(a.data, b.data), keywords: mergeKeywords(a.keywords, b.keywords) });
    });
  }
  return { through, built: count, raced };
}

async function inChunks<T>(xs: readonly T[], size: number, f: (x: T, index: number) => Promise<unknown>) {
  for (let i = 0; i < xs.length; i += size) await Promise.all(xs.slice(i, i + size).map((x, k) => f(x, i + k)));
}
