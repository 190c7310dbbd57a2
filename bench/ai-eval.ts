/**
 * Quality and speed of the local AI provider (docs/ai.md). Run: `npx tsx bench/ai-eval.ts`
 * (`--quick` skips the 100k-message community and the dynalite run).
 *
 * - Classification: per-field accuracy and macro-F1 (urgency, intent, emotion, sentiment sign,
 *   topic) and toxicity precision/recall over tests/fixtures/ai/labelled-sample.json, for the dev
 *   split, the held-out test split and all.
 * - Meaning-based search: recall@1/@3/@10 of paraphrase queries over the sample mixed into a
 *   larger generated corpus, with the lexicon-only space (model 0) and the corpus-trained one.
 * - Throughput: enrich messages/s (in-memory state, and against dynalite), ms per query
 *   embedding in a 100k-message community, model build time and size.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SENTIMENT_NEGATIVE_BELOW, SENTIMENT_POSITIVE_ABOVE } from '@kehila/shared';
import { LocalAiPort } from '@kehila/functions/adapters/ai/local/provider';
import { DynamoModelStore, MemoryModelStore } from '@kehila/functions/adapters/ai/local/model-store';
import { labelMessage } from '@kehila/functions/adapters/ai/local/enrich';
import { BASE_MODEL, embedText, serializeModel, buildModel } from '@kehila/functions/adapters/ai/local/embedding';
import { parseDf } from '@kehila/functions/adapters/ai/local/df';
import { seededRandom } from '@kehila/functions/adapters/ai/local/hash';
import type { AiInputMessage } from '@kehila/functions/core/ports/ai';
import { logger } from '@kehila/functions/core/logger';

logger.setLogLevel('SILENT');

interface Labelled {
  id: string;
  lang: 'en' | 'he' | 'mixed';
  text: string;
  urgency: string;
  intent: string;
  emotion: string;
  sentiment: 'positive' | 'negative' | 'neutral';
  toxic: boolean;
  topic: string | null;
  split: 'dev' | 'test';
}
interface Paraphrase {
  query: string;
  target: string;
  kind: 'en' | 'he' | 'cross';
}

const QUICK = process.argv.includes('--quick');
const VERBOSE = process.argv.includes('--errors');
const sample = JSON.parse(
  readFileSync(fileURLToPath(new URL('../tests/fixtures/ai/labelled-sample.json', import.meta.url)), 'utf8'),
) as { messages: Labelled[]; paraphrases: Paraphrase[] };

// ------------------------------------------------------------------------------------------------ metrics

function macroF1(gold: readonly string[], pred: readonly string[]): { acc: number; f1: number } {
  const labels = [...new Set(gold)];
  let correct = 0;
  gold.forEach((g, i) => (correct += g === pred[i] ? 1 : 0));
  let f1sum = 0;
  for (const l of labels) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    gold.forEach((g, i) => {
      const p = pred[i];
      if (p === l && g === l) tp++;
      else if (p === l) fp++;
      else if (g === l) fn++;
    });
    const prec = tp + fp ? tp / (tp + fp) : 0;
    const rec = tp + fn ? tp / (tp + fn) : 0;
    f1sum += prec + rec ? (2 * prec * rec) / (prec + rec) : 0;
  }
  return { acc: correct / gold.length, f1: f1sum / labels.length };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);
const sentimentSign = (s: number) =>
  s > SENTIMENT_POSITIVE_ABOVE ? 'positive' : s < SENTIMENT_NEGATIVE_BELOW ? 'negative' : 'neutral';

function classification(): void {
  const predictions = sample.messages.map((m) => ({ m, l: labelMessage(m.text) }));
  const fields = [
    ['urgency', (m: Labelled) => m.urgency, (l: ReturnType<typeof labelMessage>) => l.urgency],
    ['intent', (m: Labelled) => m.intent, (l: ReturnType<typeof labelMessage>) => l.intent],
    ['emotion', (m: Labelled) => m.emotion, (l: ReturnType<typeof labelMessage>) => l.emotion],
    ['sentiment', (m: Labelled) => m.sentiment, (l: ReturnType<typeof labelMessage>) => sentimentSign(l.sentiment)],
    ['topic', (m: Labelled) => m.topic ?? 'General', (l: ReturnType<typeof labelMessage>) => l.topic ?? 'General'],
  ] as const;
  console.log('\n## Classification (labelled sample)\n');
  console.log(
    `messages: ${sample.messages.length} (dev ${sample.messages.filter((m) => m.split === 'dev').length}, held-out test ${sample.messages.filter((m) => m.split === 'test').length}); he ${sample.messages.filter((m) => m.lang === 'he').length}, en ${sample.messages.filter((m) => m.lang === 'en').length}, mixed ${sample.messages.filter((m) => m.lang === 'mixed').length}`,
  );
  console.log('\n| field      | dev acc | dev F1 | test acc | test F1 | all acc | all F1 | he acc | en acc |');
  console.log('|------------|---------|--------|----------|---------|---------|--------|--------|--------|');
  for (const [name, gold, pred] of fields) {
    const cell = (filter: (m: Labelled) => boolean) => {
      const rows = predictions.filter(({ m }) => filter(m));
      return macroF1(
        rows.map(({ m }) => gold(m)),
        rows.map(({ l }) => pred(l)),
      );
    };
    const dev = cell((m) => m.split === 'dev');
    const test = cell((m) => m.split === 'test');
    const all = cell(() => true);
    const he = cell((m) => m.lang === 'he');
    const en = cell((m) => m.lang === 'en');
    console.log(
      `| ${name.padEnd(10)} | ${pct(dev.acc)}  | ${pct(dev.f1)} | ${pct(test.acc)}   | ${pct(test.f1)}  | ${pct(all.acc)}  | ${pct(all.f1)} | ${pct(he.acc)} | ${pct(en.acc)} |`,
    );
    if (VERBOSE) {
      for (const { m, l } of predictions) {
        if (m.split === 'dev' && gold(m) !== pred(l))
          console.log(`   ${name}: gold ${gold(m)} got ${pred(l)} :: ${m.text}`);
      }
    }
  }
  // toxicity at the 0.5 threshold
  for (const split of ['dev', 'test', 'all'] as const) {
    const rows = predictions.filter(({ m }) => split === 'all' || m.split === split);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const { m, l } of rows) {
      const p = l.toxicity >= 0.5;
      if (p && m.toxic) tp++;
      else if (p) fp++;
      else if (m.toxic) fn++;
      if (VERBOSE && split === 'all' && p !== m.toxic)
        console.log(`   toxicity: gold ${m.toxic} got ${l.toxicity} :: ${m.text}`);
    }
    console.log(
      `toxicity (${split}): precision ${pct(tp + fp ? tp / (tp + fp) : 1)}, recall ${pct(tp + fn ? tp / (tp + fn) : 1)} (${tp + fn} toxic of ${rows.length}, ${fp} false alarms)`,
    );
  }
}

// ------------------------------------------------------------------------------------------------ corpus

const EN_TEMPLATES = [
  'We are hiring a {role} in {city}, {mode}. Send your CV to {name}',
  'Looking for a {role} for a {n} month project, paid, {mode}',
  'Can anyone recommend a {pro} in {city}?',
  'Highly recommend {name} the {pro}, professional and on time. {phone}',
  'Anyone used {brand} for {service}? Thinking of switching',
  'Reminder: {event} on {day} at {time}, register at {url}',
  'Great {event} yesterday, thanks {name}!',
  'Our {product} is down again, anyone else seeing errors with {brand}?',
  'How do you handle {admin} as a freelancer?',
  'Does anyone know how to {task} in {tool}?',
  'Selling a used {item}, {price} shekels, pickup in {city}',
  'Good morning all, have a great {day}!',
  'Thanks {name} for the help with the {thing} 🙏',
  'Happy birthday {name}! 🎉',
  'We are raising money for {cause}, link in the description',
  'Is there a {event} this month? Would love to meet people',
  'Any tips for {goal}? First time doing it',
  'Looking for an apartment in {city}, {rooms} rooms, up to {price}',
  'I need an intro to someone at {company}, anyone?',
  'Our {product} launch is next week, would love feedback from the group',
  'The {thing} at the office is broken again, who is in charge?',
  'What do you think about {tool} vs {tool2}?',
  'New blog post about {topic} is up on our site',
  'Anyone going to the {event} in {city} on {day}?',
  'We just closed our first {deal}! Thanks for all the support',
];
const HE_TEMPLATES = [
  'דרוש/ה {role_he} ל{company_he} ב{city_he}, {mode_he}. קו"ח ל{name_he}',
  'מחפשים {role_he} לפרויקט של {n} חודשים, בתשלום',
  'מישהו מכיר {pro_he} טוב ב{city_he}?',
  'ממליץ בחום על {name_he} ה{pro_he}, מקצועי ומגיע בזמן. {phone}',
  'מישהו עבד עם {brand} בשביל {service_he}? שוקלת לעבור',
  'תזכורת: {event_he} ביום {day_he} ב-{time}, הרשמה בקישור {url}',
  '{event_he} מעולה אתמול, תודה {name_he}!',
  'ה{product_he} שלנו שוב לא עובד, עוד מישהו רואה שגיאות?',
  'איך אתם מתנהלים עם {admin_he} כעצמאים?',
  'מישהו יודע איך {task_he} ב{tool}?',
  'מוכרת {item_he} משומש, {price} ש"ח, איסוף מ{city_he}',
  'בוקר טוב לכולם, {day_he} נעים!',
  'תודה {name_he} על העזרה עם ה{thing_he} 🙏',
  'יום הולדת שמח {name_he}! 🎉',
  'אנחנו מגייסים תרומות ל{cause_he}, קישור בתיאור',
  'יש {event_he} החודש? אשמח להכיר אנשים',
  'יש טיפים ל{goal_he}? פעם ראשונה',
  'מחפשת דירה ב{city_he}, {rooms} חדרים, עד {price}',
  'אשמח להיכרות עם מישהו ב{company}, מישהו?',
  'ההשקה של ה{product_he} שלנו בשבוע הבא, נשמח לפידבק',
  'ה{thing_he} במשרד שוב מקולקל, מי אחראי?',
  'מה דעתכם על {tool} לעומת {tool2}?',
  'פוסט חדש על {topic_he} עלה לאתר',
  'מישהו מגיע ל{event_he} ב{city_he} ביום {day_he}?',
  'סגרנו את ה{deal_he} הראשון! תודה על התמיכה',
];
const SLOTS: Record<string, readonly string[]> = {
  role: [
    'frontend developer',
    'data analyst',
    'product designer',
    'sales manager',
    'QA engineer',
    'marketing lead',
    'office manager',
    'iOS developer',
    'customer success manager',
    'bookkeeper',
  ],
  role_he: [
    'מפתח/ת פרונט',
    'אנליסט/ית נתונים',
    'מעצב/ת מוצר',
    'מנהל/ת מכירות',
    'בודק/ת תוכנה',
    'מנהל/ת שיווק',
    'מנהלת משרד',
    'מפתח/ת אנדרואיד',
    'נציג/ת שירות',
    'מנהלת חשבונות',
  ],
  city: ['Tel Aviv', 'Haifa', 'Jerusalem', 'Herzliya', 'Petah Tikva', "Be'er Sheva", 'Netanya', 'Ramat Gan'],
  city_he: ['תל אביב', 'חיפה', 'ירושלים', 'הרצליה', 'פתח תקווה', 'באר שבע', 'נתניה', 'רמת גן'],
  mode: ['remote', 'hybrid', 'full time', 'part time'],
  mode_he: ['מהבית', 'היברידי', 'משרה מלאה', 'חצי משרה'],
  name: ['Dana', 'Yossi', 'Noa', 'Avi', 'Michal', 'Eitan', 'Shira', 'Omer', 'Tamar', 'Guy'],
  name_he: ['דנה', 'יוסי', 'נועה', 'אבי', 'מיכל', 'איתן', 'שירה', 'עומר', 'תמר', 'גיא'],
  pro: [
    'painter',
    'locksmith',
    'dentist',
    'insurance agent',
    'mortgage advisor',
    'gardener',
    'web designer',
    'physiotherapist',
    'car mechanic',
    'notary',
  ],
  pro_he: [
    'צבעי',
    'מנעולן',
    'רופא שיניים',
    'סוכן ביטוח',
    'יועץ משכנתאות',
    'גנן',
    'מעצב אתרים',
    'פיזיותרפיסט',
    'מכונאי',
    'נוטריון',
  ],
  brand: ['Mailchimp', 'Monday', 'Canva', 'Shopify', 'Zoom', 'Notion', 'Slack', 'Wix'],
  service: ['newsletters', 'project tracking', 'design', 'our online store', 'webinars', 'docs'],
  service_he: ['ניוזלטרים', 'ניהול פרויקטים', 'עיצוב', 'החנות שלנו', 'וובינרים', 'מסמכים'],
  event: ['meetup', 'workshop', 'webinar', 'lecture', 'networking evening', 'hackathon', 'picnic'],
  event_he: ['מפגש', 'סדנה', 'וובינר', 'הרצאה', 'ערב נטוורקינג', 'האקתון', 'פיקניק'],
  day: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  day_he: ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי'],
  time: ['9:00', '10:30', '13:00', '18:00', '19:30', '20:00'],
  url: ['https://lu.ma/x1', 'https://meetup.com/y', 'https://forms.gle/abc', 'https://eventbrite.com/e/1'],
  product: ['dashboard', 'mobile app', 'booking system', 'website', 'checkout page', 'API'],
  product_he: ['דשבורד', 'אפליקציה', 'מערכת הזמנות', 'אתר', 'דף תשלום', 'ממשק'],
  admin: ['invoices', 'health insurance', 'pension', 'VAT reports', 'expenses'],
  admin_he: ['חשבוניות', 'ביטוח בריאות', 'פנסיה', 'דוחות מע"מ', 'הוצאות'],
  task: ['export a report', 'add a second admin', 'set up automations', 'merge two accounts', 'change the logo'],
  task_he: ['מייצאים דוח', 'מוסיפים מנהל נוסף', 'מגדירים אוטומציות', 'מאחדים שני חשבונות', 'מחליפים לוגו'],
  tool: ['Excel', 'Notion', 'Google Sheets', 'HubSpot', 'Figma', 'Canva'],
  tool2: ['Airtable', 'Monday', 'Salesforce', 'Sketch', 'Trello'],
  item: ['desk chair', 'monitor', 'bike', 'sofa', 'printer', 'baby stroller'],
  item_he: ['כיסא משרדי', 'מסך', 'אופניים', 'ספה', 'מדפסת', 'עגלת תינוק'],
  price: ['300', '450', '800', '1,200', '5,500', '7,000'],
  thing: ['presentation', 'move', 'budget', 'coffee machine', 'printer', 'projector'],
  thing_he: ['מצגת', 'מעבר', 'תקציב', 'מכונת קפה', 'מדפסת', 'מקרן'],
  cause: ['the animal shelter', 'a family in need', 'the school library', 'lone soldiers'],
  cause_he: ['צער בעלי חיים', 'משפחה במצוקה', 'ספריית בית הספר', 'חיילים בודדים'],
  goal: ['a first marketing campaign', 'opening a business', 'a job interview', 'public speaking'],
  goal_he: ['קמפיין שיווק ראשון', 'פתיחת עסק', 'ראיון עבודה', 'דיבור מול קהל'],
  rooms: ['2', '3', '4', '5'],
  company: ['Google', 'Microsoft', 'Wix', 'Check Point', 'Fiverr', 'Amdocs'],
  company_he: ['סטארטאפ', 'חברת הייטק', 'סוכנות', 'מסעדה', 'משרד פרסום'],
  topic: ['pricing', 'hiring', 'remote work', 'customer support', 'growth'],
  topic_he: ['תמחור', 'גיוס', 'עבודה מרחוק', 'שירות לקוחות', 'צמיחה'],
  deal: ['enterprise client', 'partnership', 'distribution deal'],
  deal_he: ['לקוח אנטרפרייז', 'שיתוף פעולה', 'הסכם הפצה'],
  n: ['2', '3', '6'],
  phone: ['050-1112233', '052-9876543', '054-5556677'],
};

/** A deterministic corpus of realistic template messages in both languages. */
function generateCorpus(count: number, seed: number): string[] {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const template = pick(rnd() < 0.5 ? EN_TEMPLATES : HE_TEMPLATES);
    out.push(template.replace(/\{(\w+)\}/g, (_, k: string) => pick(SLOTS[k] ?? [k])));
  }
  return out;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** A clock the benchmark moves: messages arrive a minute apart, as in a busy group. */
