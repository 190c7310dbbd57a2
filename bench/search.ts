/**
 * Search benchmark (issue 4): builds the embedded local engine over N realistic messages (default
 * 100,000, generated deterministically from English and Hebrew templates with a long tail of names,
 * places, prices and links), then prints
 *   - index build time and memory (process heap + array buffers, measured around the build, after GC);
 *   - text search p50/p95 over a few hundred varied queries (words, Hebrew prefixed forms, prefixes,
 *     two-word AND, filters, filter-only lists, message-id fragments, second pages, BM25 fallback);
 *   - semantic (k-NN) p50/p95 over a few hundred query vectors;
 *   - with the table (default, dynalite in memory): the rebuild-from-table time of `npm start` on a
 *     partition of --rebuild-messages messages with their vectors (dynalite writes ~1,000 items/s, so
 *     a 100,000-message partition takes minutes to prepare; the time per 1,000 is printed), and the
 *     two HTTP routes (AI search; message list with a search term) over the full index, invoked
 *     in-process as the local gateway does (authorization, engine, hits read from the table).
 *
 * Embeddings come from the local AI provider when it is wired (the local wiring); otherwise from a
 * documented stand-in of the same dimension (signed feature hashing of words, Hebrew stems and
 * character trigrams, L2-normalised), which has the cost profile of any dense vector: search time
 * depends on the dimension and the count, not on how the numbers were made.
 *
 *   npm run bench:search -- [--messages 100000] [--queries 320] [--dim 256] [--no-table]
 *                           [--rebuild-messages 20000]
 *
 * Targets (issue 4): text p95 ≤ 30 ms, semantic p95 ≤ 100 ms.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BatchWriteCommand } from '@kehila/functions/data/table-client';
import type { Context } from 'aws-lambda';
import type { Urgency } from '@kehila/shared';
import { blankMember } from '@kehila/functions/core/communities/records';
import { seededRandom } from '@kehila/functions/adapters/ai/local/hash';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { createDb, type Db } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { putMember } from '@kehila/functions/data/memberships';
import { putVectors, recordEmbeddingVersion } from '@kehila/functions/data/search-state';
import type { AiPort } from '@kehila/functions/core/ports/ai';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { embeddingVersion } from '@kehila/functions/core/search/docs';
import { LocalSearch } from '@kehila/functions/adapters/search/local/local-search';
import type { SearchDoc, TextQuery } from '@kehila/functions/core/ports/search';
import { indexTerms, tokenize } from '@kehila/functions/adapters/search/tokenizer';
import type { HttpEvent, HttpResult } from '@kehila/functions/http/route-handler';
import { ensureTable, startDynamo } from '../infra/local/engines/dynamodb';
import { lambdaContext } from '../infra/local/lambda-context';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '320' },
    dim: { type: 'string', default: '256' },
    'no-table': { type: 'boolean', default: false },
    'rebuild-messages': { type: 'string', default: '20000' },
  },
});
const N = Number(values.messages);
const QUERIES = Number(values.queries);
const COMMUNITY = 'bench-community';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// ---------------------------------------------------------------- deterministic corpus

type Rng = () => number;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

const EN = {
  profession: [
    'accountant',
    'lawyer',
    'designer',
    'plumber',
    'electrician',
    'photographer',
    'translator',
    'mortgage advisor',
    'pediatrician',
    'dentist',
    'copywriter',
    'recruiter',
    'UX researcher',
    'tax consultant',
    'architect',
  ],
  city: [
    'Tel Aviv',
    'Haifa',
    'Jerusalem',
    'Ramat Gan',
    'Herzliya',
    'Beer Sheva',
    'Netanya',
    'Rehovot',
    'Modiin',
    'Kfar Saba',
    'Petah Tikva',
    'Holon',
  ],
  task: [
    'a company registration',
    'the annual report',
    'a pitch deck',
    'our new office',
    'the investor update',
    'a grant application',
    'visa paperwork',
    'the product launch',
    'a security review',
    'onboarding emails',
  ],
  day: [
    'Sunday',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'next week',
    'tomorrow',
    'tonight',
    'the end of the month',
  ],
  event: [
    'meetup',
    'pitch night',
    'hackathon',
    'picnic',
    'workshop',
    'networking breakfast',
    'demo day',
    'book club',
    'running group',
    'board games evening',
    'AMA session',
    'webinar',
  ],
  place: [
    'the community center',
    'Azrieli lobby',
    'the park',
    'WeWork Sarona',
    'the library',
    'Dizengoff square',
    'the beach',
    'the Google campus',
    'our usual cafe',
    'the port',
  ],
  item: [
    'snacks',
    'your laptop',
    'business cards',
    'a friend',
    'water',
    'chairs',
    'questions',
    'a blanket',
    'your pitch',
    'good vibes',
  ],
  role: [
    'CTO',
    'backend developer',
    'product manager',
    'data scientist',
    'growth marketer',
    'cofounder',
    'QA engineer',
    'designer',
    'sales lead',
    'DevOps engineer',
  ],
  field: [
    'fintech',
    'climate tech',
    'cyber security',
    'health tech',
    'edtech',
    'AI tooling',
    'food tech',
    'proptech',
    'mobility',
    'gaming',
  ],
  adjective: [
    'amazing',
    'super useful',
    'inspiring',
    'a lot of fun',
    'really well organized',
    'eye opening',
    'great',
    'productive',
  ],
  problem: [
    'a water leak',
    'no internet',
    'the elevator is stuck',
    'a lost wallet',
    'the server is down',
    'a flat tire',
    'the door code changed',
    'a power outage',
  ],
  tool: [
    'Notion',
    'Jira',
    'Linear',
    'Figma',
    'HubSpot',
    'Monday',
    'Slack',
    'Zoom',
    'Airtable',
    'Canva',
    'ChatGPT',
    'Stripe',
  ],
  reason: [
    'the weather',
    'the holiday',
    'a scheduling conflict',
    'low registration',
    'the strike',
    'venue maintenance',
  ],
  doc: [
    'meeting notes',
    'slides from yesterday',
    'registration form',
    'shared drive',
    'budget sheet',
    'WhatsApp rules',
    'job board',
  ],
  name: [
    'Dana',
    'Avi',
    'Noa',
    'Yossi',
    'Michal',
    'Eitan',
    'Tamar',
    'Omer',
    'Shira',
    'Guy',
    'Maya',
    'Ronen',
    'Lior',
    'Yael',
    'Daniel',
    'Sarah',
  ],
};
const HE = {
  profession: [
    'רואה חשבון',
    'עורך דין',
    'מעצב',
    'אינסטלטור',
    'חשמלאי',
    'צלם',
    'מתרגם',
    'יועץ משכנתאות',
    'רופא ילדים',
    'רופא שיניים',
    'קופירייטר',
    'מגייסת',
    'יועץ מס',
    'אדריכלית',
  ],
  city: [
    'תל אביב',
    'חיפה',
    'ירושלים',
    'רמת גן',
    'הרצליה',
    'באר שבע',
    'נתניה',
    'רחובות',
    'מודיעין',
    'כפר סבא',
    'פתח תקווה',
    'חולון',
  ],
  task: [
    'לרשום חברה',
    'להגיש דוח שנתי',
    'להכין מצגת למשקיעים',
    'למצוא משרד חדש',
    'לכתוב עדכון למשקיעים',
    'להגיש בקשה למענק',
    'לסדר ויזה',
    'להשיק את המוצר',
    'לעשות סקירת אבטחה',
  ],
  day: ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי', 'שבת'],
  event: [
    'מפגש',
    'ערב פיצ׳ים',
    'האקתון',
    'פיקניק',
    'סדנה',
    'ארוחת בוקר נטוורקינג',
    'יום דמו',
    'מועדון קריאה',
    'קבוצת ריצה',
    'ערב משחקי קופסה',
    'וובינר',
    'הרצאה',
  ],
  place: [
    'מרכז הקהילה',
    'לובי עזריאלי',
    'פארק הירקון',
    'הספרייה',
    'כיכר דיזנגוף',
    'חוף הים',
    'קמפוס גוגל',
    'בית הקפה הקבוע',
    'הנמל',
    'המשרד של דנה',
  ],
  item: ['כיבוד', 'מחשב נייד', 'כרטיסי ביקור', 'חבר', 'מים', 'כיסאות', 'שאלות', 'שמיכה', 'מצב רוח טוב', 'כסף קטן'],
  role: [
    'סמנכ״ל טכנולוגיות',
    'מפתח צד שרת',
    'מנהלת מוצר',
    'מדען נתונים',
    'איש שיווק',
    'שותף מייסד',
    'בודק תוכנה',
    'מעצבת',
    'איש מכירות',
    'מהנדס דבאופס',
  ],
  field: [
    'פינטק',
    'אקלים',
    'סייבר',
    'בריאות דיגיטלית',
    'חינוך',
    'בינה מלאכותית',
    'פודטק',
    'נדל״ן',
    'תחבורה',
    'גיימינג',
  ],
  adjective: ['מדהים', 'מועיל מאוד', 'מעורר השראה', 'כיף גדול', 'מאורגן להפליא', 'מרתק', 'מצוין', 'פורה'],
  problem: [
    'נזילת מים',
    'אין אינטרנט',
    'המעלית תקועה',
    'ארנק אבד',
    'השרת נפל',
    'פנצ׳ר בגלגל',
    'הקוד של הדלת השתנה',
    'הפסקת חשמל',
  ],
  reason: ['מזג האוויר', 'החג', 'התנגשות בלו״ז', 'מעט נרשמים', 'השביתה', 'שיפוץ במקום'],
  doc: ['סיכום הפגישה', 'המצגת מאתמול', 'טופס ההרשמה', 'התיקייה המשותפת', 'גיליון התקציב', 'חוקי הקבוצה', 'לוח המשרות'],
  name: [
    'דנה',
    'אבי',
    'נועה',
    'יוסי',
    'מיכל',
    'איתן',
    'תמר',
    'עומר',
    'שירה',
    'גיא',
    'מאיה',
    'רונן',
    'ליאור',
    'יעל',
    'דניאל',
    'שרה',
  ],
};
const SYL_EN = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ten',
  'vo',
  'zi',
  'bar',
  'del',
  'nor',
  'sha',
  'tal',
  'quin',
  'rex',
  'py',
  'dor',
];
const SYL_HE = ['בר', 'גל', 'דן', 'מור', 'נוע', 'רון', 'שי', 'תם', 'אל', 'עד', 'לי', 'גיל', 'צור', 'פז', 'קר', 'חן'];

/** A made-up proper noun: the long tail of names, startups and products every chat has. */
const coin = (r: Rng, he: boolean) =>
  Array.from({ length: 2 + Math.floor(r() * 2) }, () => pick(r, he ? SYL_HE : SYL_EN)).join('');

