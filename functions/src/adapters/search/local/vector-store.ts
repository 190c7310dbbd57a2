/**
 * Dense vectors of one community for brute-force k-NN: rows in one contiguous block, and a kernel
 * computing the dot product of a query with every row.
 *
 * Rows are unit vectors stored as 16-bit fixed point (x · 32767, rounded): half the memory of
 * float32 and half the bytes to stream — at 100,000 × 384 the scan runs at memory bandwidth, so
 * half the bytes is half the time. The rounding error is below 1.6e-5 per component and about 1e-5
 * on a cosine (at most ~6e-4), far below any difference that decides a ranking. A query is
 * quantized the same way; sums are exact 32-bit integers (|Σ| ≤ 32767² < 2³¹ for unit vectors).
 *
 * The kernel is a ~200-byte WebAssembly function using 128-bit SIMD (`i32x4.dot_i16x8_s`: eight
 * multiply-adds per instruction, two accumulators), written out below as bytes because nothing here
 * compiles WebAssembly; where WebAssembly SIMD is unavailable the same sums run in JavaScript.
 * Rows are padded with zeros to a multiple of 16 components (zeros change no dot product).
 */

const PAGE = 65_536;

/**
 * The part of the WebAssembly JS API used here. The functions workspace type-checks against ES
 * libraries without the DOM, which is where TypeScript declares WebAssembly; Node has it at runtime.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
  readonly Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/** Unsigned LEB128, as WebAssembly encodes integers. */
function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}
/** Signed LEB128 (i32.const takes a signed immediate: 64 unsigned would read as -64). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}
const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const name = (s: string) => [...leb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

// Opcodes used by the kernel.
const OP = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  get: 0x20,
  set: 0x21,
  i32const: 0x41,
  i32geU: 0x4f,
  f32store: 0x38,
  void: 0x40,
} as const;
const simd = (op: number) => [0xfd, ...leb(op)];
const V128_LOAD = 0x00;
const V128_CONST = 0x0c;
const I32X4_EXTRACT = 0x1b;
const I32X4_ADD = 0xae;
const I32X4_DOT_I16X8_S = 0xba;
const I32_ADD = 0x6a;
const I32_MUL = 0x6c;
const F32_CONST = 0x43;
const F32_MUL = 0x94;
const F32_CONVERT_I32_S = 0xb2;
/** Fixed-point scale of a component (unit vectors: every component is within ±1). */
export const SCALE = 32767;
/** Independent SIMD sums per row (each covers eight components per step); more measured no faster. */
const ACCUMULATORS = 2;
/** Components per v128. */
const LANES = 8;

/** A float32 immediate, little-endian. */
function f32(value: number): number[] {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, value, true);
  return [...b];
}

/**
 * dots(q, base, count, dimPad, out): out[s] = (Σ q[i] · base[s·dimPad + i]) / SCALE² for s < count,
 * i < dimPad, over int16 components (byte addresses; dimPad a multiple of LANES · ACCUMULATORS).
 * Independent accumulators keep several additions in flight instead of waiting on one.
 */
function kernelBytes(): Uint8Array {
  const [Q, BASE, COUNT, DIM, OUT, S, I, P, QP] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const ACC = Array.from({ length: ACCUMULATORS }, (_, k) => 9 + k);
  const step = LANES * ACCUMULATORS;
  const get = (l: number) => [OP.get, l];
  const set = (l: number) => [OP.set, l];
  const i32 = (n: number) => [OP.i32const, ...sleb(n)];
  const load = (ptr: number, offset: number) => [...get(ptr), ...simd(V128_LOAD), 2, ...leb(offset)];
  const zero = [...simd(V128_CONST), ...new Array<number>(16).fill(0)];
  const lane = (acc: number, l: number) => [...get(acc), ...simd(I32X4_EXTRACT), l];
  const madd = (acc: number, offset: number) => [
    ...get(acc),
    ...load(QP, offset),
    ...load(P, offset),
    ...simd(I32X4_DOT_I16X8_S),
    ...simd(I32X4_ADD),
    ...set(acc),
  ];
  const first = ACC[0] as number;
  const body = [
    // locals: s, i, p, qp (i32); the accumulators (v128)
    ...vec([
      [4, 0x7f],
      [ACCUMULATORS, 0x7b],
    ]),
    ...get(BASE),
    ...set(P),
    ...i32(0),
    ...set(S),
    OP.block,
    OP.void,
    OP.loop,
    OP.void,
    ...get(S),
    ...get(COUNT),
    OP.i32geU,
    OP.brIf,
    1,
    ...ACC.flatMap((a) => [...zero, ...set(a)]),
    ...i32(0),
    ...set(I),
    ...get(Q),
    ...set(QP),
    OP.block,
    OP.void,
    OP.loop,
    OP.void,
    ...get(I),
    ...get(DIM),
    OP.i32geU,
    OP.brIf,
    1,
    ...ACC.flatMap((a, k) => madd(a, 16 * k)),
    ...get(QP),
    ...i32(2 * step),
    I32_ADD,
    ...set(QP),
    ...get(P),
    ...i32(2 * step),
    I32_ADD,
    ...set(P),
    ...get(I),
    ...i32(step),
    I32_ADD,
    ...set(I),
    OP.br,
    0,
    OP.end,
    OP.end,
    // out[s] = float(sum of the accumulators' lanes) / SCALE²
    ...get(OUT),
    ...get(S),
    ...i32(4),
    I32_MUL,
    I32_ADD,
    ...ACC.slice(1).flatMap((a) => [...get(first), ...get(a), ...simd(I32X4_ADD), ...set(first)]),
    ...lane(first, 0),
    ...lane(first, 1),
    I32_ADD,
    ...lane(first, 2),
    I32_ADD,
    ...lane(first, 3),
    I32_ADD,
    F32_CONVERT_I32_S,
    F32_CONST,
    ...f32(1 / (SCALE * SCALE)),
    F32_MUL,
    OP.f32store,
    2,
    0,
    ...get(S),
    ...i32(1),
    I32_ADD,
    ...set(S),
    OP.br,
    0,
    OP.end,
    OP.end,
    OP.end,
  ];
  const fn = [...leb(body.length), ...body];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, 5, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0]])),
    ...section(2, vec([[...name('env'), ...name('memory'), 0x02, 0x00, 1]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('dots'), 0x00, 0]])),
    ...section(10, vec([fn])),
  ]);
}

