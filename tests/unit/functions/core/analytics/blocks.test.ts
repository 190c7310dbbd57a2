import { describe, expect, it } from 'vitest';
import {
  KEYWORDS_PER_BLOCK,
  blockEnd,
  blockOfDay,
  blocksOf,
  dayIndex,
  mayBeSealed,
  mergeBlocks,
  mergeKeywords,
  sealableThrough,
} from '@kehila/functions/data/aggregate-blocks';
import { planRange } from '@kehila/functions/core/analytics/range';
import { offsetMinutes } from '@kehila/functions/core/analytics/zone';

/** Every day a plan covers, in order, from its blocks and its live tail. */
function coveredDays(plan: ReturnType<typeof planRange>): string[] {
  const out: string[] = [];
  for (const b of plan.blocks) {
    for (let i = dayIndex(b.start); i <= dayIndex(blockEnd(b)); i++)
      out.push(new Date(i * 86_400_000).toISOString().slice(0, 10));
  }
  if (plan.live) {
    for (let i = dayIndex(plan.live.from); i <= dayIndex(plan.live.to); i++)
      out.push(new Date(i * 86_400_000).toISOString().slice(0, 10));
  }
  return out;
}

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let i = dayIndex(from); i <= dayIndex(to); i++) out.push(new Date(i * 86_400_000).toISOString().slice(0, 10));
  return out;
};

describe('block plan of a range', () => {
  it('covers every day of the range exactly once with aligned blocks, sealed days first', () => {
    const plan = planRange('2026-08-28', '2026-11-25', '2026-11-24', 'UTC');
    expect(coveredDays(plan)).toEqual(days('2026-08-28', '2026-11-25'));
    expect(plan.live).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    for (const b of plan.blocks) expect(dayIndex(b.start) % 2 ** b.level).toBe(0);
    // 89 sealed days in a handful of blocks, not 89 items.
    expect(plan.blocks.length).toBeLessThanOrEqual(12);
  });

  it('reads a year in few blocks', () => {
    const plan = planRange('2025-11-25', '2026-11-25', '2026-11-24', 'Asia/Kolkata');
    expect(coveredDays(plan)).toEqual(days('2025-11-25', '2026-11-25'));
    expect(plan.blocks.length).toBeLessThanOrEqual(18);
  });

  it.each(['Asia/Jerusalem', 'America/St_Johns', 'Pacific/Chatham'])(
    'never lets a block span a change of the offset in %s; a day with a change is a block of its own',
    (zone) => {
      const plan = planRange('2026-01-01', '2026-11-24', '2026-11-24', zone);
      expect(coveredDays(plan)).toEqual(days('2026-01-01', '2026-11-24'));
      let changeDays = 0;
      for (const b of plan.blocks) {
        const offsets = new Set<number>();
        for (let i = dayIndex(b.start); i <= dayIndex(blockEnd(b)); i++) {
          offsets.add(offsetMinutes(zone, i * 86_400_000));
          offsets.add(offsetMinutes(zone, (i + 1) * 86_400_000 - 60_000));
        }
        if (offsets.size > 1) {
          expect(b.level).toBe(0);
          changeDays++;
        } else expect([...offsets]).toEqual([b.offset]);
      }
      // Israel's spring change falls on a UTC midnight, its autumn one at 23:00 UTC; St John's and
      // Chatham change in the middle of a UTC day twice a year.
      expect(changeDays).toBe(zone === 'Asia/Jerusalem' ? 1 : 2);
    },
  );

  it('reads live every day after the last sealable one', () => {
    expect(planRange('2026-11-25', '2026-11-26', '2026-11-24', 'UTC')).toEqual({
      blocks: [],
      live: { from: '2026-11-25', to: '2026-11-26' },
    });
  });
});

describe('blocks', () => {
  it('places a day in one aligned block per level, each holding it', () => {
    const refs = blocksOf('2026-03-05');
    expect(refs[0]).toEqual({ level: 0, start: '2026-03-05' });
    for (const r of refs) {
      expect(dayIndex(r.start) % 2 ** r.level).toBe(0);
      expect(r.start <= '2026-03-05' && blockEnd(r) >= '2026-03-05').toBe(true);
    }
  });

  it('packs a live day: senders apart, per-day figures kept', () => {
    const b = blockOfDay({
      bucket: '2026-03-05',
      values: { count: 3, s_a: 2, s_b: 1, u_high: 1, q_0915: 3, sentiment_sum: 0.5, sentiment_n: 2 },
      names: { a: 'Dana' },
    });
    expect(b).toEqual({
      v: { count: 3, u_high: 1, q_0915: 3, sentiment_sum: 0.5, sentiment_n: 2 },
      s: { a: 2, b: 1 },
      n: { a: 'Dana' },
      d: { '2026-03-05': [3, 2, 0.5, 2, 0, 0] },
    });
  });

  it('sums two blocks exactly, the later names winning', () => {
    const a = blockOfDay({
      bucket: '2026-03-04',
      values: { count: 1, s_a: 1, toxicity_sum: 0.1 },
      names: { a: 'Old' },
    });
    const b = blockOfDay({
      bucket: '2026-03-05',
      values: { count: 2, s_a: 2, toxicity_sum: 0.2 },
      names: { a: 'New' },
    });
    const m = mergeBlocks(a, b);
    expect(m.v).toEqual({ count: 3, toxicity_sum: 0.3 });
    expect(m.s).toEqual({ a: 3 });
    expect(m.n).toEqual({ a: 'New' });
    expect(Object.keys(m.d)).toEqual(['2026-03-04', '2026-03-05']);
  });

  it('keeps the top keywords of a block and sums the others exactly into the rest', () => {
    const many = Object.fromEntries(Array.from({ length: KEYWORDS_PER_BLOCK + 10 }, (_, i) => [`w${i}`, 1]));
    const merged = mergeKeywords({ k: { rent: 5 }, rest: 2 }, { k: many, rest: 0 });
    expect(Object.keys(merged.k)).toHaveLength(KEYWORDS_PER_BLOCK);
    expect(merged.k.rent).toBe(5);
    const kept = Object.values(merged.k).reduce((n, x) => n + x, 0);
    expect(kept + merged.rest).toBe(5 + 2 + KEYWORDS_PER_BLOCK + 10);
  });

  it('seals a day only once it has been over for 15 minutes; any earlier day may be sealed', () => {
    expect(sealableThrough(new Date('2026-03-06T00:14:00Z'))).toBe('2026-03-04');
    expect(sealableThrough(new Date('2026-03-06T00:15:00Z'))).toBe('2026-03-05');
    expect(mayBeSealed('2026-03-05', new Date('2026-03-06T00:01:00Z'))).toBe(true);
    expect(mayBeSealed('2026-03-06', new Date('2026-03-06T23:59:00Z'))).toBe(false);
  });
});
