/**
 * Topic clustering of message embeddings (S2 §2.5 AI Insight Explorer): deterministic k-means over
 * unit vectors and a 2-D projection by principal component analysis. Pure functions: the same
 * vectors in the same order always give the same clusters and coordinates.
 */

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function distance2(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    s += d * d;
  }
  return s;
}

/**
 * How many clusters for `n` messages: about √(n/2) (a common rule of thumb), at least 2 and at most
 * `max`, never more than the messages.
 */
export function clusterCount(n: number, max: number): number {
  if (n <= 1) return n;
  return Math.min(n, max, Math.max(2, Math.round(Math.sqrt(n / 2))));
}

/** The outcome of k-means: each vector's cluster and each cluster's centre. */
export interface KMeansResult {
  readonly assignments: Int32Array;
  readonly centroids: Float64Array[];
  readonly iterations: number;
}

/**
 * k-means (Lloyd) with k-means++ seeding from a fixed seed. Squared Euclidean distance, which on
 * unit vectors orders like cosine distance. A cluster left empty takes the vector farthest from its
 * centre. Stops when no assignment changes or after `maxIterations`.
 */
export function kMeans(
  vectors: readonly ArrayLike<number>[],
  k: number,
  options: { seed?: number; maxIterations?: number } = {},
): KMeansResult {
  const n = vectors.length;
  const dim = vectors[0]?.length ?? 0;
  const assignments = new Int32Array(n).fill(-1);
  if (n === 0 || k <= 0) return { assignments, centroids: [], iterations: 0 };
  const random = seededRandom(options.seed ?? 1);
  const maxIterations = options.maxIterations ?? 50;

  // k-means++: the first centre at random, each next one with probability ∝ distance² to the nearest.
  const centroids: Float64Array[] = [Float64Array.from(vectors[Math.floor(random() * n)] as ArrayLike<number>)];
  const nearest = new Float64Array(n).fill(Infinity);
  while (centroids.length < k) {
    const last = centroids[centroids.length - 1] as Float64Array;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = distance2(vectors[i] as ArrayLike<number>, last);
      if (d < (nearest[i] as number)) nearest[i] = d;
      total += nearest[i] as number;
    }
    if (total === 0) break; // fewer distinct vectors than k
    let target = random() * total;
    let pick = n - 1;
    for (let i = 0; i < n; i++) {
      target -= nearest[i] as number;
      if (target <= 0) {
        pick = i;
        break;
      }
    }
    centroids.push(Float64Array.from(vectors[pick] as ArrayLike<number>));
  }

  const kk = centroids.length;
  const best = new Float64Array(n);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    let changed = 0;
    for (let i = 0; i < n; i++) {
      const v = vectors[i] as ArrayLike<number>;
      let bestC = 0;
      let bestD = Infinity;
      for (let c = 0; c < kk; c++) {
        const d = distance2(v, centroids[c] as Float64Array);
        if (d < bestD) {
          bestD = d;
          bestC = c;
        }
      }
      best[i] = bestD;
      if (assignments[i] !== bestC) {
        assignments[i] = bestC;
        changed++;
      }
    }
    if (changed === 0 && iterations > 0) break;
    const sums = Array.from({ length: kk }, () => new Float64Array(dim));
    const counts = new Int32Array(kk);
    for (let i = 0; i < n; i++) {
      const c = assignments[i] as number;
      const v = vectors[i] as ArrayLike<number>;
      const s = sums[c] as Float64Array;
      for (let j = 0; j < dim; j++) s[j] = (s[j] as number) + (v[j] as number);
      counts[c] = (counts[c] as number) + 1;
    }
    for (let c = 0; c < kk; c++) {
      const count = counts[c] as number;
      if (count === 0) {
        // An empty cluster restarts at the vector worst served by its centre.
        let far = 0;
        for (let i = 1; i < n; i++) if ((best[i] as number) > (best[far] as number)) far = i;
        centroids[c] = Float64Array.from(vectors[far] as ArrayLike<number>);
        best[far] = 0;
        continue;
      }
      const s = sums[c] as Float64Array;
      for (let j = 0; j < dim; j++) s[j] = (s[j] as number) / count;
      centroids[c] = s;
    }
  }
  return { assignments, centroids, iterations };
}