interface Template {
  readonly topic: string;
  readonly urgency?: Urgency;
  readonly he: boolean;
  readonly make: (r: Rng) => string;
}
const time = (r: Rng) => `${10 + Math.floor(r() * 12)}:${pick(r, ['00', '15', '30', '45'])}`;
const TEMPLATES: Template[] = [
  {
    topic: 'Recommendations',
    he: false,
    make: (r) =>
      `Does anyone know a good ${pick(r, EN.profession)} in ${pick(r, EN.city)}? Need one for ${pick(r, EN.task)} by ${pick(r, EN.day)}.`,
  },
  {
    topic: 'Events',
    he: false,
    make: (r) =>
      `Reminder: ${pick(r, EN.event)} this ${pick(r, EN.day)} at ${time(r)} at ${pick(r, EN.place)}. Bring ${pick(r, EN.item)}!`,
  },
  {
    topic: 'Jobs',
    he: false,
    make: (r) =>
      `Looking for a ${pick(r, EN.role)} for ${coin(r, false)}, a ${pick(r, EN.field)} startup. DM me if interested`,
  },
  {
    topic: 'General',
    he: false,
    make: (r) => `Thanks ${pick(r, EN.name)} for organizing the ${pick(r, EN.event)}, it was ${pick(r, EN.adjective)}!`,
  },
  {
    topic: 'Help',
    urgency: 'high',
    he: false,
    make: (r) => `Urgent: ${pick(r, EN.problem)} at ${pick(r, EN.place)}, who can help? Call ${pick(r, EN.name)}`,
  },
  {
    topic: 'Tech',
    he: false,
    make: (r) =>
      `Has anyone used ${pick(r, EN.tool)} for ${pick(r, EN.task)}? Thinking about switching from ${pick(r, EN.tool)}`,
  },
  {
    topic: 'Marketplace',
    he: false,
    make: (r) =>
      `Selling ${pick(r, EN.item)} in great condition, ${50 + Math.floor(r() * 950)} NIS, pickup in ${pick(r, EN.city)}`,
  },
  {
    topic: 'Events',
    he: false,
    make: (r) => `The ${pick(r, EN.event)} is moved to ${pick(r, EN.day)} because of ${pick(r, EN.reason)}`,
  },
  {
    topic: 'Questions',
    he: false,
    make: (r) => `Can someone share the link to the ${pick(r, EN.doc)}? https://docs.example.com/${coin(r, false)}`,
  },
  {
    topic: 'General',
    he: false,
    make: (r) => `Good morning everyone! ${coin(r, false)} just launched on Product Hunt, support appreciated 🙏`,
  },
  {
    topic: 'Recommendations',
    he: true,
    make: (r) =>
      `מישהו מכיר ${pick(r, HE.profession)} טוב ב${pick(r, HE.city)}? צריך ${pick(r, HE.task)} עד יום ${pick(r, HE.day)}`,
  },
  {
    topic: 'Events',
    he: true,
    make: (r) =>
      `תזכורת: ה${pick(r, HE.event)} ביום ${pick(r, HE.day)} בשעה ${time(r)} ב${pick(r, HE.place)}. תביאו ${pick(r, HE.item)}!`,
  },
  {
    topic: 'Jobs',
    he: true,
    make: (r) =>
      `מחפשים ${pick(r, HE.role)} ל${coin(r, true)}, סטארטאפ בתחום ה${pick(r, HE.field)}. מי שמעוניין שישלח הודעה`,
  },
  {
    topic: 'General',
    he: true,
    make: (r) => `תודה ל${pick(r, HE.name)} על ארגון ה${pick(r, HE.event)}, היה ${pick(r, HE.adjective)}!`,
  },
  {
    topic: 'Help',
    urgency: 'high',
    he: true,
    make: (r) => `דחוף: ${pick(r, HE.problem)} ב${pick(r, HE.place)}, מי יכול לעזור? תתקשרו ל${pick(r, HE.name)}`,
  },
  {
    topic: 'Tech',
    he: true,
    make: (r) => `מישהו השתמש ב-${pick(r, EN.tool)} כדי ${pick(r, HE.task)}? חושב לעבור מ-${pick(r, EN.tool)}`,
  },
  {
    topic: 'Marketplace',
    he: true,
    make: (r) => `מוכר ${pick(r, HE.item)} במצב מצוין, ${50 + Math.floor(r() * 950)} ש״ח, איסוף מ${pick(r, HE.city)}`,
  },
  {
    topic: 'Events',
    he: true,
    make: (r) => `ה${pick(r, HE.event)} נדחה ליום ${pick(r, HE.day)} בגלל ${pick(r, HE.reason)}`,
  },
  { topic: 'Questions', he: true, make: (r) => `מישהו יכול לשתף את הקישור ל${pick(r, HE.doc)}? תודה מראש 🙏` },
  {
    topic: 'General',
    he: true,
    make: (r) => `שבוע טוב לכולם! מי מגיע ל${pick(r, HE.event)} של ${coin(r, true)} ב${pick(r, HE.city)}?`,
  },
];

