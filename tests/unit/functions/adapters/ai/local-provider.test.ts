import { describe, expect, it } from 'vitest';
import { EmotionSchema, IntentSchema, UrgencySchema } from '@kehila/shared';
import { LocalAiPort } from '@kehila/functions/adapters/ai/local/provider';
import { MemoryModelStore, type ModelStore } from '@kehila/functions/adapters/ai/local/model-store';
import { keywordCandidates, messageTerms, pickKeywords } from '@kehila/functions/adapters/ai/local/keywords';
import { analyze } from '@kehila/functions/adapters/ai/local/analyze';
import { parseDf } from '@kehila/functions/adapters/ai/local/df';
import type { AiInputMessage } from '@kehila/functions/core/ports/ai';

class Clock {
  t = Date.parse('2025-01-01T08:00:00.000Z');
  now = () => new Date(this.t);
}

function setup(store: ModelStore = new MemoryModelStore()) {
  const clock = new Clock();
  return { store, clock, port: new LocalAiPort({ store, now: clock.now, stateTtlMs: 0 }) };
}

const input = (texts: readonly string[]): AiInputMessage[] =>
  texts.map((text, i) => ({ id: `m${i}`, text, sender_name: 'Avi', timestamp: '2025-01-01T08:00:00.000Z' }));

async function feed(s: ReturnType<typeof setup>, communityId: string, texts: readonly string[], stepMs = 60_000) {
  for (let i = 0; i < texts.length; i += 10) {
    await s.port.enrich(input(texts.slice(i, i + 10)), { communityId });
    s.clock.t += stepMs * 10;
  }
}

describe('local provider enrich', () => {
  it('returns one valid enrichment per message, in input order', async () => {
    const { port } = setup();
    const texts = ['We are hiring a QA engineer, send your CV', 'בוקר טוב לכולם!', '', 'URGENT: the server is down'];
    const out = await port.enrich(input(texts), { communityId: 'c1' });
    expect(out).toHaveLength(4);
    for (const e of out) {
      expect(UrgencySchema.safeParse(e.urgency).success).toBe(true);
      expect(EmotionSchema.safeParse(e.emotion).success).toBe(true);
      expect(IntentSchema.safeParse(e.intent).success).toBe(true);
      expect(e.sentiment).toBeGreaterThanOrEqual(-1);
      expect(e.sentiment).toBeLessThanOrEqual(1);
      expect(e.toxicity).toBeGreaterThanOrEqual(0);
      expect(e.toxicity).toBeLessThanOrEqual(1);
    }
    expect(out[0]!.topic).toBe('Hiring & Jobs');
    expect(out[1]!.intent).toBe('social');
    expect(out[2]).toMatchObject({ topic: null, keywords: [], action_items: [] });
    expect(out[3]!.urgency).toBe('high');
  });

  it('counts only messages with words in the corpus log', async () => {
    const s = setup();
    await s.port.enrich(input(['hello team', '', '👍']), { communityId: 'c1' });
    expect((await s.store.state('c1')).docs).toBe(1);
  });

  it("ranks keywords by TF-IDF over the community's own messages and shows the community's spelling", async () => {
    const s = setup();
    // "meetup" is in every message of this community, "developers" in one of six, "kubernetes" in none
    const history = Array.from({ length: 60 }, (_, i) =>
      i % 6 === 0 ? `Meetup number ${i} about Developers and pizza` : `Meetup number ${i} about pizza`,
    );
    await feed(s, 'c1', history);
    s.clock.t += 10 * 60_000;
    await feed(s, 'c1', ['another meetup batch'], 60_000);
    const state = await s.store.state('c1');
    expect(state.df.version).toBeGreaterThan(0);
    const df = parseDf(await s.store.loadSnapshot('c1', 'df', state.df.version));
    expect(df.forms.get('developer')).toBe('developers');

    const [e] = await s.port.enrich(input(['Kubernetes meetup for developers']), { communityId: 'c1' });
    // the rarest first; the word of every message in this community is no keyword
    expect(e!.keywords?.[0]).toBe('kubernetes');
    expect(e!.keywords).not.toContain('meetup');
  });

  it('still enriches when the store fails', async () => {
    const failing: ModelStore = Object.assign(new MemoryModelStore(), {
      append: async () => {
        throw new Error('table down');
      },
    });
    const { port } = setup(failing);
    const [e] = await port.enrich(input(['Can anyone recommend a good accountant?']), { communityId: 'c1' });
    expect(e!.topic).toBe('Recommendations & Suppliers');
    expect(e!.keywords).toContain('accountant');
  });
});

