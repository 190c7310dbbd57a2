/**
 * Senses of the bilingual glossary (glossary.ts), parsed once when the lexicons compile.
 */

/** What a sense names: a thing, person or place (n), an action (v), a quality or state (a), a time (t). */
export type SensePos = 'n' | 'v' | 'a' | 't';

/** One sense: the words of both languages that mean it. */
export interface Sense {
  readonly id: string;
  readonly pos: SensePos;
  readonly domain: string;
  readonly en: readonly string[];
  readonly he: readonly string[];
  /** Broader senses ("puppy" > "dog" > "pet"): a message about one is a little about the others. */
  readonly broader: readonly string[];
}

/** Parses the glossary text; throws on a malformed line (a typo must not silently drop a sense). */
export function parseGlossary(text: string): Sense[] {
  const out: Sense[] = [];
  const ids = new Set<string>();
  let pos: SensePos = 'n';
  let domain = '';
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const m = /^#\s*([nvat])\s+(.*)$/.exec(line);
      if (!m) throw new Error(`glossary line ${i}: bad section "${line}"`);
      pos = m[1] as SensePos;
      domain = m[2]!.trim();
      continue;
    }
    const [words = '', broaderText, tooMany] = line.split('>');
    const [en, he, extra] = words.split('=');
    const list = (s: string | undefined) =>
      (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    const enForms = list(en);
    const heForms = list(he);
    if (extra !== undefined || tooMany !== undefined || enForms.length === 0 || heForms.length === 0)
      throw new Error(`glossary line ${i}: expected "english, forms = hebrew, forms [> broader, senses]": "${line}"`);
    let id = enForms[0]!.toLowerCase().replace(/\s+/g, '_');
    // a second sense of the same first word (the verb "fix" after the noun "fix") gets its part of speech
    if (ids.has(id)) id = `${id}/${pos}`;
    if (ids.has(id)) throw new Error(`glossary line ${i}: sense "${id}" defined twice`);
    ids.add(id);
    const broader = list(broaderText).map((b) => b.toLowerCase().replace(/\s+/g, '_'));
    out.push({ id, pos, domain, en: enForms, he: heForms, broader });
  }
  // a broader sense must exist: a typo would silently relate nothing
  for (const sense of out)
    for (const b of sense.broader)
      if (!ids.has(b) || b === sense.id) throw new Error(`glossary: sense "${sense.id}" names unknown broader sense "${b}"`);
  return out;
}
