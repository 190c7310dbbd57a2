import type { Urgency } from '@kehila/shared';
import type { MessageVector, SearchDoc, SearchHit } from '../../../core/ports/search';
import { indexTerms, queryTerms, senderDigits, tokenize, type QueryTerm } from '../tokenizer';
import { VectorStore } from './vector-store';

/** BM25 parameters (Lucene's defaults, so both engines rank alike). */
const K1 = 1.2;
const B = 0.75;
/** Weights of the ways an index term can match a query word: the word itself ranks first. */
const WEIGHT_EXACT = 1;
const WEIGHT_PREFIX = 0.9;
const WEIGHT_STEM = 0.8;
const WEIGHT_STEM_PREFIX = 0.7;
/** A posting packs doc id and term frequency in one small integer: id * TF_SCALE + min(tf, TF_MAX). */
const TF_SCALE = 64;
const TF_MAX = TF_SCALE - 1;
const URGENCY_CODE: Readonly<Record<Urgency, number>> = { high: 1, medium: 2, low: 3 };
/** Never matches: the id used for a filter value the index has never seen. */
const NONE = -2;

/** A compiled text query for one community (what `text()` of the port needs). */
export interface IndexTextQuery {
  readonly text?: string;
  readonly idPartial?: string;
  readonly topic?: string;
  readonly urgency?: Urgency;
  readonly sender?: string;
  /** Epoch ms, inclusive. */
  readonly fromMs?: number;
  /** Epoch ms, exclusive. */
  readonly toMs?: number;
  readonly order: 'asc' | 'desc' | 'relevance';
  readonly match: 'all' | 'any';
  readonly limit: number;
  /** Sort values after which the page starts: [tsMs, msgId] by time, [score, tsMs, msgId] by relevance. */
  readonly after?: readonly (string | number)[];
}

/** One page of hits and the sort values of its last hit when more follow. */
export interface IndexPage {
  readonly hits: SearchHit[];
  readonly next: (string | number)[] | null;
}

/** Interns strings as small integers, so per-document fields are typed-array cells. */
class Interner {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
  find(value: string): number {
    return this.ids.get(value) ?? NONE;
  }
}

/** FNV-1a over UTF-16 units: detects a changed text without keeping the text. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function grow<T extends Float64Array | Int32Array | Uint32Array | Uint8Array | Int16Array>(
  a: T,
  size: number,
  fill?: number,
): T {
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  if (fill !== undefined) next.fill(fill, a.length);
  return next;
}

/**
 * The in-memory index of one community: an inverted index with BM25 for content, per-document
 * fields for filters, documents kept in time order for paging, and unit vectors for brute-force
 * k-NN. Documents live in numbered slots; a replaced or removed document leaves a dead slot (its
 * postings are skipped), which is cheap because messages are rarely edited or deleted.
 */
export class CommunityIndex {
  private slots = 0;
  private cap = 0;
  private ts = new Float64Array(0);
  private alive = new Uint8Array(0);
  private hasContent = new Uint8Array(0);
  private docLen = new Uint32Array(0);
  private contentHash = new Uint32Array(0);
  private topic = new Int32Array(0);
  private urgency = new Uint8Array(0);
  private senderName = new Int32Array(0);
  private senderHash = new Int32Array(0);
  private senderDigitsOf = new Int32Array(0);
  private vecVersion = new Int16Array(0);
  /** Live documents with content per vector version id (stats in O(1): the badge polls them). */
  private embeddedCounts: number[] = [];
  private vectors: VectorStore | null = null;
  private readonly msgIds: string[] = [];
  /** Every slot's lower-cased id followed by a newline: one indexOf finds id fragments fast. */
  private idText = '';
  private readonly idOffsets: number[] = [];
  private readonly tsIso: string[] = [];
  private readonly bySlotId = new Map<string, number>();
  /** Live slots sorted by (timestamp, msgId), the table's own order. */
  private readonly order: number[] = [];
  private readonly postings = new Map<string, number[]>();
  /** Terms by their first two characters, for prefix matching. */
  private readonly buckets = new Map<string, string[]>();
  private readonly topics = new Interner();
  private readonly senderNames = new Interner();
  private readonly senderHashes = new Interner();
  private readonly senderDigitSet = new Interner();
  private readonly versions = new Interner();
  private live = 0;
  private liveWithContent = 0;
  private totalLen = 0;