/**
 * Projects vectors onto their first two principal components (power iteration on the centred data,
 * without forming the covariance: O(n·dim) per step). Each axis's sign is fixed so that its largest
 * component is positive, so the map does not flip between runs.
 */
export function project2d(vectors: readonly ArrayLike<number>[], iterations = 60): { x: number[]; y: number[] } {
  const n = vectors.length;
  const dim = vectors[0]?.length ?? 0;
  if (n === 0 || dim === 0) return { x: [], y: [] };
  const mean = new Float64Array(dim);
  for (const v of vectors) for (let j = 0; j < dim; j++) mean[j] = (mean[j] as number) + (v[j] as number) / n;
  const centred = vectors.map((v) => {
    const c = new Float64Array(dim);
    for (let j = 0; j < dim; j++) c[j] = (v[j] as number) - (mean[j] as number);
    return c;
  });
  const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    let s = 0;
    for (let j = 0; j < dim; j++) s += (a[j] as number) * (b[j] as number);
    return s;
  };
  const normalise = (v: Float64Array): boolean => {
    const norm = Math.sqrt(dot(v, v));
    if (norm === 0) return false;
    for (let j = 0; j < dim; j++) v[j] = (v[j] as number) / norm;
    return true;
  };
  const components: Float64Array[] = [];
  const random = seededRandom(7);
  for (let pc = 0; pc < 2; pc++) {
    let v = Float64Array.from({ length: dim }, () => random() - 0.5);
    for (const prev of components) {
      const p = dot(v, prev);
      for (let j = 0; j < dim; j++) v[j] = (v[j] as number) - p * (prev[j] as number);
    }
    if (!normalise(v)) break;
    for (let it = 0; it < iterations; it++) {
      // w = Xᵀ(Xv), kept orthogonal to the components found before
      const w = new Float64Array(dim);
      for (const row of centred) {
        const s = dot(row, v);
        if (s !== 0) for (let j = 0; j < dim; j++) w[j] = (w[j] as number) + s * (row[j] as number);
      }
      for (const prev of components) {
        const p = dot(w, prev);
        for (let j = 0; j < dim; j++) w[j] = (w[j] as number) - p * (prev[j] as number);
      }
      if (!normalise(w)) break;
      v = w;
    }
    let largest = 0;
    for (let j = 1; j < dim; j++) if (Math.abs(v[j] as number) > Math.abs(v[largest] as number)) largest = j;
    if ((v[largest] as number) < 0) for (let j = 0; j < dim; j++) v[j] = -(v[j] as number);
    components.push(v);
  }
  const axis = (c: Float64Array | undefined) => centred.map((row) => (c ? dot(row, c) : 0));
  return { x: axis(components[0]), y: axis(components[1]) };
}

/**
 * The keywords that set a cluster apart: each keyword of its messages scored by its share in the
 * cluster times how rare it is in the whole period (log of messages over messages with it), the best
 * `limit` first. A keyword is kept only when it is more common in the cluster than in the period
 * (what every message says names no cluster), and one of a single message only in clusters of fewer
 * than 4 messages.
 */
export function distinctiveKeywords(
  cluster: readonly (readonly string[])[],
  overall: ReadonlyMap<string, number>,
  total: number,
  limit: number,
): string[] {
  const counts = new Map<string, number>();
  for (const kws of cluster) for (const k of new Set(kws)) counts.set(k, (counts.get(k) ?? 0) + 1);
  const minCount = cluster.length < 4 ? 1 : 2;
  return [...counts.entries()]
    .filter(([k, c]) => c >= minCount && c / cluster.length > (overall.get(k) ?? c) / Math.max(total, 1))
    .map(([k, c]) => ({ k, score: (c / cluster.length) * Math.log((total + 1) / (overall.get(k) ?? c)) }))
    .sort((a, b) => b.score - a.score || (a.k < b.k ? -1 : 1))
    .slice(0, limit)
    .map((e) => e.k);
}