interface Sender {
  readonly name: string;
  readonly id: string;
}
function senders(r: Rng): Sender[] {
  return Array.from({ length: 80 }, (_, i) => {
    const he = i % 2 === 0;
    const name = `${pick(r, he ? HE.name : EN.name)} ${coin(r, he)}`;
    const digits = `9725${Math.floor(r() * 1e8)
      .toString()
      .padStart(8, '0')}`;
    const id = r() < 0.8 ? `${digits}@c.us` : `${Math.floor(1e14 + r() * 9e14)}@lid`;
    return { name, id };
  });
}

const hex = (r: Rng, n: number) => Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(r() * 16)]).join('');

function generate(count: number, seed: number): SearchDoc[] {
  const r = seededRandom(seed);
  const people = senders(r);
  const docs: SearchDoc[] = [];
  const start = Date.UTC(2025, 0, 1, 6);
  const meanGap = (365 * 86_400_000) / Math.max(1, count);
  let t = start;
  for (let i = 0; i < count; i++) {
    t += Math.floor(-Math.log(1 - r()) * meanGap);
    const template = pick(r, TEMPLATES);
    const sender = pick(r, people);
    const urgency: Urgency = template.urgency ?? (r() < 0.05 ? 'high' : r() < 0.3 ? 'medium' : 'low');
    docs.push({
      communityId: COMMUNITY,
      msgId: r() < 0.7 ? `3EB0${hex(r, 16)}` : `wamid.HBgM${hex(r, 24)}`,
      timestamp: new Date(t).toISOString(),
      content: template.make(r),
      sender_name: sender.name,
      sender_hash: sender.id,
      topic: template.topic,
      urgency,
      keywords: [],
    });
  }
  return docs;
}

