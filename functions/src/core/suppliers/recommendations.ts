/**
 * Finds supplier recommendations in group messages ("the best plumber — Avi 050-1234567",
 * "ממליץ בחום על יוסי החשמלאי 052-1234567"): a recommendation word, a trade from the lexicon and a
 * phone number in one message. Questions without a number ("can anyone recommend a plumber?") are
 * not recommendations. Pure and offline; only the enrich worker imports it (the HTTP handlers never
 * carry the lexicon: `npm run bench:lambda`).
 */

/** A recommendation found in one message. */
export interface Recommendation {
  readonly supplier_name: string;
  readonly service_type: string;
  readonly phone_number: string;
}

/** Trades, each with the words that name it in English and Hebrew (with their common forms). */
const TRADES: readonly { readonly en: string; readonly he: string; readonly words: readonly string[] }[] = [
  { en: 'Plumber', he: 'אינסטלטור', words: ['plumber', 'plumbing', 'אינסטלטור', 'אינסטלציה', 'שרברב'] },
  { en: 'Electrician', he: 'חשמלאי', words: ['electrician', 'חשמלאי', 'חשמלאית'] },
  { en: 'Handyman', he: 'הנדימן', words: ['handyman', 'הנדימן', 'שיפוצניק'] },
  { en: 'Contractor', he: 'קבלן', words: ['contractor', 'builder', 'קבלן', 'קבלנית', 'שיפוצים'] },
  { en: 'Painter', he: 'צבעי', words: ['painter', 'צבעי', 'צבעית'] },
  { en: 'Carpenter', he: 'נגר', words: ['carpenter', 'נגר', 'נגרית'] },
  { en: 'Locksmith', he: 'מנעולן', words: ['locksmith', 'מנעולן'] },
  { en: 'Air conditioning technician', he: 'טכנאי מזגנים', words: ['hvac', 'מזגנים', 'מיזוג'] },
  { en: 'Mechanic', he: 'מוסכניק', words: ['mechanic', 'garage', 'מוסכניק', 'מוסך'] },
  { en: 'Accountant', he: 'רואה חשבון', words: ['accountant', 'bookkeeper', 'cpa', 'רואה חשבון', 'רו"ח', 'מנהלת חשבונות', 'מנהל חשבונות'] },
  { en: 'Lawyer', he: 'עורך דין', words: ['lawyer', 'attorney', 'עורך דין', 'עורכת דין', 'עו"ד'] },
  { en: 'Photographer', he: 'צלם', words: ['photographer', 'צלם', 'צלמת'] },
  { en: 'Gardener', he: 'גנן', words: ['gardener', 'landscaper', 'גנן', 'גננת'] },
  { en: 'Cleaner', he: 'ניקיון', words: ['cleaner', 'cleaning', 'ניקיון', 'מנקה'] },
  { en: 'Movers', he: 'הובלות', words: ['mover', 'movers', 'moving', 'הובלות', 'מוביל'] },
  { en: 'Tutor', he: 'מורה פרטי', words: ['tutor', 'מורה פרטי', 'מורה פרטית'] },
  { en: 'Caterer', he: 'קייטרינג', words: ['caterer', 'catering', 'קייטרינג'] },
  { en: 'Veterinarian', he: 'וטרינר', words: ['vet', 'veterinarian', 'וטרינר', 'וטרינרית'] },
  { en: 'Web developer', he: 'מפתח אתרים', words: ['web developer', 'web designer', 'בניית אתרים', 'מפתח אתרים'] },
  { en: 'Technician', he: 'טכנאי', words: ['technician', 'טכנאי', 'טכנאית'] },
];

/** Words that make a message a recommendation (not a request or a complaint). */
const RECOMMEND = [
  /\brecommend(?:s|ed|ing)?\b/i,
  /\bthe best\b/i,
  /\b(?:great|excellent|amazing|reliable|fantastic|awesome)\b/i,
  /ממליצ(?:ה|ים|ות)?|ממליץ|מומלצ(?:ת|ים|ות)?|מומלץ/,
  /הכי (?:טוב|טובה|טובים)/,
  /(?:^|\s)(?:תותח|תותחית|אלוף|אלופה|מקצוען|מקצוענית|מעולה|מעולים|אמין|אמינה)(?=$|[\s,.!:;])/,
];

/** A phone number as people write them in Israel and abroad. */
const PHONE = /(?:\+|00)?\d[\d\s().-]{7,17}\d/g;

const HEBREW_PREFIX = /^[והבכלמש]{1,3}(?=[\u05d0-\u05ea]{2,})/;