describe('local provider embeddings and drift', () => {
  it('starts with the lexicon-only space and moves the version when the corpus model is built', async () => {
    const s = setup();
    const v0 = await s.port.embeddingVersion('c1');
    expect(v0).toMatch(/:0$/);
    const [before] = await s.port.embed(['monday board'], { communityId: 'c1', purpose: 'query' });

    await feed(
      s,
      'c1',
      Array.from({ length: 70 }, (_, i) => (i % 2 ? 'monday crm rollout review' : 'monday board meeting notes')),
    );
    const v1 = await s.port.embeddingVersion('c1');
    expect(v1).toMatch(/:1$/);
    const { version, vectors } = await s.port.embedVersioned(['monday board'], { communityId: 'c1', purpose: 'query' });
    expect(version).toBe(v1);
    expect(vectors[0]).not.toEqual(before);
    expect((await s.store.state('c1')).emb).toMatchObject({ version: 1, leaseUntil: 0 });
  });

  it('embeds with the version embeddingVersion last returned (pinned), so tagged vectors match their tag', async () => {
    const s = setup();
    const tagged = await s.port.embeddingVersion('c1');
    await feed(
      s,
      'c1',
      Array.from({ length: 70 }, (_, i) => `monday board task ${i}`),
      1000,
    );
    const { version } = await s.port.embedVersioned(['x'], { communityId: 'c1', purpose: 'document' });
    expect(version).toBe(tagged);
    expect(await s.port.embeddingVersion('c1')).not.toBe(tagged);
  });

  it('embeds with the current model, and says so, when its pinned model was deleted meanwhile', async () => {
    class DroppingStore extends MemoryModelStore {
      readonly dropped = new Set<number>();
      override async loadSnapshot(communityId: string, kind: 'df' | 'emb', version: number) {
        return kind === 'emb' && this.dropped.has(version) ? [] : super.loadSnapshot(communityId, kind, version);
      }
    }
    const store = new DroppingStore();
    const a = setup(store);
    await feed(
      a,
      'c1',
      Array.from({ length: 70 }, (_, i) => `monday board task ${i}`),
    );
    // another process pins version 1, then the community doubles twice
    const b = new LocalAiPort({ store, now: a.clock.now, stateTtlMs: 0 });
    expect(await b.embeddingVersion('c1')).toMatch(/:1$/);
    await feed(
      a,
      'c1',
      Array.from({ length: 200 }, (_, i) => `monday crm rollout ${i}`),
      100,
    );
    store.dropped.add(1);
    const { version, vectors } = await b.embedVersioned(['monday'], { communityId: 'c1', purpose: 'document' });
    expect(version).toBe(await a.port.embeddingVersion('c1'));
    expect(version).toMatch(/:3$/);
    expect(vectors).toHaveLength(1);
  });

  it('embeds documents and queries in the same space: a document is nearest to itself as a query', async () => {
    const { port } = setup();
    const docs = ['We are hiring a backend developer', 'Happy birthday Avi', 'דרוש מתכנת לצד שרת'];
    const dv = await port.embed(docs, { communityId: 'c1', purpose: 'document' });
    const [q] = await port.embed(['We are hiring a backend developer'], { communityId: 'c1', purpose: 'query' });
    const scores = dv.map((v) => v.reduce((s, x, i) => s + x * q![i]!, 0));
    expect(scores[0]).toBeCloseTo(1, 5);
    expect(scores[2]!).toBeGreaterThan(scores[1]!);
  });
});

