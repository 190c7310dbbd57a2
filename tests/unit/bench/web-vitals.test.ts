import { describe, expect, it } from 'vitest';
import { medianRun, performanceScore, type Vitals } from '../../../bench/web-vitals';

const run = (performance: number, tbtMs: number): Vitals => ({
  route: '/login',
  jsGzipBytes: 1,
  fcpMs: 1000,
  lcpMs: 1000,
  tbtMs,
  cls: 0,
  performance,
  accessibility: 100,
  violations: [],
});

describe('medianRun (bench/web reports the run of median performance, as Lighthouse CI does)', () => {
  it('picks the run whose score is the median and keeps every score in run order', () => {
    const m = medianRun([run(92, 360), run(97, 180), run(95, 250), run(99, 100), run(94, 300)]);
    expect(m.performance).toBe(95);
    expect(m.tbtMs).toBe(250);
    expect(m.scores).toEqual([92, 97, 95, 99, 94]);
  });

  it('takes the lower middle of an even number of runs', () => {
    expect(medianRun([run(90, 0), run(99, 0), run(96, 0), run(93, 0)]).performance).toBe(93);
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow('no runs');
  });
});

describe('performanceScore', () => {
  it('scores a fast page near 100 and lowers the score as blocking time grows', () => {
    const fast = performanceScore({ fcpMs: 900, lcpMs: 900, tbtMs: 0, cls: 0 });
    const blocked = performanceScore({ fcpMs: 900, lcpMs: 900, tbtMs: 600, cls: 0 });
    expect(fast).toBeGreaterThanOrEqual(99);
    expect(blocked).toBeLessThan(fast - 10);
  });
});
