import { describe, expect, it } from 'vitest';
import { AppError } from '@kehila/functions/core/errors';
import { LocalSearch } from '@kehila/functions/adapters/search/local/local-search';
import type { SearchDoc, TextQuery } from '@kehila/functions/core/ports/search';

const C = 'community-1';

function doc(msgId: string, minute: number, content: string, extra: Partial<SearchDoc> = {}): SearchDoc {
  return {
    communityId: C,
    msgId,
    timestamp: new Date(Date.UTC(2025, 0, 1, 9, minute)).toISOString(),
    content,
    sender_name: 'Dana Levi',
    sender_hash: '972501234567@c.us',
    topic: 'General',
    urgency: 'low',
    keywords: [],
    ...extra,
  };
}

async function engineWith(docs: SearchDoc[]): Promise<LocalSearch> {
  const engine = new LocalSearch();
  await engine.upsert(docs);
  return engine;
}

async function ids(engine: LocalSearch, q: Partial<TextQuery>): Promise<string[]> {
  const res = await engine.text({ communityId: C, order: 'desc', limit: 100, ...q });
  return res.hits.map((h) => h.msgId);
}

async function allPages(engine: LocalSearch, q: Partial<TextQuery>, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const res = await engine.text({ communityId: C, order: 'desc', ...q, limit, ...(cursor ? { cursor } : {}) });
    pages.push(res.hits.map((h) => h.msgId));
    cursor = res.nextCursor ?? undefined;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

describe('local search engine: text', () => {
  it('ranks by BM25: more occurrences and shorter messages first, exact words above prefix matches', async () => {
    const engine = await engineWith([
      doc('once-long', 1, 'the meeting is tomorrow evening at the community center near the old park'),
      doc('twice', 2, 'meeting meeting tomorrow'),
      doc('once-short', 3, 'meeting tomorrow'),
      doc('prefix-only', 4, 'meetings tomorrow'),
      doc('unrelated', 5, 'tomorrow we ride bikes'),
    ]);
    expect(await ids(engine, { text: 'meeting', order: 'relevance' })).toEqual([
      'twice',
      'once-short',
      'prefix-only',
      'once-long',
    ]);
  });

  it('rarer words weigh more (idf)', async () => {
    const engine = await engineWith([
      doc('common', 1, 'hello hello friends'),
      doc('rare', 2, 'hello volunteers'),
      doc('x1', 3, 'hello all'),
      doc('x2', 4, 'hello again'),
    ]);
    expect((await ids(engine, { text: 'hello volunteers friends', order: 'relevance', match: 'any' }))[0]).toBe('rare');
  });

  it('needs every word by default and any word for the fallback', async () => {
    const engine = await engineWith([
      doc('both', 1, 'parking near the hall'),
      doc('one', 2, 'parking is free'),
      doc('none', 3, 'see you soon'),
    ]);
    expect(await ids(engine, { text: 'parking hall' })).toEqual(['both']);
    expect((await ids(engine, { text: 'parking hall', match: 'any', order: 'relevance' })).sort()).toEqual([
      'both',
      'one',
    ]);
  });

  it.each([
    ['an English prefix', 'meet', ['m1']],
    ['upper case', 'MEETING', ['m1']],
    ['a Hebrew word inside a prefixed form', 'בית', ['h1', 'h2']],
    ['a prefixed query word finds the bare word', 'לבית', ['h1', 'h2']],
    ['a Hebrew plural finds the singular', 'ספקים', ['h3']],
    ['a Hebrew singular finds the plural by prefix', 'הודעה', ['h4']],
    ['final letters do not matter', 'שלומ', ['h5']],
    ['niqqud in the query does not matter', 'שָׁלוֹם', ['h5']],
  ])('content matches %s', async (_name, text, expected) => {
    const engine = await engineWith([
      doc('m1', 1, 'Meeting at noon'),
      doc('h1', 2, 'נפגשים בבית הקהילה'),
      doc('h2', 3, 'הבית פתוח'),
      doc('h3', 4, 'רשימת ספק מומלץ'),
      doc('h4', 5, 'ההודעות נשלחו'),
      doc('h5', 6, 'שלום לכולם'),
    ]);
    expect((await ids(engine, { text })).sort()).toEqual(expected);
  });

  it('finds nothing for a term without words', async () => {
    const engine = await engineWith([doc('a', 1, 'hello')]);
    expect(await ids(engine, { text: '?!' })).toEqual([]);
  });

  it('matches message ids partially and case-insensitively (S2 §5)', async () => {
    const engine = await engineWith([
      doc('3EB0C431D7F2A9', 1, 'a'),
      doc('false_120363@g.us_3EB0FFFF', 2, 'b'),
      doc('ABCDEF', 3, 'c'),
    ]);
    expect(await ids(engine, { idPartial: '3eb0' })).toEqual(['false_120363@g.us_3EB0FFFF', '3EB0C431D7F2A9']);
    expect(await ids(engine, { idPartial: 'cdE' })).toEqual(['ABCDEF']);
    expect(await ids(engine, { idPartial: 'zzz' })).toEqual([]);
    expect(await ids(engine, { idPartial: 'f\nA' })).toEqual([]);
  });

  it('matches an id fragment together with words and filters, and forgets removed ids', async () => {
    const engine = await engineWith([
      doc('AB12', 1, 'parking tonight', { topic: 'Cars' }),
      doc('AB34', 2, 'parking tomorrow', { topic: 'Other' }),
      doc('CD12', 3, 'parking again', { topic: 'Cars' }),
    ]);
    expect(await ids(engine, { idPartial: 'ab', text: 'parking' })).toEqual(['AB34', 'AB12']);
    expect(await ids(engine, { idPartial: '12', topic: 'cars' })).toEqual(['CD12', 'AB12']);
    await engine.remove(C, ['AB12']);
    expect(await ids(engine, { idPartial: 'ab' })).toEqual(['AB34']);
    expect(await ids(engine, { idPartial: 'D12' })).toEqual(['CD12']);
  });

  describe('filters', () => {
    const docs = [
      doc('a', 0, 'one', {
        topic: 'Events',
        urgency: 'high',
        sender_name: 'Dana Levi',
        sender_hash: '972501234567@c.us',
      }),
      doc('b', 10, 'two', { topic: 'events', urgency: 'low', sender_name: 'Avi', sender_hash: '86753091234@lid' }),
      doc('c', 20, 'three', { topic: 'Jobs', urgency: 'medium', sender_name: 'avi', sender_hash: '972541112222@c.us' }),
      doc('d', 30, 'four', { topic: null, urgency: null, sender_name: null, sender_hash: null }),
    ];
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 9, minute)).toISOString();
    it.each<[string, Partial<TextQuery>, string[]]>([
      ['topic, case-insensitive', { topic: 'EVENTS' }, ['b', 'a']],
      ['an unknown topic', { topic: 'Nope' }, []],
      ['urgency', { urgency: 'medium' }, ['c']],
      ['sender name, case-insensitive', { sender: 'AVI' }, ['c', 'b']],
      ['sender id as stored', { sender: '86753091234@lid' }, ['b']],
      ['sender as the shown phone (+digits)', { sender: '+972 50-123-4567' }, ['a']],
      ['from is inclusive', { from: at(10) }, ['d', 'c', 'b']],
      ['to is exclusive', { to: at(20) }, ['b', 'a']],
      ['a date range', { from: at(10), to: at(30) }, ['c', 'b']],
      ['filters together', { topic: 'events', sender: 'avi', urgency: 'low' }, ['b']],
      ['filters with a word', { text: 'three', sender: 'avi' }, ['c']],
    ])('%s', async (_name, q, expected) => {
      expect(await ids(await engineWith(docs), q)).toEqual(expected);
    });

    it('rejects a date that is not a date', async () => {
      const engine = await engineWith(docs);
      await expect(engine.text({ communityId: C, order: 'desc', limit: 5, from: 'soon' })).rejects.toBeInstanceOf(
        AppError,
      );
    });
  });

  describe('time order and cursors', () => {
    // Two messages share a minute: the id breaks the tie, as the table's sort key does.
    const docs = Array.from({ length: 23 }, (_, i) =>
      doc(`m${String(i).padStart(2, '0')}`, i === 7 ? 6 : i, i % 2 === 0 ? `even word ${i}` : `odd word ${i}`),
    );
    const expectedAsc = [...docs]
      .sort((a, b) => (a.timestamp === b.timestamp ? (a.msgId < b.msgId ? -1 : 1) : a.timestamp < b.timestamp ? -1 : 1))
      .map((d) => d.msgId);

    it('orders newest first or oldest first', async () => {
      const engine = await engineWith([...docs].reverse());
      expect(await ids(engine, { order: 'asc' })).toEqual(expectedAsc);
      expect(await ids(engine, { order: 'desc' })).toEqual([...expectedAsc].reverse());
    });

    it.each([['desc' as const], ['asc' as const]])(
      'pages %s without gaps or repeats and ends with a null cursor',
      async (order) => {
        const engine = await engineWith(docs);
        const pages = await allPages(engine, { order }, 5);
        expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
        expect(pages.flat()).toEqual(order === 'asc' ? expectedAsc : [...expectedAsc].reverse());
      },
    );

    it('pages a text match in time order (few candidates: sorted; many: walked)', async () => {
      const engine = await engineWith(docs);
      const evens = expectedAsc.filter((id) => Number(id.slice(1)) % 2 === 0);
      expect((await allPages(engine, { text: 'even', order: 'asc' }, 4)).flat()).toEqual(evens);
      expect((await allPages(engine, { text: 'word', order: 'desc' }, 4)).flat()).toEqual([...expectedAsc].reverse());
    });

    it('pages by relevance without gaps or repeats', async () => {
      const engine = await engineWith([...docs, doc('x1', 40, 'word word word'), doc('x2', 41, 'word word')]);
      const all = await ids(engine, { text: 'word', order: 'relevance' });
      expect(all.slice(0, 2)).toEqual(['x1', 'x2']);
      expect((await allPages(engine, { text: 'word', order: 'relevance' }, 3)).flat()).toEqual(all);
    });

    it('is stable when a message arrives between pages (new ones are not inserted into older pages)', async () => {
      const engine = await engineWith(docs);
      const first = await engine.text({ communityId: C, order: 'desc', limit: 5 });
      await engine.upsert([doc('late', 59, 'arrived later')]);
      const second = await engine.text({ communityId: C, order: 'desc', limit: 5, cursor: first.nextCursor ?? '' });
      expect(second.hits.map((h) => h.msgId)).toEqual([...expectedAsc].reverse().slice(5, 10));
    });

    it('pages within a date range in both orders', async () => {
      const engine = await engineWith(docs);
      const from = new Date(Date.UTC(2025, 0, 1, 9, 5)).toISOString();
      const to = new Date(Date.UTC(2025, 0, 1, 9, 15)).toISOString();
      const inRange = expectedAsc.filter((id) => {
        const d = docs.find((x) => x.msgId === id)!;
        return d.timestamp >= from && d.timestamp < to;
      });
      expect((await allPages(engine, { from, to, order: 'asc' }, 3)).flat()).toEqual(inRange);
      expect((await allPages(engine, { from, to, order: 'desc' }, 3)).flat()).toEqual([...inRange].reverse());
    });

    it('rejects a cursor it did not make', async () => {
      const engine = await engineWith(docs);
      await expect(
        engine.text({ communityId: C, order: 'desc', limit: 5, cursor: 'not-a-cursor' }),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Invalid cursor',
      });
    });
  });

  it('keeps communities apart', async () => {
    const engine = await engineWith([doc('a', 1, 'shared word')]);
    await engine.upsert([{ ...doc('b', 2, 'shared word'), communityId: 'other' }]);
    expect(await ids(engine, { text: 'shared' })).toEqual(['a']);
  });

  it('replaces a message whose text changed and forgets removed ones', async () => {
    const engine = await engineWith([doc('a', 1, 'old text'), doc('b', 2, 'other')]);
    await engine.upsert([doc('a', 1, 'new text')]);
    expect(await ids(engine, { text: 'old' })).toEqual([]);
    expect(await ids(engine, { text: 'new' })).toEqual(['a']);
    await engine.remove(C, ['a', 'missing']);
    expect(await ids(engine, { text: 'text' })).toEqual([]);
    expect(await ids(engine, {})).toEqual(['b']);
  });
});

