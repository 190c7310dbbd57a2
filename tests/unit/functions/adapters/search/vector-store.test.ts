import { describe, expect, it } from 'vitest';
import { dotKernel, VectorStore } from '@kehila/functions/adapters/search/local/vector-store';

function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648 - 0.5;
  };
}

describe('vector store (brute-force dot products)', () => {
  it('compiles the WebAssembly SIMD kernel on this Node', () => {
    expect(dotKernel()).not.toBeNull();
    expect(new VectorStore(8).simd).toBe(true);
    expect(new VectorStore(8, { wasm: false }).simd).toBe(false);
  });

  it.each([[3], [8], [13], [384]])(
    'computes the same dot products in WebAssembly and JavaScript (dimension %i)',
    (dim) => {
      const rnd = seeded(dim);
      const small = () => rnd() / Math.sqrt(dim);
      const simd = new VectorStore(dim);
      const plain = new VectorStore(dim, { wasm: false });
      const rows = 50;
      simd.ensure(rows);
      plain.ensure(rows);
      const expected: number[] = [];
      const query = Array.from({ length: dim }, small);
      for (let s = 0; s < rows; s++) {
        const row = Array.from({ length: dim }, small);
        simd.set(s, row);
        plain.set(s, row);
        expected.push(row.reduce((sum, x, i) => sum + x * (query[i] ?? 0), 0));
      }
      const a = [...simd.dotAll(query, rows)];
      const b = [...plain.dotAll(query, rows)];
      a.forEach((x, s) => {
        expect(x).toBeCloseTo(expected[s] ?? NaN, 4);
        expect(b[s]).toBeCloseTo(expected[s] ?? NaN, 4);
      });
    },
  );

  it('clamps components outside ±1 (they cannot occur in unit vectors)', () => {
    const store = new VectorStore(2);
    store.ensure(1);
    store.set(0, [3, -3]);
    expect([...store.get(0)]).toEqual([1, -1]);
  });

  it('scores only the first `count` rows', () => {
    const store = new VectorStore(4);
    store.ensure(4);
    for (let s = 0; s < 4; s++) store.set(s, [s, 0, 0, 0]);
    expect([...store.dotAll([1, 0, 0, 0], 2).slice(0, 2)]).toEqual([0, 1]);
  });

  it('keeps rows when it grows (the WebAssembly memory grows and its views are rebuilt)', () => {
    const store = new VectorStore(16);
    store.ensure(2);
    const row = Array.from({ length: 16 }, (_, i) => i / 16);
    store.set(1, row);
    store.ensure(20_000);
    store.get(1).forEach((x, i) => expect(x).toBeCloseTo(row[i] ?? NaN, 4));
    store.set(
      19_999,
      Array.from({ length: 16 }, () => 0.25),
    );
    expect(
      store.dotAll(
        Array.from({ length: 16 }, () => 0.25),
        20_000,
      )[19_999],
    ).toBeCloseTo(1, 3);
  });
});