let compiled: object | null | undefined;

/** The compiled kernel, or null where WebAssembly SIMD is not available. */
export function dotKernel(): object | null {
  if (compiled === undefined) {
    try {
      compiled = wasm ? new wasm.Module(kernelBytes()) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

type Dots = (q: number, base: number, count: number, dimPad: number, out: number) => void;

/** Rounds a component to fixed point. */
function quantize(x: number): number {
  return Math.max(-SCALE, Math.min(SCALE, Math.round(x * SCALE)));
}

/** The rows of one community's vectors (see the module comment). */
export class VectorStore {
  readonly dim: number;
  private readonly dimPad: number;
  private capacity = 0;
  private memory: WasmMemory | null = null;
  private dots: Dots | null = null;
  private data = new Int16Array(0);
  private query = new Int16Array(0);
  private out = new Float32Array(0);

  constructor(dim: number, options: { wasm?: boolean } = {}) {
    this.dim = dim;
    this.dimPad = Math.ceil(dim / (LANES * ACCUMULATORS)) * LANES * ACCUMULATORS;
    const module = options.wasm === false ? null : dotKernel();
    if (module && wasm) {
      this.memory = new wasm.Memory({ initial: 1 });
      const instance = new wasm.Instance(module, { env: { memory: this.memory } });
      this.dots = instance.exports.dots as Dots;
    }
  }

  /** Whether the WebAssembly kernel runs (else the JavaScript loop). */
  get simd(): boolean {
    return this.dots !== null;
  }

  /** Bytes held by the rows and scratch space. */
  get bytes(): number {
    return this.capacity * (this.dimPad * 2 + 4) + this.dimPad * 2;
  }

  /** Rows that have room (rows never written are zeros). */
  get rows(): number {
    return this.capacity;
  }

  /**
   * Makes room for at least `rows` rows, keeping the rows written so far. Grows by an eighth (at
   * least 1,024 rows), not by doubling: vectors are most of the engine's memory.
   */
  ensure(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, this.capacity + Math.max(1024, this.capacity >> 3));
    const rowItems = capacity * this.dimPad;
    // Layout: rows from byte 0, then the query, then one output float per row (4-byte aligned:
    // dimPad is a multiple of 16).
    const queryAt = rowItems * 2;
    const outAt = queryAt + this.dimPad * 2;
    const need = outAt + capacity * 4;
    if (this.memory) {
      const have = this.memory.buffer.byteLength;
      if (need > have) this.memory.grow(Math.ceil((need - have) / PAGE));
      const buffer = this.memory.buffer;
      this.data = new Int16Array(buffer, 0, rowItems);
      this.query = new Int16Array(buffer, queryAt, this.dimPad);
      this.out = new Float32Array(buffer, outAt, capacity);
    } else {
      const data = new Int16Array(rowItems);
      data.set(this.data);
      this.data = data;
      this.query = new Int16Array(this.dimPad);
      this.out = new Float32Array(capacity);
    }
    this.capacity = capacity;
  }

  /** Writes row `slot` (unit length expected; the caller normalises). */
  set(slot: number, values: ArrayLike<number>): void {
    const base = slot * this.dimPad;
    for (let i = 0; i < this.dim; i++) this.data[base + i] = quantize(values[i] ?? 0);
    // The padding too: after a grow this space may hold old scratch values.
    for (let i = this.dim; i < this.dimPad; i++) this.data[base + i] = 0;
  }

  /** Row `slot` as floats (to the stored precision). */
  get(slot: number): Float32Array {
    const base = slot * this.dimPad;
    const out = new Float32Array(this.dim);
    for (let i = 0; i < this.dim; i++) out[i] = (this.data[base + i] as number) / SCALE;
    return out;
  }

  /** Dot products of `query` with rows 0..count-1 (count ≤ rows); the view is valid until the next call. */
  dotAll(query: ArrayLike<number>, count: number): Float32Array {
    this.query.fill(0);
    for (let i = 0; i < this.dim; i++) this.query[i] = quantize(query[i] ?? 0);
    if (this.dots) {
      this.dots(this.query.byteOffset, 0, count, this.dimPad, this.out.byteOffset);
      return this.out.subarray(0, count);
    }
    const rows = this.data;
    const q = this.query;
    const dimPad = this.dimPad;
    const inv = 1 / (SCALE * SCALE);
    for (let s = 0; s < count; s++) {
      const base = s * dimPad;
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      for (let i = 0; i < dimPad; i += 4) {
        a0 += (q[i] as number) * (rows[base + i] as number);
        a1 += (q[i + 1] as number) * (rows[base + i + 1] as number);
        a2 += (q[i + 2] as number) * (rows[base + i + 2] as number);
        a3 += (q[i + 3] as number) * (rows[base + i + 3] as number);
      }
      this.out[s] = (a0 + a1 + a2 + a3) * inv;
    }
    return this.out.subarray(0, count);
  }
}