describe('local search engine: vectors', () => {
  const unit = (...v: number[]) => {
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };

  it('returns the nearest messages by cosine, best first, at most `limit`', async () => {
    const engine = await engineWith([
      doc('east', 1, 'a', { vector: unit(1, 0, 0), vectorVersion: 'v1' }),
      doc('north-east', 2, 'b', { vector: unit(1, 1, 0), vectorVersion: 'v1' }),
      doc('north', 3, 'c', { vector: unit(0, 1, 0), vectorVersion: 'v1' }),
      doc('west', 4, 'd', { vector: unit(-1, 0, 0), vectorVersion: 'v1' }),
      doc('plain', 5, 'e'),
    ]);
    const hits = await engine.semantic({ communityId: C, vector: unit(1, 0.2, 0), limit: 3 });
    expect(hits.map((h) => h.msgId)).toEqual(['east', 'north-east', 'north']);
    expect(hits[0]?.score).toBeCloseTo(1 / Math.hypot(1, 0.2), 3);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('normalises vectors that are not unit length', async () => {
    const engine = await engineWith([
      doc('long', 1, 'a', { vector: [10, 0], vectorVersion: 'v1' }),
      doc('short', 2, 'b', { vector: [0.1, 0.1], vectorVersion: 'v1' }),
    ]);
    const [best] = await engine.semantic({ communityId: C, vector: [3, 0], limit: 1 });
    expect(best).toMatchObject({ msgId: 'long' });
    expect(best?.score).toBeCloseTo(1, 3);
  });

  it('compares only vectors of the asked version and counts them', async () => {
    const engine = await engineWith([
      doc('old', 1, 'a', { vector: [1, 0], vectorVersion: 'v1' }),
      doc('new', 2, 'b', { vector: [0, 1], vectorVersion: 'v2' }),
      doc('none', 3, 'c'),
      doc('media', 4, ''),
    ]);
    expect(
      (await engine.semantic({ communityId: C, vector: [1, 0], limit: 5, version: 'v2' })).map((h) => h.msgId),
    ).toEqual(['new']);
    expect(await engine.semantic({ communityId: C, vector: [1, 0], limit: 5, version: 'v9' })).toEqual([]);
    expect(await engine.stats(C, { version: 'v2' })).toEqual({ total: 3, embedded: 1 });
    expect(await engine.stats(C)).toEqual({ total: 3, embedded: 2 });
  });

  it('keeps a vector when the same message is upserted again without one', async () => {
    const engine = await engineWith([doc('a', 1, 'text', { vector: [1, 0], vectorVersion: 'v1' })]);
    await engine.upsert([doc('a', 1, 'text', { topic: 'Changed' })]);
    expect(await engine.semantic({ communityId: C, vector: [1, 0], limit: 1, version: 'v1' })).toHaveLength(1);
    expect(await ids(engine, { topic: 'changed' })).toEqual(['a']);
    // Re-embedding it, replacing its text and removing it keep the counts right.
    await engine.upsert([doc('a', 1, 'text', { vector: [0, 1], vectorVersion: 'v2' })]);
    expect(await engine.stats(C, { version: 'v1' })).toEqual({ total: 1, embedded: 0 });
    expect(await engine.stats(C, { version: 'v2' })).toEqual({ total: 1, embedded: 1 });
    await engine.upsert([doc('a', 1, 'new text')]);
    expect(await engine.stats(C)).toEqual({ total: 1, embedded: 1 });
    await engine.remove(C, ['a']);
    expect(await engine.stats(C)).toEqual({ total: 0, embedded: 0 });
  });

  it('answers nothing for a query vector of another dimension', async () => {
    const engine = await engineWith([doc('a', 1, 'text', { vector: [1, 0], vectorVersion: 'v1' })]);
    expect(await engine.semantic({ communityId: C, vector: [1, 0, 0], limit: 1 })).toEqual([]);
  });

  it('lists messages with text but without a vector of a version (catch-up after a restart)', async () => {
    const engine = await engineWith([
      doc('done', 1, 'a', { vector: [1, 0], vectorVersion: 'v2' }),
      doc('stale', 2, 'b', { vector: [1, 0], vectorVersion: 'v1' }),
      doc('never', 3, 'c'),
      doc('media', 4, '  '),
    ]);
    expect((await engine.unembedded(C, 'v2')).map((r) => r.msgId)).toEqual(['stale', 'never']);
  });
});

describe('stored vectors of a period (topic clusters)', () => {
  it('answers the vectors of one version in [from, to), newest first, at most the limit', async () => {
    const engine = await engineWith([
      doc('old', 1, 'before the period', { vector: [1, 0, 0], vectorVersion: 'v1' }),
      doc('a', 2, 'first', { vector: [0, 1, 0], vectorVersion: 'v1' }),
      doc('other', 3, 'another version', { vector: [0, 0, 1], vectorVersion: 'v0' }),
      doc('none', 4, 'no vector yet'),
      doc('b', 5, 'second', { vector: [0.6, 0.8, 0], vectorVersion: 'v1' }),
      doc('c', 6, 'third', { vector: [0, 0.6, 0.8], vectorVersion: 'v1' }),
      doc('late', 7, 'at the end of the period', { vector: [1, 0, 0], vectorVersion: 'v1' }),
    ]);
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 9, minute)).toISOString();
    const read = (limit: number) => engine.vectors({ communityId: C, from: at(2), to: at(7), version: 'v1', limit });
    const all = await read(10);
    expect(all.map((v) => v.msgId)).toEqual(['c', 'b', 'a']);
    expect(all[1]?.vector[0]).toBeCloseTo(0.6, 4);
    expect(all[1]?.timestamp).toBe(at(5));
    expect((await read(2)).map((v) => v.msgId)).toEqual(['c', 'b']);
    expect(await engine.vectors({ communityId: C, from: at(0), to: at(9), version: 'v9', limit: 10 })).toEqual([]);
  });
});