class Clock {
  private t = Date.parse('2025-01-01T08:00:00Z');
  readonly now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

/** A local provider on a store with a simulated clock. */
function localPort(
  store: ConstructorParameters<typeof LocalAiPort>[0]['store'],
  stateTtlMs = 30_000,
): { port: LocalAiPort; clock: Clock } {
  const clock = new Clock();
  return { port: new LocalAiPort({ store, now: clock.now, stateTtlMs }), clock };
}

async function enrichAll(
  { port, clock }: { port: LocalAiPort; clock: Clock },
  communityId: string,
  texts: readonly string[],
  batch = 10,
  /** Simulated time between batches; a minute per message by default. */
  stepMs = batch * 60_000,
): Promise<number> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < texts.length; i += batch) {
    const msgs: AiInputMessage[] = texts.slice(i, i + batch).map((text, k) => ({
      id: `m${i + k}`,
      text,
      sender_name: 'x',
      timestamp: clock.now().toISOString(),
    }));
    await port.enrich(msgs, { communityId });
    clock.advance(stepMs);
  }
  lastCpuMs = cpuMs(c0);
  return performance.now() - t0;
}

/** CPU time of this process since `since` (ms): the machine may be shared, wall time then overstates cost. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}
let lastCpuMs = 0;

async function search(): Promise<void> {
  console.log('\n## Meaning-based search (paraphrase queries)\n');
  const distractors = generateCorpus(3000, 7);
  const docs = [
    ...sample.messages.map((m) => ({ id: m.id, text: m.text })),
    ...distractors.map((text, i) => ({ id: `g${i}`, text })),
  ];
  const store = new MemoryModelStore();
  const local = localPort(store);
  const port = local.port;
  // the community's messages go through enrichment first, as in production (this trains the model)
  const shuffled = [...docs].sort((a, b) => (a.id < b.id ? -1 : 1));
  await enrichAll(
    local,
    'eval',
    shuffled.map((d) => d.text),
  );
  const version = await port.embeddingVersion('eval');
  console.log(
    `corpus: ${docs.length} messages (${sample.messages.length} labelled + ${distractors.length} generated); ${sample.paraphrases.length} queries (${['en', 'he', 'cross'].map((k) => `${k} ${sample.paraphrases.filter((p) => p.kind === k).length}`).join(', ')}); trained embedding version ${version}`,
  );
  const state = await store.state('eval');
  const variants: Array<[string, (t: string) => number[]]> = [
    ['lexicon only (model 0)', (t) => embedText(t, BASE_MODEL)],
    [`corpus-trained (model ${state.emb.version})`, () => []],
  ];
  const trainedVectors = await port.embed(
    docs.map((d) => d.text),
    { communityId: 'eval', purpose: 'document' },
  );
  console.log('\n| space                      | kind  | R@1    | R@3    | R@10   | MRR   |');
  console.log('|----------------------------|-------|--------|--------|--------|-------|');
  for (const [name, fn] of variants) {
    const isTrained = name.startsWith('corpus');
    const docVecs = isTrained ? trainedVectors : docs.map((d) => fn(d.text));
    const ranks: Array<{ kind: string; rank: number; sameScriptRank: number; q: string }> = [];
    const hebrew = (t: string) => /[\u05D0-\u05EA]/.test(t);
    for (const p of sample.paraphrases) {
      const qv = isTrained ? (await port.embed([p.query], { communityId: 'eval', purpose: 'query' }))[0]! : fn(p.query);
      const scores = docVecs.map((v, i) => ({ i, s: cosine(qv, v) }));
      const target = docs.findIndex((d) => d.id === p.target);
      const ts = scores[target]!.s;
      const rank = 1 + scores.filter((x) => x.s > ts).length;
      // for a cross-language query: the rank among messages written in the target's script
      const script = hebrew(docs[target]!.text);
      const sameScriptRank = 1 + scores.filter((x) => x.s > ts && hebrew(docs[x.i]!.text) === script).length;
      ranks.push({ kind: p.kind, rank, sameScriptRank, q: p.query });
    }
    for (const kind of ['en', 'he', 'cross', 'all']) {
      const rs = ranks.filter((r) => kind === 'all' || r.kind === kind);
      const at = (k: number) => rs.filter((r) => r.rank <= k).length / rs.length;
      const mrr = rs.reduce((s, r) => s + 1 / r.rank, 0) / rs.length;
      console.log(
        `| ${name.padEnd(26)} | ${kind.padEnd(5)} | ${pct(at(1))} | ${pct(at(3))} | ${pct(at(10))} | ${mrr.toFixed(3)} |`,
      );
    }
    const cross = ranks.filter((r) => r.kind === 'cross');
    const within = (k: number) => cross.filter((r) => r.sameScriptRank <= k).length / cross.length;
    console.log(
      `| ${name.padEnd(26)} | cross, among target-language messages | ${pct(within(1))} | ${pct(within(3))} | ${pct(within(10))} |`,
    );
    if (VERBOSE) for (const r of ranks) if (r.rank > 3) console.log(`   ${name}: rank ${r.rank} :: ${r.q}`);
  }
}

async function throughput(): Promise<void> {
  console.log('\n## Throughput\n');
  const texts = generateCorpus(5000, 11).concat(sample.messages.map((m) => m.text));
  // warm up the lexicon compile and JIT
  await enrichAll(localPort(new MemoryModelStore()), 'warm', texts.slice(0, 500));
  const ms = await enrichAll(localPort(new MemoryModelStore()), 'speed', texts);
  console.log(
    `enrich, in-memory state, batches of 10: ${Math.round((texts.length / lastCpuMs) * 1000)} messages/s per core by CPU time (${(lastCpuMs / texts.length).toFixed(3)} ms CPU per message; wall ${(ms / texts.length).toFixed(3)} ms)`,
  );
  const c0 = process.cpuUsage();
  for (const t of texts) labelMessage(t);
  console.log(`classification alone: ${(cpuMs(c0) / texts.length).toFixed(3)} ms CPU per message`);

  if (!QUICK) {
    const { startDynamo, ensureTable } = await import('../infra/local/engines/dynamodb');
    const { createDb } = await import('@kehila/functions/data/db');
    const dynamo = await startDynamo();
    try {
      process.env.AWS_ACCESS_KEY_ID ??= 'local';
      process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
      await ensureTable(dynamo.endpoint, 'ai-bench');
      const db = createDb({ region: 'us-east-1', tableName: 'ai-bench', endpoints: { dynamodb: dynamo.endpoint } });
      const n = 2000;
      // 200 messages/s of simulated arrival: batches of 10 every 50 ms
      const dms = await enrichAll(localPort(new DynamoModelStore(db)), 'dyn', texts.slice(0, n), 10, 50);
      console.log(
        `enrich with its state in dynalite (corpus log, df and model snapshots), batches of 10: ${Math.round((n / dms) * 1000)} messages/s wall clock, dynalite in the same process`,
      );
    } finally {
      await dynamo.close();
    }

    // a 100k-message community: enrichment trains the model; then query embedding latency
    const big = generateCorpus(100_000, 23);
    const store = new MemoryModelStore();
    const big100 = localPort(store);
    const bport = big100.port;
    const bms = await enrichAll(big100, 'big', big, 25);
    const state = await store.state('big');
    console.log(
      `100k-message community: enriched in ${(bms / 1000).toFixed(1)} s (${Math.round((big.length / bms) * 1000)} messages/s), df snapshot ${state.df.version} (${state.df.docs} messages), embedding model ${state.emb.version} built at ${state.emb.docs} messages`,
    );
    const df = parseDf(await store.loadSnapshot('big', 'df', state.df.version));
    const tb = performance.now();
    const model = buildModel({
      version: 99,
      docs: df.docs,
      terms: [...df.df].filter(([, n]) => n >= 2),
      corpus: await store.recentCorpus('big', 20_000),
    });
    const buildMs = performance.now() - tb;
    const parts = serializeModel(model);
    const bytes = parts.reduce((s, p) => s + Buffer.byteLength(p), 0);
    console.log(
      `model build (20k-message corpus window): ${buildMs.toFixed(0)} ms; snapshot ${(bytes / 1024).toFixed(0)} KB in ${parts.length} part(s); ${model.idf.size} terms, ${model.neighbours.size} with neighbours`,
    );
    const queries = sample.paraphrases.map((p) => p.query);
    await bport.embed(queries.slice(0, 3), { communityId: 'big', purpose: 'query' });
    const tq = performance.now();
    const cq = process.cpuUsage();
    const rounds = 20;
    for (let r = 0; r < rounds; r++)
      for (const q of queries) await bport.embed([q], { communityId: 'big', purpose: 'query' });
    const n = rounds * queries.length;
    console.log(
      `query embedding (warm, 100k community): ${(cpuMs(cq) / n).toFixed(3)} ms CPU per query (wall ${((performance.now() - tq) / n).toFixed(3)} ms)`,
    );
  }
}

classification();
await search();
await throughput();