// ---------------------------------------------------------------- embeddings

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** The stand-in embedder: signed feature hashing of words, Hebrew stems and character trigrams. */
function standIn(text: string, dim: number): Float32Array {
  const v = new Float32Array(dim);
  const add = (feature: string, w: number) => {
    const h = fnv(feature);
    v[h % dim] = (v[h % dim] as number) + (h & 0x80000000 ? -w : w);
  };
  for (const token of tokenize(text)) {
    for (const term of indexTerms(token)) add(`w:${term}`, 1);
    const padded = `_${token}_`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, 0.35);
  }
  let n = 0;
  for (const x of v) n += x * x;
  const inv = n > 0 ? 1 / Math.sqrt(n) : 0;
  for (let i = 0; i < dim; i++) v[i] = (v[i] as number) * inv;
  return v;
}

interface Embedder {
  readonly label: string;
  readonly dim: number;
  readonly version: string;
  readonly ai: AiPort;
  embed(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]>;
}

async function embedder(db: Db | null): Promise<Embedder> {
  try {
    if (!db) throw new Error('the AI provider needs the table');
    const ai = createLocalDeps(loadConfig({ STAGE: 'local', TABLE_NAME: db.table }), { db }).ai;
    await ai.embed(['probe'], { communityId: COMMUNITY, purpose: 'query' });
    return {
      label: `the AI port's ${ai.name} provider`,
      dim: ai.embeddingDimensions,
      version: await embeddingVersion(ai, COMMUNITY),
      ai,
      async embed(texts, purpose) {
        return (await ai.embed(texts, { communityId: COMMUNITY, purpose })).map((v) => Float32Array.from(v));
      },
    };
  } catch (err) {
    const dim = Number(values.dim);
    const version = `bench-stand-in:${dim}`;
    const embed = async (texts: readonly string[]) => texts.map((t) => standIn(t, dim));
    const ai = {
      name: 'local' as const,
      embeddingDimensions: dim,
      embeddingVersion: () => version,
      embed: async (texts: readonly string[]) => (await embed(texts)).map((v) => Array.from(v)),
    } as unknown as AiPort;
    return {
      label: `the stand-in (feature hashing; the AI port is not usable here: ${(err as Error).message})`,
      dim,
      version,
      ai,
      embed,
    };
  }
}