  // Scratch space of a query (queries run synchronously, one at a time).
  private termScore = new Float32Array(0);
  private termStamp = new Int32Array(0);
  private total = new Float32Array(0);
  private queryStamp = new Int32Array(0);
  private matched = new Uint8Array(0);
  private termEpoch = 0;
  private queryEpoch = 0;

  /** Live documents. */
  get size(): number {
    return this.live;
  }

  /** Dimension of the stored vectors (0 before the first). */
  get dimensions(): number {
    return this.vectors?.dim ?? 0;
  }

  /** Whether a message is indexed. */
  has(msgId: string): boolean {
    return this.bySlotId.has(msgId);
  }

  /** The timestamp (ISO) of an indexed message, or undefined. */
  timestampOf(msgId: string): string | undefined {
    const slot = this.bySlotId.get(msgId);
    return slot === undefined ? undefined : this.tsIso[slot];
  }

  /**
   * Indexes or replaces a document. A document without a vector keeps the vector it had. `raw`
   * passes a vector already in Float32 form (the rebuild reads them so from the table).
   */
  upsert(doc: SearchDoc, raw?: { vector: Float32Array; version: string }): void {
    const vector: ArrayLike<number> | undefined = raw?.vector ?? doc.vector;
    const version = raw?.version ?? doc.vectorVersion ?? '';
    const content = doc.content ?? '';
    const hash = hashText(content);
    const existing = this.bySlotId.get(doc.msgId);
    let keptVector: { version: number; values: Float32Array } | null = null;
    if (existing !== undefined) {
      if (this.tsIso[existing] === doc.timestamp && this.contentHash[existing] === hash) {
        this.setFields(existing, doc);
        if (vector) this.setVector(existing, vector, version);
        return;
      }
      if (!vector && this.vectors && (this.vecVersion[existing] ?? -1) >= 0) {
        keptVector = { version: this.vecVersion[existing] ?? -1, values: this.vectors.get(existing) };
      }
      this.removeOne(doc.msgId);
    }
    const slot = this.allocate();
    this.msgIds[slot] = doc.msgId;
    this.idOffsets[slot] = this.idText.length;
    this.idText += `${doc.msgId.toLowerCase()}\n`;
    this.tsIso[slot] = doc.timestamp;
    this.ts[slot] = Date.parse(doc.timestamp);
    this.alive[slot] = 1;
    this.contentHash[slot] = hash;
    this.vecVersion[slot] = -1;
    this.setFields(slot, doc);
    this.indexContent(slot, content);
    this.bySlotId.set(doc.msgId, slot);
    this.insertInOrder(slot);
    this.live++;
    if (this.hasContent[slot]) this.liveWithContent++;
    if (vector) this.setVector(slot, vector, version);
    else if (keptVector) this.setVector(slot, keptVector.values, this.versions.values[keptVector.version] ?? '');
  }

  /** Removes documents; unknown ids are ignored. */
  remove(msgIds: readonly string[]): void {
    for (const id of msgIds) this.removeOne(id);
  }

  /** Documents with content, and how many carry a vector (of `version` when given). */
  stats(version?: string): { total: number; embedded: number } {
    let embedded = 0;
    if (version === undefined) for (const n of this.embeddedCounts) embedded += n ?? 0;
    else embedded = this.embeddedCounts[this.versions.find(version)] ?? 0;
    return { total: this.liveWithContent, embedded };
  }

  /** Documents with content but no vector of `version` (the local stack's catch-up after a restart). */
  unembedded(version: string): { msgId: string; timestamp: string }[] {
    const v = this.versions.find(version);
    const out: { msgId: string; timestamp: string }[] = [];
    for (const slot of this.order) {
      if (this.hasContent[slot] && (v === NONE || this.vecVersion[slot] !== v)) {
        out.push({ msgId: this.msgIds[slot] ?? '', timestamp: this.tsIso[slot] ?? '' });
      }
    }
    return out;
  }