describe('keywords', () => {
  it('keeps multi-word domain phrases whole and skips stop words, numbers and laughter', () => {
    const terms = messageTerms(analyze('חחח מישהו מכיר רואה חשבון טוב? 3 שנים ניסיון')).map((t) => t.display);
    expect(terms).toContain('רואה חשבון');
    expect(terms).not.toContain('חחח');
    expect(terms).not.toContain('3');
    expect(terms).not.toContain('מישהו');
  });

  it('prefers a rare word over a common one and shows the most common form', () => {
    const terms = keywordCandidates(analyze('The developers meetup on kubernetes and docker'));
    const df: Record<string, number> = { developer: 50, meetup: 90, kubernet: 2, docker: 3 };
    const kw = pickKeywords(
      terms,
      { docs: 100, df: (t) => df[t] ?? 1, form: (t) => (t === 'developer' ? 'developer' : undefined) },
      3,
    );
    expect(kw[0]).toBe('kubernetes');
    expect(kw).not.toContain('meetup');
    const rare = pickKeywords(
      terms,
      { docs: 100, df: () => 1, form: (t) => (t === 'developer' ? 'developer' : undefined) },
      5,
    );
    expect(rare).toContain('developer');
    expect(rare).not.toContain('developers');
  });
});

describe('keyword candidates and picks', () => {
  const pick = (text: string, limit = 3) =>
    pickKeywords(keywordCandidates(analyze(text)), { docs: 100, df: () => 1, form: () => undefined }, limit);

  it('drops request, time, feeling and counting words in both languages', () => {
    expect(pick('Does anyone know a good plumber for tomorrow?')).toEqual(['plumber']);
    expect(pick('מישהו מכיר אינסטלטור טוב למחר?')).toEqual(['אינסטלטור']);
    const en = keywordCandidates(analyze('Amazing job last Monday, thanks so much for the three new benches')).map(
      (c) => c.display,
    );
    for (const w of ['amazing', 'monday', 'three', 'thanks', 'last']) expect(en).not.toContain(w);
    const he = keywordCandidates(analyze('תודה רבה, עבודה מדהימה ביום שלישי על שלושה ספסלים חדשים')).map(
      (c) => c.display,
    );
    for (const w of ['תודה', 'מדהימה', 'שלישי', 'שלושה', 'חדשים']) expect(he).not.toContain(w);
  });

  it('keeps noun phrases whole: an English compound, a Hebrew construct, a noun and its defined complement', () => {
    expect(pick('The parking lot gate is broken again')).toContain('parking lot');
    expect(pick('מחר תהיה הפסקת מים ברחוב הרצל')).toContain('הפסקת מים');
    expect(pick('ועד הבית החליט לצבוע את הלובי')).toContain('ועד בית');
  });

  it('ranks a verb below the nouns of the message', () => {
    const kw = pick('השאירו שקיות ליד הכניסה לבניין');
    expect(kw).not.toContain('השאירו');
    expect(pick('Someone dumped a mattress behind the shops')).not.toContain('dumped');
  });

  it('shows at least one keyword when there is a candidate, never more than the limit', () => {
    expect(pick('Fire in the flats on Rowan Ave, smoke heading to the school gym and library', 3)).toHaveLength(3);
    expect(pick('Fire in the flats on Rowan Ave, smoke heading to the school gym and library', 2)).toHaveLength(2);
    expect(pick('gym', 3)).toEqual(['gym']);
    expect(pick('תודה!', 3)).toEqual([]);
  });

  it('shows a word the community writes in a quarter of its messages only when nothing else is there', () => {
    const stats = (df: Record<string, number>) => ({ docs: 200, df: (t: string) => df[t] ?? 1, form: () => undefined });
    const kw = pickKeywords(keywordCandidates(analyze('Elevator broken in the lobby')), stats({ lobbi: 120 }), 3);
    expect(kw).toContain('elevator');
    expect(kw).not.toContain('lobby');
    expect(pickKeywords(keywordCandidates(analyze('lobby')), stats({ lobbi: 120 }), 3)).toEqual(['lobby']);
  });

  it('never shows bare numbers, times or stop words, and strips Hebrew prefix letters', () => {
    for (const kw of [
      ...pick('Meeting at 18:30 in room 204, the projector is broken'),
      ...pick('ב-20:00 בחדר 12 המקרן לא עובד'),
    ]) {
      expect(kw).not.toMatch(/^[\d:.,-]+$/);
      expect(['the', 'in', 'at', 'is', 'לא', 'ב']).not.toContain(kw);
    }
    expect(pick('המעלית בבניין תקועה')).toContain('מעלית');
    expect(pick('ראיתי נחש בגינה')).toContain('נחש');
  });
});