/** The trade named in the text (Hebrew label for a Hebrew message), and where. */
function findTrade(text: string): { label: string; index: number; length: number } | null {
  const lower = text.toLowerCase();
  const hebrew = /[\u05d0-\u05ea]/.test(text);
  let best: { label: string; index: number; length: number } | null = null;
  for (const trade of TRADES) {
    for (const word of trade.words) {
      const isHebrew = /[\u05d0-\u05ea]/.test(word);
      // A Hebrew word may carry prefix letters (ה, ל, ו…); an English word must stand alone.
      const re = isHebrew
        ? new RegExp(`(?:^|[\\s,.!:;()"'\\-—])([והבכלמש]{0,3}${escape(word)})(?=$|[\\s,.!:;()"'\\-—])`, 'u')
        : new RegExp(`\\b${escape(word)}s?\\b`, 'i');
      const m = re.exec(isHebrew ? text : lower);
      if (!m) continue;
      const matched = m[1] ?? m[0];
      const index = (m.index ?? 0) + m[0].indexOf(matched);
      if (!best || index < best.index) best = { label: hebrew ? trade.he : trade.en, index, length: matched.length };
    }
  }
  return best;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Digits of a phone with 9-15 of them (a 10-digit mobile, a 9-digit landline, or international). */
function findPhone(text: string): { raw: string; index: number } | null {
  for (const m of text.matchAll(PHONE)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length >= 9 && digits.length <= 15) return { raw: m[0].trim(), index: m.index ?? 0 };
  }
  return null;
}

/** Filler between the trade and the name ("is", "called", "הוא", "קוראים לו"). */
const FILLER = new Set([
  'is', 'was', 'called', 'named', 'name', 'call', 'contact', 'ask', 'for', 'to', 'a', 'an', 'the', 'his', 'her', 'at', 'on', 'by', 'in', 'our',
  'הוא', 'היא', 'קוראים', 'לו', 'לה', 'שמו', 'שמה', 'של', 'את', 'על', 'בשם', 'תתקשרו', 'לפנות', 'ל', 'טלפון', 'טל', 'נייד', 'phone', 'tel', 'mobile',
]);

/** Words that name the trade or praise it: never a supplier's name. */
function isNameWord(word: string): boolean {
  const bare = word.replace(HEBREW_PREFIX, '');
  if (FILLER.has(word.toLowerCase()) || FILLER.has(bare)) return false;
  if (RECOMMEND.some((re) => re.test(word))) return false;
  if (TRADES.some((t) => t.words.some((w) => w === word.toLowerCase() || w === bare))) return false;
  return /^[\p{L}][\p{L}'"׳״-]*$/u.test(word);
}

/** Words a name may sit behind: the trade, filler, praise. */
function isSkippable(word: string): boolean {
  const bare = word.replace(HEBREW_PREFIX, '');
  return (
    FILLER.has(word.toLowerCase()) ||
    FILLER.has(bare) ||
    RECOMMEND.some((re) => re.test(word)) ||
    TRADES.some((t) => t.words.some((w) => w === word.toLowerCase().replace(/s$/, '') || w === bare))
  );
}

/**
 * The name: walking back from the phone over the trade, filler and punctuation ("Yossi the
 * electrician, 052-…"), up to three name words without punctuation between them; else the name
 * words right after the phone ("plumber 050-… Avi").
 */
function findName(text: string, trade: { index: number; length: number }, phone: { index: number; raw: string }): string | null {
  // Words and the punctuation between them; the trade itself (maybe two words) becomes one mark.
  const tokens = (s: string) => s.match(/[\p{L}\p{N}'"׳״\uE000-]+|[,—–:;.!?()]|\s-\s/gu) ?? [];
  const masked =
    trade.index < phone.index
      ? `${text.slice(0, trade.index)} \uE000 ${text.slice(trade.index + trade.length, phone.index)}`
      : text.slice(0, phone.index);
  const before = tokens(masked);
  const taken: string[] = [];
  for (let i = before.length - 1; i >= 0 && taken.length < 3; i--) {
    const w = (before[i] ?? '').trim();
    if (isNameWord(w)) taken.unshift(w);
    else if (taken.length > 0) break;
    else if (w !== '\uE000' && !/^[,—–:;.!?()-]$/.test(w) && !isSkippable(w)) break;
  }
  if (taken.length > 0) return taken.join(' ');
  const next: string[] = [];
  for (const w of tokens(text.slice(phone.index + phone.raw.length))) {
    if (!isNameWord(w) || next.length >= 2) break;
    next.push(w);
  }
  return next.length > 0 ? next.join(' ') : null;
}

/** The recommendation a message makes, or null when it makes none. */
export function detectRecommendation(text: string): Recommendation | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length < 10 || t.length > 1000) return null;
  if (!RECOMMEND.some((re) => re.test(t))) return null;
  const phone = findPhone(t);
  if (!phone) return null;
  const trade = findTrade(t);
  if (!trade) return null;
  const name = findName(t, trade, phone);
  if (!name || name.length < 2) return null;
  return { supplier_name: name, service_type: trade.label, phone_number: phone.raw };
}