  /** A page of hits for a text/filter query. */
  search(q: IndexTextQuery): IndexPage {
    const accept = this.compileFilters(q);
    if (!accept) return { hits: [], next: null };
    let candidates: number[] | null = null;
    const scored = q.text !== undefined;
    if (q.text !== undefined) {
      const terms = queryTerms(q.text);
      if (terms.length === 0) return { hits: [], next: null };
      candidates = this.score(terms, q.match);
    }
    if (q.idPartial !== undefined) {
      const needle = normalizeId(q.idPartial);
      if (!needle) return { hits: [], next: null };
      const ids = this.idMatches(needle);
      if (candidates === null) {
        candidates = ids;
      } else {
        const inIds = new Set(ids);
        candidates = candidates.filter((slot) => inIds.has(slot));
      }
    }
    if (q.order === 'relevance') return this.byRelevance(q, accept, candidates ?? this.order, scored);
    return this.byTime(q, accept, candidates, scored);
  }

  /** Live slots whose id contains `needle` (lower case, no newline). */
  private idMatches(needle: string): number[] {
    const out: number[] = [];
    if (needle.includes('\n')) return out;
    const offsets = this.idOffsets;
    let at = this.idText.indexOf(needle);
    while (at >= 0) {
      // The slot whose id holds this position: the last offset at or before it.
      let lo = 0;
      let hi = this.slots - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if ((offsets[mid] as number) <= at) lo = mid;
        else hi = mid - 1;
      }
      if (this.alive[lo] === 1) out.push(lo);
      const next = lo + 1 < this.slots ? (offsets[lo + 1] as number) : this.idText.length;
      at = this.idText.indexOf(needle, next);
    }
    return out;
  }

  /**
   * The `limit` nearest documents to a vector by dot product with unit vectors (cosine), best
   * first: every stored row is scored (brute force, SIMD), then the best eligible ones are kept.
   */
  nearest(vector: readonly number[], limit: number, version?: string): SearchHit[] {
    const store = this.vectors;
    if (!store || vector.length !== store.dim || limit <= 0) return [];
    const v = version === undefined ? -1 : this.versions.find(version);
    if (version !== undefined && v === NONE) return [];
    const q = Float32Array.from(vector);
    let norm = 0;
    for (let i = 0; i < q.length; i++) norm += (q[i] ?? 0) * (q[i] ?? 0);
    if (norm === 0) return [];
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < q.length; i++) q[i] = (q[i] ?? 0) * inv;

    const topScore = new Float64Array(limit).fill(-Infinity);
    const topSlot = new Int32Array(limit).fill(-1);
    let worst = -Infinity;
    const versions = this.vecVersion;
    const alive = this.alive;
    const count = Math.min(this.slots, store.rows);
    const scores = store.dotAll(q, count);
    for (let slot = 0; slot < count; slot++) {
      const s = scores[slot] as number;
      if (s <= worst) continue;
      const sv = versions[slot] as number;
      if (sv < 0 || alive[slot] === 0 || (v >= 0 && sv !== v)) continue;
      // Insertion into the small sorted top list (limit ≤ a few hundred).
      let j = limit - 1;
      while (j > 0 && (topScore[j - 1] as number) < s) {
        topScore[j] = topScore[j - 1] as number;
        topSlot[j] = topSlot[j - 1] as number;
        j--;
      }
      topScore[j] = s;
      topSlot[j] = slot;
      worst = topScore[limit - 1] as number;
    }
    const hits: SearchHit[] = [];
    for (let j = 0; j < limit; j++) {
      const slot = topSlot[j] as number;
      if (slot < 0) break;
      hits.push({ msgId: this.msgIds[slot] ?? '', timestamp: this.tsIso[slot] ?? '', score: topScore[j] as number });
    }
    return hits;
  }

  /** Vectors of messages with fromMs ≤ time < toMs (of `version` when given), newest first, at most `limit`. */
  vectorsIn(fromMs: number, toMs: number, limit: number, version?: string): MessageVector[] {
    const store = this.vectors;
    if (!store || limit <= 0) return [];
    const v = version === undefined ? -1 : this.versions.find(version);
    if (version !== undefined && v === NONE) return [];
    const out: MessageVector[] = [];
    for (let i = this.order.length - 1; i >= 0 && out.length < limit; i--) {
      const slot = this.order[i] as number;
      const ts = this.ts[slot] as number;
      if (ts >= toMs) continue;
      if (ts < fromMs) break;
      const sv = this.vecVersion[slot] as number;
      if (sv < 0 || (v >= 0 && sv !== v)) continue;
      out.push({ msgId: this.msgIds[slot] ?? '', timestamp: this.tsIso[slot] ?? '', vector: [...store.get(slot)] });
    }
    return out;
  }

  /** Approximate bytes held (typed arrays, postings and strings), for the bench and logs. */
  approximateBytes(): number {
    const typed = this.cap * (8 + 1 + 1 + 4 + 4 + 4 + 1 + 4 + 4 + 4 + 2 + 4 + 4 + 4 + 1) + (this.vectors?.bytes ?? 0);
    let postings = 0;
    let terms = 0;
    for (const [term, list] of this.postings) {
      postings += list.length;
      terms += 1;
      postings += term.length / 4;
    }
    const strings = this.slots * 2 * 48 + this.idText.length * 2;
    return typed + postings * 8 + terms * 80 + this.order.length * 8 + strings;
  }

  // ---- writing ----

  private allocate(): number {
    if (this.slots === this.cap) {
      const cap = Math.max(1024, this.cap * 2);
      this.ts = grow(this.ts, cap);
      this.alive = grow(this.alive, cap);
      this.hasContent = grow(this.hasContent, cap);
      this.docLen = grow(this.docLen, cap);
      this.contentHash = grow(this.contentHash, cap);
      this.topic = grow(this.topic, cap, -1);
      this.urgency = grow(this.urgency, cap);
      this.senderName = grow(this.senderName, cap, -1);
      this.senderHash = grow(this.senderHash, cap, -1);
      this.senderDigitsOf = grow(this.senderDigitsOf, cap, -1);
      this.vecVersion = grow(this.vecVersion, cap, -1);
      this.termScore = new Float32Array(cap);
      this.termStamp = grow(this.termStamp, cap);
      this.total = new Float32Array(cap);
      this.queryStamp = grow(this.queryStamp, cap);
      this.matched = new Uint8Array(cap);
      this.cap = cap;
    }
    return this.slots++;
  }

  private setFields(slot: number, doc: SearchDoc): void {
    const topic = doc.topic?.trim().toLowerCase();
    this.topic[slot] = topic ? this.topics.id(topic) : -1;
    this.urgency[slot] = doc.urgency ? URGENCY_CODE[doc.urgency] : 0;
    const name = doc.sender_name?.trim().toLowerCase();
    this.senderName[slot] = name ? this.senderNames.id(name) : -1;
    const hash = doc.sender_hash?.trim().toLowerCase();
    this.senderHash[slot] = hash ? this.senderHashes.id(hash) : -1;
    const digits = doc.sender_hash ? senderDigits(doc.sender_hash) : null;
    this.senderDigitsOf[slot] = digits ? this.senderDigitSet.id(digits) : -1;
  }

  private setVector(slot: number, vector: ArrayLike<number>, version: string): void {
    if (vector.length === 0) return;
    if (!this.vectors || this.vectors.dim !== vector.length) {
      // A new embedding model with another dimension: vectors of the old one cannot be compared.
      this.vectors = new VectorStore(vector.length);
      this.vecVersion.fill(-1);
      this.embeddedCounts = [];
    }
    this.vectors.ensure(slot + 1);
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += (vector[i] ?? 0) * (vector[i] ?? 0);
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const unit = new Float32Array(vector.length);
    for (let i = 0; i < vector.length; i++) unit[i] = (vector[i] ?? 0) * inv;
    this.vectors.set(slot, unit);
    this.setVersionOf(slot, norm > 0 ? this.versions.id(version) : -1);
  }

  /** Sets a slot's vector version, keeping the per-version counts of live documents with content. */
  private setVersionOf(slot: number, version: number): void {
    const counted = this.alive[slot] === 1 && this.hasContent[slot] === 1;
    const old = this.vecVersion[slot] ?? -1;
    if (counted && old >= 0) this.embeddedCounts[old] = (this.embeddedCounts[old] ?? 0) - 1;
    if (counted && version >= 0) this.embeddedCounts[version] = (this.embeddedCounts[version] ?? 0) + 1;
    this.vecVersion[slot] = version;
  }

  private indexContent(slot: number, content: string): void {
    const tokens = content.trim() ? tokenize(content) : [];
    this.hasContent[slot] = tokens.length > 0 ? 1 : 0;
    this.docLen[slot] = tokens.length;
    this.totalLen += tokens.length;
    if (tokens.length === 0) return;
    const tf = new Map<string, number>();
    for (const token of tokens) {
      for (const term of indexTerms(token)) tf.set(term, (tf.get(term) ?? 0) + 1);
    }
    for (const [term, count] of tf) {
      let list = this.postings.get(term);
      if (!list) {
        list = [];
        this.postings.set(term, list);
        const key = term.slice(0, 2);
        const bucket = this.buckets.get(key);
        if (bucket) bucket.push(term);
        else this.buckets.set(key, [term]);
      }
      list.push(slot * TF_SCALE + Math.min(count, TF_MAX));
    }
  }

  private key(slot: number): [number, string] {
    return [this.ts[slot] as number, this.msgIds[slot] ?? ''];
  }

  /** Compares (ts, id) of a slot with a (ts, id) position. */
  private compareTo(slot: number, ts: number, id: string): number {
    const st = this.ts[slot] as number;
    if (st !== ts) return st < ts ? -1 : 1;
    const sid = this.msgIds[slot] ?? '';
    return sid === id ? 0 : sid < id ? -1 : 1;
  }

  /** First index in `order` whose slot sorts after (ts, id) (or at it, with `inclusive`). */
  private lowerBound(list: readonly number[], ts: number, id: string, inclusive: boolean): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.compareTo(list[mid] as number, ts, id);
      if (c < 0 || (c === 0 && !inclusive)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insertInOrder(slot: number): void {
    const last = this.order[this.order.length - 1];
    const [ts, id] = this.key(slot);
    if (last === undefined || this.compareTo(last, ts, id) < 0) {
      this.order.push(slot);
      return;
    }
    this.order.splice(this.lowerBound(this.order, ts, id, true), 0, slot);
  }

  private removeOne(msgId: string): void {
    const slot = this.bySlotId.get(msgId);
    if (slot === undefined) return;
    const [ts, id] = this.key(slot);
    const at = this.lowerBound(this.order, ts, id, true);
    if (this.order[at] === slot) this.order.splice(at, 1);
    this.bySlotId.delete(msgId);
    this.setVersionOf(slot, -1);
    this.alive[slot] = 0;
    this.live--;
    if (this.hasContent[slot]) this.liveWithContent--;
    this.totalLen -= this.docLen[slot] ?? 0;
  }

  // ---- reading ----

  /** A predicate over slots for the query's filters, or null when no document can match. */
  private compileFilters(q: IndexTextQuery): ((slot: number) => boolean) | null {
    const checks: ((slot: number) => boolean)[] = [];
    if (q.topic !== undefined) {
      const t = this.topics.find(q.topic.trim().toLowerCase());
      if (t === NONE) return null;
      checks.push((s) => this.topic[s] === t);
    }
    if (q.urgency !== undefined) {
      const u = URGENCY_CODE[q.urgency];
      checks.push((s) => this.urgency[s] === u);
    }
    if (q.sender !== undefined) {
      const value = q.sender.trim().toLowerCase();
      const name = this.senderNames.find(value);
      const hash = this.senderHashes.find(value);
      const digits = senderDigits(value);
      const d = digits ? this.senderDigitSet.find(digits) : NONE;
      if (name === NONE && hash === NONE && d === NONE) return null;
      checks.push((s) => this.senderName[s] === name || this.senderHash[s] === hash || this.senderDigitsOf[s] === d);
    }
    if (q.fromMs !== undefined) {
      const from = q.fromMs;
      checks.push((s) => (this.ts[s] as number) >= from);
    }
    if (q.toMs !== undefined) {
      const to = q.toMs;
      checks.push((s) => (this.ts[s] as number) < to);
    }
    if (checks.length === 0) return () => true;
    return (s) => {
      for (const check of checks) if (!check(s)) return false;
      return true;
    };
  }

  /**
   * Index terms that may match a query word, grouped as OpenSearch sees them: the word itself and
   * its stems are single terms with their own document frequency; the terms a word (or stem) is a
   * prefix of form one group whose document frequency is the group's (OpenSearch matches them as one
   * edge n-gram), so a rare longer word does not outrank the word itself.
   */
  private expand(term: QueryTerm): { terms: string[]; weight: number; df: number }[] {
    const groups: { terms: string[]; weight: number; df: number }[] = [];
    const dfOf = (t: string) => this.postings.get(t)?.length ?? 0;
    const add = (word: string, exact: number, prefix: number) => {
      if (this.postings.has(word)) groups.push({ terms: [word], weight: exact, df: dfOf(word) });
      if (word.length < 2) return;
      const extended = (this.buckets.get(word.slice(0, 2)) ?? []).filter(
        (t) => t.length > word.length && t.startsWith(word),
      );
      if (extended.length === 0) return;
      const df = extended.reduce((sum, t) => sum + dfOf(t), dfOf(word));
      groups.push({ terms: extended, weight: prefix, df });
    };
    add(term.term, WEIGHT_EXACT, WEIGHT_PREFIX);
    for (const stem of term.stems) add(stem, WEIGHT_STEM, WEIGHT_STEM_PREFIX);
    return groups;
  }

  /**
   * Scores documents for the query words with BM25 (per word, the best-matching index term counts)
   * and returns the candidates: documents matching every word (`all`) or any word (`any`).
   */
  private score(terms: readonly QueryTerm[], match: 'all' | 'any'): number[] {
    const epoch = ++this.queryEpoch;
    const docs: number[] = [];
    const n = Math.max(1, this.live);
    const avgdl = Math.max(1, this.totalLen / n);
    const touched: number[] = [];
    for (const term of terms) {
      const tEpoch = ++this.termEpoch;
      touched.length = 0;
      for (const group of this.expand(term)) {
        const df = Math.min(n, group.df);
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        const weight = group.weight;
        for (const t of group.terms) {
          const list = this.postings.get(t);
          if (!list) continue;
          for (let i = 0; i < list.length; i++) {
            const entry = list[i] as number;
            const slot = Math.floor(entry / TF_SCALE);
            if (this.alive[slot] === 0) continue;
            const tf = entry % TF_SCALE;
            const norm = K1 * (1 - B + (B * (this.docLen[slot] as number)) / avgdl);
            const s = (weight * idf * tf * (K1 + 1)) / (tf + norm);
            if (this.termStamp[slot] !== tEpoch) {
              this.termStamp[slot] = tEpoch;
              this.termScore[slot] = s;
              touched.push(slot);
            } else if (s > (this.termScore[slot] as number)) {
              this.termScore[slot] = s;
            }
          }
        }
      }
      for (const slot of touched) {
        if (this.queryStamp[slot] !== epoch) {
          this.queryStamp[slot] = epoch;
          this.total[slot] = 0;
          this.matched[slot] = 0;
          docs.push(slot);
        }
        this.total[slot] = (this.total[slot] as number) + (this.termScore[slot] as number);
        this.matched[slot] = (this.matched[slot] as number) + 1;
      }
    }
    if (match === 'any') return docs;
    const all = terms.length;
    return docs.filter((slot) => this.matched[slot] === all);
  }

  private byTime(
    q: IndexTextQuery,
    accept: (slot: number) => boolean,
    candidates: number[] | null,
    scored: boolean,
  ): IndexPage {
    const desc = q.order === 'desc';
    let list: readonly number[];
    let isCandidate: (slot: number) => boolean = () => true;
    if (candidates === null) {
      list = this.order;
    } else if (candidates.length * 16 > this.order.length) {
      // Many matches: walking the time order is cheaper than sorting them.
      const set = new Uint8Array(this.cap);
      for (const slot of candidates) set[slot] = 1;
      list = this.order;
      isCandidate = (slot) => set[slot] === 1;
    } else {
      list = candidates.sort((a, b) => {
        const [tb, ib] = this.key(b);
        return this.compareTo(a, tb, ib);
      });
    }
    // The date range bounds the walk: the list is in time order.
    const lo = q.fromMs !== undefined ? this.lowerBound(list, q.fromMs, '', true) : 0;
    const hi = q.toMs !== undefined ? this.lowerBound(list, q.toMs, '', true) : list.length;
    let i: number;
    if (q.after) {
      const [ts, id] = [Number(q.after[0]), String(q.after[1])];
      i = desc ? this.lowerBound(list, ts, id, true) - 1 : this.lowerBound(list, ts, id, false);
    } else {
      i = desc ? list.length - 1 : 0;
    }
    i = desc ? Math.min(i, hi - 1) : Math.max(i, lo);
    const step = desc ? -1 : 1;
    const picked: number[] = [];
    for (; i >= lo && i < hi && picked.length <= q.limit; i += step) {
      const slot = list[i] as number;
      if (this.alive[slot] === 1 && isCandidate(slot) && accept(slot)) picked.push(slot);
    }
    return this.page(picked, q.limit, scored, false);
  }

  private byRelevance(
    q: IndexTextQuery,
    accept: (slot: number) => boolean,
    candidates: readonly number[],
    scored: boolean,
  ): IndexPage {
    const epoch = this.queryEpoch;
    const scoreOf = (slot: number) => (scored && this.queryStamp[slot] === epoch ? (this.total[slot] as number) : 0);
    // Sort key: score desc, then time desc, then id desc.
    const before = (a: number, b: number) => {
      const sa = scoreOf(a);
      const sb = scoreOf(b);
      if (sa !== sb) return sa > sb;
      const [ta, ia] = this.key(a);
      return this.compareTo(b, ta, ia) < 0;
    };
    let afterCheck: (slot: number) => boolean = () => true;
    if (q.after) {
      const [score, ts, id] = [Number(q.after[0]), Number(q.after[1]), String(q.after[2])];
      afterCheck = (slot) => {
        const s = scoreOf(slot);
        if (s !== score) return s < score;
        return this.compareTo(slot, ts, id) < 0;
      };
    }
    const keep = q.limit + 1;
    const top: number[] = [];
    for (const slot of candidates) {
      if (this.alive[slot] !== 1 || !afterCheck(slot) || !accept(slot)) continue;
      if (top.length === keep && !before(slot, top[keep - 1] as number)) continue;
      let j = top.length < keep ? top.length : keep - 1;
      if (top.length < keep) top.push(slot);
      while (j > 0 && before(slot, top[j - 1] as number)) {
        top[j] = top[j - 1] as number;
        j--;
      }
      top[j] = slot;
    }
    return this.page(top, q.limit, scored, true);
  }

  private page(picked: number[], limit: number, scored: boolean, relevance: boolean): IndexPage {
    const more = picked.length > limit;
    const slots = more ? picked.slice(0, limit) : picked;
    const epoch = this.queryEpoch;
    const scoreOf = (slot: number) => (scored && this.queryStamp[slot] === epoch ? (this.total[slot] as number) : 0);
    const hits = slots.map((slot) => ({
      msgId: this.msgIds[slot] ?? '',
      timestamp: this.tsIso[slot] ?? '',
      score: scoreOf(slot),
    }));
    const last = slots[slots.length - 1];
    let next: (string | number)[] | null = null;
    if (more && last !== undefined) {
      const [ts, id] = this.key(last);
      next = relevance ? [scoreOf(last), ts, id] : [ts, id];
    }
    return { hits, next };
  }
}

/** A message-id fragment as matched: trimmed and lower case (ids match case-insensitively, S2 §5). */
export function normalizeId(fragment: string): string {
  return fragment.trim().toLowerCase();
}