// ---------------------------------------------------------------- measuring

const pct = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN) : NaN;
};
const fmt = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)} ms` : 'n/a');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
function memory(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}
function line(label: string, xs: readonly number[]) {
  console.log(
    `  ${label.padEnd(34)} n=${String(xs.length).padStart(4)}  p50 ${fmt(pct(xs, 0.5)).padStart(9)}  p95 ${fmt(pct(xs, 0.95)).padStart(9)}  max ${fmt(Math.max(...xs)).padStart(9)}`,
  );
}

// ---------------------------------------------------------------- queries

type Q = {
  kind: string;
  query: Omit<TextQuery, 'communityId' | 'limit' | 'order'> & Partial<TextQuery>;
  secondPage?: boolean;
};

function textQueries(docs: readonly SearchDoc[], count: number): Q[] {
  const r = seededRandom(7);
  const words = [
    ...Object.values(EN)
      .flat()
      .flatMap((p) => p.split(' ')),
    ...Object.values(HE)
      .flat()
      .flatMap((p) => p.split(' ')),
  ].filter((w) => w.length >= 3);
  const heWords = Object.values(HE)
    .flat()
    .flatMap((p) => p.split(' '))
    .filter((w) => w.length >= 3);
  const topics = [...new Set(TEMPLATES.map((t) => t.topic))];
  const someDoc = () => pick(r, docs);
  const month = () => {
    const d = new Date(someDoc().timestamp);
    const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    return { from: from.toISOString(), to: new Date(from.getTime() + 30 * 86_400_000).toISOString() };
  };
  const makers: (() => Q)[] = [
    () => ({ kind: 'one word', query: { text: pick(r, words) } }),
    () => ({
      kind: 'Hebrew word with prefix letters',
      query: { text: `${pick(r, ['ב', 'ל', 'ה', 'ו', 'וב', 'מה', 'ש'])}${pick(r, heWords)}` },
    }),
    () => ({ kind: 'word prefix (partial)', query: { text: pick(r, words).slice(0, 3 + Math.floor(r() * 2)) } }),
    () => ({ kind: 'two words (AND)', query: { text: `${pick(r, words)} ${pick(r, words)}` } }),
    () => ({
      kind: 'words from a message (AND)',
      query: { text: (someDoc().content ?? '').split(' ').slice(1, 3).join(' ') },
    }),
    () => ({
      kind: 'word + filters',
      query: { text: pick(r, words), topic: pick(r, topics), urgency: pick(r, ['high', 'medium', 'low'] as const) },
    }),
    () => ({ kind: 'word + date range', query: { text: pick(r, words), ...month() } }),
    () => ({
      kind: 'filters only (topic/urgency)',
      query: {
        topic: pick(r, topics),
        urgency: pick(r, ['high', 'low'] as const),
        order: pick(r, ['asc', 'desc'] as const),
      },
    }),
    () => ({
      kind: 'filters only (sender)',
      query: { sender: r() < 0.5 ? (someDoc().sender_name ?? '') : (someDoc().sender_hash ?? '') },
    }),
    () => ({ kind: 'filters only (date range)', query: month() }),
    () => {
      const id = someDoc().msgId;
      const at = Math.floor(r() * (id.length - 9));
      const part = id.slice(at, at + 9);
      return { kind: 'message-id fragment', query: { idPartial: r() < 0.5 ? part.toLowerCase() : part } };
    },
    () => ({ kind: 'second page (cursor)', query: { text: pick(r, words) }, secondPage: true }),
    () => ({ kind: 'second page of a filtered list', query: { topic: pick(r, topics) }, secondPage: true }),
    () => ({
      kind: 'fallback: any word, by BM25',
      query: { text: `${pick(r, words)} ${pick(r, words)} ${pick(r, words)}`, match: 'any', order: 'relevance' },
    }),
  ];
  return Array.from({ length: count }, (_, i) => (makers[i % makers.length] as () => Q)());
}

function semanticQueryTexts(count: number): string[] {
  // Other seeds than the corpus: the same kinds of sentences, different fillers (paraphrase-like).
  return generate(count, 99).map((d) => d.content ?? '');
}

// ---------------------------------------------------------------- the bench

async function main() {
  console.log(
    `search bench: ${N.toLocaleString('en')} messages, ${QUERIES} text queries, ${QUERIES} semantic queries ` +
      `(${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}: other processes slow every figure)`,
  );
  const dynamo = values['no-table'] ? null : await startDynamo();
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  let db: Db | null = null;
  if (dynamo) {
    await ensureTable(dynamo.endpoint, 'bench');
    db = createDb({ region: 'us-east-1', tableName: 'bench', endpoints: { dynamodb: dynamo.endpoint } });
  }

  const [docs, genMs] = await timed(async () => generate(N, 1));
  const he = docs.filter((d) => /[\u05D0-\u05EA]/.test(d.content ?? '')).length;
  console.log(`corpus: generated in ${fmt(genMs)} (${((he / N) * 100).toFixed(0)}% Hebrew, 80 senders, one year)`);

  const emb = await embedder(db);
  const [vectors, embMs] = await timed(async () => {
    const out: Float32Array[] = [];
    for (let i = 0; i < docs.length; i += 500) {
      out.push(
        ...(await emb.embed(
          docs.slice(i, i + 500).map((d) => d.content ?? ''),
          'document',
        )),
      );
    }
    return out;
  });
  console.log(`embeddings: ${emb.dim} dimensions from ${emb.label}; ${fmt(embMs)} for the corpus`);

  // ---- build the in-memory index
  const before = memory();
  const engine = new LocalSearch();
  const [, buildMs] = await timed(async () => {
    for (let i = 0; i < docs.length; i += 1000) {
      await engine.upsert(
        docs
          .slice(i, i + 1000)
          .map((d, j) => ({ ...d, vector: Array.from(vectors[i + j] ?? []), vectorVersion: emb.version })),
      );
    }
  });
  const after = memory();
  const stats = await engine.stats(COMMUNITY, { version: emb.version });
  console.log(
    `\nindex build: ${fmt(buildMs)} for ${stats.total.toLocaleString('en')} messages (${stats.embedded.toLocaleString('en')} with vectors)`,
  );
  console.log(
    `memory: ${mb(after - before)} measured (heap + buffers, after GC), of which vectors ${mb(N * emb.dim * 2)} (16-bit); ` +
      `engine estimate ${mb(engine.approximateBytes())}; process rss ${mb(process.memoryUsage().rss)}`,
  );

  // ---- text
  const qs = textQueries(docs, QUERIES);
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let hitsSeen = 0;
  for (let round = 0; round < 2; round++) {
    for (const q of qs) {
      const base: TextQuery = { communityId: COMMUNITY, order: 'desc', limit: 50, ...q.query };
      let cursor: string | undefined;
      if (q.secondPage) cursor = (await engine.text(base)).nextCursor ?? undefined;
      const [res, ms] = await timed(() => engine.text({ ...base, ...(cursor ? { cursor } : {}) }));
      if (round === 0) continue; // the first round warms the JIT
      hitsSeen += res.hits.length;
      all.push(ms);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    }
  }
  console.log(`\ntext search (search port, limit 50; ${(hitsSeen / qs.length).toFixed(1)} hits per query on average)`);
  line('all text queries', all);
  for (const [kind, xs] of byKind) line(`  ${kind}`, xs);

  // ---- semantic
  const semTexts = semanticQueryTexts(QUERIES);
  const [qvecs, qEmbMs] = await timed(() => emb.embed(semTexts, 'query'));
  const sem: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const v of qvecs) {
      const vector = Array.from(v);
      const [, ms] = await timed(() =>
        engine.semantic({ communityId: COMMUNITY, vector, limit: 30, version: emb.version }),
      );
      if (round === 1) sem.push(ms);
    }
  }
  console.log(
    `\nsemantic search (search port, k=30, brute force over ${stats.embedded.toLocaleString('en')} unit vectors)`,
  );
  line('k-NN', sem);
  console.log(`  query embedding: ${fmt(qEmbMs / Math.max(1, qvecs.length))} per query (${emb.label.split(' (')[0]})`);

  // ---- the table: load, rebuild at start, HTTP routes
  if (db && dynamo) {
    await tableBench(db, engine, docs, vectors, emb, qs, semTexts);
    await dynamo.close();
  }
  console.log(`\ntargets: text p95 ≤ 30 ms, semantic p95 ≤ 100 ms (load average now ${loadavg()[0]?.toFixed(1)})`);
}

/** Writes messages as the enrich worker stores them (8 parallel BatchWrite streams). */
async function writeMessages(db: Db, communityId: string, docs: readonly SearchDoc[], version: string) {
  const items = docs.map((d) => ({
    PutRequest: {
      Item: {
        ...keys.message(communityId, d.timestamp, d.msgId),
        ...keys.messageById(communityId, d.msgId),
        entity: 'message',
        msg_id: d.msgId,
        group_id: '120363041234567890@g.us',
        content: d.content,
        timestamp: d.timestamp,
        Sender_name: d.sender_name,
        sender_hash: d.sender_hash,
        topic: d.topic,
        keywords: [],
        urgency: d.urgency,
        sentiment: 0,
        action_items: [],
        emotion: 'neutral',
        intent: 'social',
        cluster_id: null,
        toxicity: 0,
        embedding_version: version,
      },
    },
  }));
  const chunks: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let c = w; c < chunks.length; c += 8) {
        let pending: Record<string, unknown>[] | undefined = chunks[c];
        while (pending && pending.length > 0) {
          const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending as never } }));
          pending = res.UnprocessedItems?.[db.table] as Record<string, unknown>[] | undefined;
        }
      }
    }),
  );
}

async function tableBench(
  db: Db,
  engine: LocalSearch,
  docs: readonly SearchDoc[],
  vectors: readonly Float32Array[],
  emb: Embedder,
  qs: readonly Q[],
  semTexts: readonly string[],
) {
  // ---- rebuild at start, on a partition of REBUILD_N messages with their vectors
  const rebuildN = Math.min(docs.length, Number(values['rebuild-messages']));
  const REBUILD = 'bench-rebuild';
  const [, loadMs] = await timed(async () => {
    await writeMessages(db, REBUILD, docs.slice(0, rebuildN), emb.version);
    const refs = docs.slice(0, rebuildN).map((d, i) => ({
      ref: { msgId: d.msgId, timestamp: d.timestamp },
      vector: vectors[i] ?? new Float32Array(0),
      version: emb.version,
    }));
    for (let i = 0; i < refs.length; i += 2000) await putVectors(db, REBUILD, refs.slice(i, i + 2000));
    await recordEmbeddingVersion(db, REBUILD, emb.version, new Date().toISOString());
  });
  const report = await new LocalSearch(db).rebuild();
  const perK = report.ms / (report.documents / 1000);
  console.log(
    `\nrebuild at start (plugin start: gsi1 Query for the communities, then each message and vector partition, ` +
      `from dynalite in memory; ${rebuildN.toLocaleString('en')} messages + vectors written in ${fmt(loadMs)}):`,
  );
  console.log(
    `  ${fmt(report.ms)} for ${report.documents.toLocaleString('en')} messages and ${report.vectors.toLocaleString('en')} vectors ` +
      `(${fmt(perK)} per 1,000; ≈ ${((perK * N) / 1000 / 1000).toFixed(0)} s for ${N.toLocaleString('en')})`,
  );

  // ---- HTTP routes over the full in-memory index. The table holds the messages these queries
  // return (a route reads only its hits by key, so the rest of the partition costs nothing).
  const semVecs = await emb.embed(semTexts.slice(0, 200), 'query');
  const listTerms = qs.filter((q) => q.query.text && !q.query.match).slice(0, 200);
  const needed = new Map<string, SearchDoc>();
  const byId = new Map(docs.map((d) => [d.msgId, d]));
  for (const v of semVecs) {
    for (const h of await engine.semantic({
      communityId: COMMUNITY,
      vector: Array.from(v),
      limit: 30,
      version: emb.version,
    })) {
      needed.set(h.msgId, byId.get(h.msgId) as SearchDoc);
    }
  }
  for (const q of [
    ...listTerms,
    ...semTexts.slice(0, 200).map((t) => ({ query: { text: t, match: 'any' as const, order: 'relevance' as const } })),
  ]) {
    const res = await engine.text({ communityId: COMMUNITY, order: 'desc', limit: 50, ...q.query });
    for (const h of res.hits) needed.set(h.msgId, byId.get(h.msgId) as SearchDoc);
  }
  await writeMessages(db, COMMUNITY, [...needed.values()], emb.version);
  await recordEmbeddingVersion(db, COMMUNITY, emb.version, new Date().toISOString());

  // HTTP routes, invoked in-process as the local gateway does (JWT claims already verified).
  const userId = 'bench-user';
  await putMember(db, blankMember({ userId, communityId: COMMUNITY, role: 'Member', now: new Date() }));
  const noQueues: QueueClient = { send: async () => undefined, sendBatch: async () => undefined };
  const config = loadConfig({ STAGE: 'local', TABLE_NAME: db.table });
  setDeps(createLocalDeps(config, { db, search: engine, ai: emb.ai, queues: noQueues }));
  const call = async (area: string, routeKey: string, path: string, query: Record<string, string>) => {
    const mod = (await import(`@kehila/functions/http/${area}/index`)) as {
      handler: (e: HttpEvent, c: Context) => Promise<HttpResult>;
    };
    const event: HttpEvent = {
      routeKey,
      rawPath: path,
      rawQueryString: new URLSearchParams(query).toString(),
      headers: {},
      queryStringParameters: query,
      pathParameters: { communityId: COMMUNITY },
      isBase64Encoded: false,
      requestContext: {
        requestId: 'bench',
        http: { method: 'GET', path, sourceIp: '127.0.0.1' },
        authorizer: { jwt: { claims: { sub: userId, email: 'bench@example.com', token_use: 'id' } } },
      },
    };
    // A context per invocation, as Lambda gives one (its remaining time counts from now).
    const context: Context = lambdaContext('bench');
    return mod.handler(event, context);
  };

  const searchPath = `/api/communities/${COMMUNITY}/search`;
  const aiTimes: number[] = [];
  let fallbacks = 0;
  for (let round = 0; round < 2; round++) {
    for (const q of semTexts.slice(0, 200)) {
      const [res, ms] = await timed(() =>
        call('search', 'GET /api/communities/{communityId}/search', searchPath, { q, limit: '30' }),
      );
      if (res.statusCode !== 200) throw new Error(`AI search answered ${res.statusCode}: ${res.body}`);
      if (round === 1) {
        aiTimes.push(ms);
        if ((JSON.parse(res.body) as { fallback?: boolean }).fallback) fallbacks++;
      }
    }
  }
  console.log(
    `\nHTTP routes over the ${N.toLocaleString('en')}-message index (area handler in-process: authorization, ` +
      `engine, hits read from the table by key)`,
  );
  line('GET …/search (AI search, 30 results)', aiTimes);
  if (fallbacks > 0) console.log(`  (${fallbacks} of ${aiTimes.length} answered by the text fallback)`);

  const listTimes: number[] = [];
  try {
    const listPath = `/api/communities/${COMMUNITY}/messages`;
    for (let round = 0; round < 2; round++) {
      for (const q of listTerms) {
        const [res, ms] = await timed(() =>
          call('messages', 'GET /api/communities/{communityId}/messages', listPath, {
            q: q.query.text ?? '',
            limit: '50',
          }),
        );
        if (res.statusCode !== 200) throw new Error(`message list answered ${res.statusCode}: ${res.body}`);
        if (round === 1) listTimes.push(ms);
      }
    }
    line('GET …/messages?q= (standard search)', listTimes);
  } catch (err) {
    console.log(`  message list route not measured: ${(err as Error).message}`);
  }
  setDeps(undefined);
}

await main();
