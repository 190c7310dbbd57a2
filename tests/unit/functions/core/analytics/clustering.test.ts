import { describe, expect, it } from 'vitest';
import {
  clusterCount,
  distinctiveKeywords,
  kMeans,
  project2d,
  seededRandom,
} from '@kehila/functions/core/analytics/clustering';
import { layoutClusters } from '@kehila/functions/core/analytics/clusters';

const DIM = 32;

function unit(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / n);
}

/** `perCluster` noisy unit vectors around each of `centres` random directions, shuffled; with their true cluster. */
function planted(centres: number, perCluster: number, noise: number, seed = 42) {
  const random = seededRandom(seed);
  const dirs = Array.from({ length: centres }, () => unit(Array.from({ length: DIM }, () => random() - 0.5)));
  const rows: { vector: number[]; truth: number }[] = [];
  for (let c = 0; c < centres; c++)
    for (let i = 0; i < perCluster; i++)
      rows.push({ vector: unit((dirs[c] as number[]).map((x) => x + (random() - 0.5) * noise)), truth: c });
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rows[i], rows[j]] = [rows[j] as (typeof rows)[number], rows[i] as (typeof rows)[number]];
  }
  return rows;
}

/** Whether two partitions are the same up to renaming the clusters. */
function samePartition(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const ab = new Map<number, number>();
  const ba = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if ((ab.get(x) ?? y) !== y || (ba.get(y) ?? x) !== x) return false;
    ab.set(x, y);
    ba.set(y, x);
  }
  return true;
}

describe('k-means', () => {
  it('separates planted clusters exactly', () => {
    const rows = planted(5, 40, 0.3);
    const { assignments } = kMeans(
      rows.map((r) => r.vector),
      5,
    );
    expect(samePartition(assignments, rows.map((r) => r.truth))).toBe(true);
  });

  it('gives the same clusters for the same vectors', () => {
    const vectors = planted(6, 30, 1.2).map((r) => r.vector);
    const a = kMeans(vectors, 6);
    const b = kMeans(vectors, 6);
    expect([...a.assignments]).toEqual([...b.assignments]);
    expect(a.centroids.map((c) => [...c])).toEqual(b.centroids.map((c) => [...c]));
  });

  it('makes no more clusters than distinct vectors', () => {
    const same = Array.from({ length: 10 }, () => unit([1, 2, 3]));
    const { assignments, centroids } = kMeans(same, 4);
    expect(centroids).toHaveLength(1);
    expect(new Set(assignments)).toEqual(new Set([0]));
  });

  it('assigns nothing for no vectors', () => {
    expect(kMeans([], 3).centroids).toEqual([]);
  });
});

describe('cluster count', () => {
  it('is about the square root of half the messages, within 2 and the maximum', () => {
    expect(clusterCount(0, 20)).toBe(0);
    expect(clusterCount(1, 20)).toBe(1);
    expect(clusterCount(3, 20)).toBe(2);
    expect(clusterCount(200, 20)).toBe(10);
    expect(clusterCount(2000, 20)).toBe(20);
  });
});

describe('2-D projection', () => {
  it('keeps planted clusters apart on the map', () => {
    const rows = planted(3, 30, 0.2, 7);
    const { x, y } = project2d(rows.map((r) => r.vector));
    const centre = (c: number) => {
      const idx = rows.map((r, i) => (r.truth === c ? i : -1)).filter((i) => i >= 0);
      return {
        x: idx.reduce((s, i) => s + (x[i] as number), 0) / idx.length,
        y: idx.reduce((s, i) => s + (y[i] as number), 0) / idx.length,
        spread: Math.max(...idx.map((i) => Math.hypot((x[i] as number) - 0, (y[i] as number) - 0))),
        idx,
      };
    };
    const cs = [0, 1, 2].map(centre);
    // every point is nearer its own cluster's centre than any other's
    for (const [c, own] of cs.entries())
      for (const i of own.idx) {
        const d = (k: number) => Math.hypot((x[i] as number) - (cs[k]?.x ?? 0), (y[i] as number) - (cs[k]?.y ?? 0));
        for (const k of [0, 1, 2]) if (k !== c) expect(d(c)).toBeLessThan(d(k));
      }
  });

  it('is deterministic and fixes the sign of each axis', () => {
    const vectors = planted(4, 10, 0.5).map((r) => r.vector);
    expect(project2d(vectors)).toEqual(project2d(vectors));
    const negated = project2d(vectors.map((v) => v.map((x) => -x)));
    const plain = project2d(vectors);
    // the data mirrored gives the mirrored map, axes kept the same way round
    expect(negated.x.map((v) => Math.round(v * 1e6))).toEqual(plain.x.map((v) => -Math.round(v * 1e6)));
  });

  it('centres the map on the mean', () => {
    const { x, y } = project2d(planted(2, 20, 0.5).map((r) => r.vector));
    expect(Math.abs(x.reduce((s, v) => s + v, 0))).toBeLessThan(1e-9);
    expect(Math.abs(y.reduce((s, v) => s + v, 0))).toBeLessThan(1e-9);
  });
});

describe('distinctive keywords', () => {
  it('prefers what sets the cluster apart over what every message says', () => {
    const cluster = [['rent', 'community'], ['rent', 'lease', 'community'], ['lease', 'rent', 'community'], ['rent']];
    const overall = new Map([
      ['rent', 4],
      ['lease', 2],
      ['community', 40],
    ]);
    expect(distinctiveKeywords(cluster, overall, 40, 3)).toEqual(['rent', 'lease']);
  });

  it('ignores a keyword of a single message in a cluster of four or more', () => {
    const cluster = [['a'], ['a'], ['b'], ['a']];
    expect(distinctiveKeywords(cluster, new Map([['a', 3], ['b', 1]]), 10, 5)).toEqual(['a']);
  });
});

describe('cluster layout', () => {
  it('orders clusters largest first with their nearest members first, centred where their points are', () => {
    // 32 messages → 4 clusters (√(32/2)); planted as 4, 14, 6 and 8 messages
    const rows = [
      ...planted(1, 4, 0.2, 1),
      ...planted(1, 14, 0.2, 2),
      ...planted(1, 6, 0.2, 3),
      ...planted(1, 8, 0.2, 4),
    ];
    const layout = layoutClusters(rows.map((r) => r.vector));
    expect(layout.members.map((m) => m.length)).toEqual([14, 8, 6, 4]);
    const first = layout.members[0] as number[];
    expect(new Set(first)).toEqual(new Set(Array.from({ length: 14 }, (_, i) => i + 4)));
    const centroid = unit(
      Array.from({ length: DIM }, (_, j) => first.reduce((s, i) => s + (rows[i]?.vector[j] ?? 0), 0)),
    );
    const cos = (i: number) => (rows[i]?.vector ?? []).reduce((s, v, j) => s + v * (centroid[j] ?? 0), 0);
    for (let k = 1; k < first.length; k++) expect(cos(first[k - 1] as number)).toBeGreaterThanOrEqual(cos(first[k] as number));
    const cx = first.reduce((s, i) => s + (layout.x[i] as number), 0) / first.length;
    expect(layout.centres[0]?.x).toBeCloseTo(cx, 9);
  });
});
