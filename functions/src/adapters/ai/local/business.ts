/**
 * The local provider's business analyses (docs/business-intelligence.md): rules over a bilingual
 * lexicon of professional services, no model. A message is an opportunity when it asks for a
 * service ("looking for", "need a", "anyone know a good…", מחפש, צריך, דרוש, מישהו מכיר…) and names
 * one the lexicon knows; its budget and deadline are read when written ("budget of 8,000 ₪",
 * "תקציב 20 אלף", "by Friday", "תוך שבועיים"). The confidence is a rule score, not a probability:
 * 0.5 for a request naming a service, +0.2 with a budget, +0.15 with a deadline, +0.05 with an
 * explicit request verb. Members are matched by the services their profile words name; partnerships
 * pair members whose services complement each other. Deterministic: the same input gives the same
 * answer.
 */
import { ILS_PER_USD, type OpportunityType, type OpportunityUrgency } from '@kehila/shared';
import type {
  AiInputMessage,
  AiMemberProfile,
  DetectedOpportunity,
  SuggestedPartnership,
} from '../../../core/ports/ai';

/** A service of the lexicon: its key, English and Hebrew labels, and the words that name it. */
interface Service {
  readonly key: string;
  readonly en: string;
  readonly he: string;
  readonly words: readonly string[];
}

/** Professional services communities ask each other for, English and Hebrew (with common forms). */
export const SERVICES: readonly Service[] = [
  {
    key: 'accountant',
    en: 'Accountant',
    he: 'רואה חשבון',
    words: [
      'accountant',
      'accounting',
      'bookkeeper',
      'bookkeeping',
      'cpa',
      'tax advisor',
      'tax return',
      'רואה חשבון',
      'רואת חשבון',
      'רו"ח',
      'הנהלת חשבונות',
      'מנהלת חשבונות',
      'מנהל חשבונות',
      'יועץ מס',
      'יועצת מס',
    ],
  },
  {
    key: 'lawyer',
    en: 'Lawyer',
    he: 'עורך דין',
    words: ['lawyer', 'attorney', 'legal advice', 'legal counsel', 'עורך דין', 'עורכת דין', 'עו"ד', 'ייעוץ משפטי'],
  },
  {
    key: 'developer',
    en: 'Developer',
    he: 'מפתח תוכנה',
    words: [
      'developer',
      'programmer',
      'software engineer',
      'full stack',
      'fullstack',
      'backend',
      'frontend',
      'react developer',
      'app developer',
      'web developer',
      'מפתח',
      'מפתחת',
      'מתכנת',
      'מתכנתת',
      'פיתוח אפליקציה',
      'פיתוח תוכנה',
      'בניית אתר',
      'בניית אתרים',
      'מפתח אתרים',
    ],
  },
  {
    key: 'designer',
    en: 'Designer',
    he: 'מעצב',
    words: [
      'designer',
      'graphic design',
      'ux',
      'ui designer',
      'ux designer',
      'logo design',
      'branding',
      'מעצב',
      'מעצבת',
      'גרפיקאי',
      'גרפיקאית',
      'עיצוב גרפי',
      'מיתוג',
      'עיצוב לוגו',
    ],
  },
  {
    key: 'marketing',
    en: 'Marketing expert',
    he: 'מומחה שיווק',
    words: [
      'marketing',
      'marketer',
      'seo',
      'ppc',
      'social media manager',
      'digital marketing',
      'growth hacker',
      'campaign manager',
      'שיווק',
      'משווק',
      'משווקת',
      'קידום אתרים',
      'שיווק דיגיטלי',
      'ניהול סושיאל',
      'קמפיין',
      'קמפיינים',
    ],
  },
  {
    key: 'copywriter',
    en: 'Copywriter',
    he: 'קופירייטר',
    words: [
      'copywriter',
      'copywriting',
      'content writer',
      'קופירייטר',
      'קופירייטרית',
      'כתיבת תוכן',
      'כותב תוכן',
      'כותבת תוכן',
    ],
  },
  {
    key: 'photographer',
    en: 'Photographer',
    he: 'צלם',
    words: ['photographer', 'photography', 'צלם', 'צלמת', 'צילום'],
  },
  {
    key: 'video',
    en: 'Video editor',
    he: 'עורך וידאו',
    words: [
      'video editor',
      'videographer',
      'video production',
      'עורך וידאו',
      'עורכת וידאו',
      'עריכת וידאו',
      'הפקת וידאו',
      'צלם וידאו',
    ],
  },
  {
    key: 'translator',
    en: 'Translator',
    he: 'מתרגם',
    words: ['translator', 'translation', 'מתרגם', 'מתרגמת', 'תרגום'],
  },
  {
    key: 'consultant',
    en: 'Business consultant',
    he: 'יועץ עסקי',
    words: [
      'business consultant',
      'business advisor',
      'strategy consultant',
      'יועץ עסקי',
      'יועצת עסקית',
      'ייעוץ עסקי',
      'ליווי עסקי',
    ],
  },
  {
    key: 'financial',
    en: 'Financial advisor',
    he: 'יועץ פיננסי',
    words: [
      'financial advisor',
      'financial planner',
      'mortgage advisor',
      'mortgage broker',
      'יועץ פיננסי',
      'יועצת פיננסית',
      'יועץ משכנתאות',
      'יועצת משכנתאות',
      'תכנון פיננסי',
    ],
  },
  {
    key: 'insurance',
    en: 'Insurance agent',
    he: 'סוכן ביטוח',
    words: ['insurance agent', 'insurance broker', 'סוכן ביטוח', 'סוכנת ביטוח', 'ביטוח'],
  },
  {
    key: 'realestate',
    en: 'Real estate agent',
    he: 'מתווך נדל"ן',
    words: ['real estate agent', 'realtor', 'property manager', 'מתווך', 'מתווכת', 'תיווך', 'נדל"ן', 'נדלן'],
  },
  {
    key: 'recruiter',
    en: 'Recruiter',
    he: 'מגייס',
    words: ['recruiter', 'headhunter', 'talent acquisition', 'מגייס', 'מגייסת', 'השמה', 'גיוס עובדים'],
  },
  {
    key: 'data',
    en: 'Data scientist',
    he: 'מדען נתונים',
    words: [
      'data scientist',
      'data analyst',
      'machine learning',
      'ai engineer',
      'דאטה',
      'מדען נתונים',
      'אנליסט',
      'אנליסטית',
      'למידת מכונה',
    ],
  },
  {
    key: 'investor',
    en: 'Investor',
    he: 'משקיע',
    words: [
      'investor',
      'investors',
      'angel investor',
      'seed funding',
      'venture capital',
      'משקיע',
      'משקיעה',
      'משקיעים',
      "משקיע אנג'ל",
      'גיוס הון',
    ],
  },
  {
    key: 'events',
    en: 'Event planner',
    he: 'מפיק אירועים',
    words: [
      'event planner',
      'event production',
      'catering',
      'caterer',
      'מפיק אירועים',
      'מפיקת אירועים',
      'הפקת אירועים',
      'קייטרינג',
    ],
  },
  {
    key: 'interior',
    en: 'Interior designer',
    he: 'מעצב פנים',
    words: ['interior designer', 'interior design', 'מעצב פנים', 'מעצבת פנים', 'עיצוב פנים'],
  },
  {
    key: 'contractor',
    en: 'Contractor',
    he: 'קבלן',
    words: ['contractor', 'renovation', 'builder', 'קבלן', 'קבלנית', 'שיפוץ', 'שיפוצים'],
  },
  { key: 'electrician', en: 'Electrician', he: 'חשמלאי', words: ['electrician', 'חשמלאי', 'חשמלאית'] },
  { key: 'plumber', en: 'Plumber', he: 'אינסטלטור', words: ['plumber', 'plumbing', 'אינסטלטור', 'שרברב'] },
  {
    key: 'coach',
    en: 'Business coach',
    he: 'מאמן עסקי',
    words: ['business coach', 'career coach', 'מאמן עסקי', 'מאמנת עסקית', 'אימון עסקי'],
  },
];

const SERVICE_BY_KEY = new Map(SERVICES.map((s) => [s.key, s]));

/** Services that complete each other, with the kind of partnership and why (both orders). */
const COMPLEMENTS: readonly { a: string; b: string; type: string; why: string; weight: number }[] = [
  {
    a: 'developer',
    b: 'designer',
    type: 'joint_offering',
    why: 'together they can deliver complete digital products',
    weight: 0.8,
  },
  {
    a: 'developer',
    b: 'marketing',
    type: 'joint_offering',
    why: 'one builds the product, the other brings its customers',
    weight: 0.72,
  },
  {
    a: 'designer',
    b: 'marketing',
    type: 'joint_offering',
    why: 'branding and campaigns sold as one package',
    weight: 0.75,
  },
  {
    a: 'marketing',
    b: 'copywriter',
    type: 'joint_offering',
    why: 'campaigns need the words that sell them',
    weight: 0.74,
  },
  {
    a: 'accountant',
    b: 'lawyer',
    type: 'referral',
    why: 'businesses need both at founding, funding and tax time',
    weight: 0.78,
  },
  {
    a: 'accountant',
    b: 'financial',
    type: 'referral',
    why: 'tax and financial planning for the same clients',
    weight: 0.7,
  },
  { a: 'financial', b: 'insurance', type: 'referral', why: 'financial plans come with insurance needs', weight: 0.7 },
  { a: 'realestate', b: 'financial', type: 'referral', why: 'home buyers need a mortgage advisor', weight: 0.76 },
  { a: 'realestate', b: 'lawyer', type: 'referral', why: 'every property deal needs a lawyer', weight: 0.74 },
  { a: 'realestate', b: 'interior', type: 'referral', why: 'new owners redesign their homes', weight: 0.66 },
  {
    a: 'interior',
    b: 'contractor',
    type: 'joint_offering',
    why: 'design and renovation delivered together',
    weight: 0.76,
  },
  { a: 'contractor', b: 'electrician', type: 'joint_offering', why: 'renovations need electrical work', weight: 0.68 },
  { a: 'contractor', b: 'plumber', type: 'joint_offering', why: 'renovations need plumbing', weight: 0.68 },
  { a: 'photographer', b: 'video', type: 'joint_offering', why: 'stills and video for the same shoot', weight: 0.72 },
  { a: 'photographer', b: 'events', type: 'referral', why: 'every event needs a photographer', weight: 0.7 },
  { a: 'marketing', b: 'video', type: 'joint_offering', why: 'video content for campaigns', weight: 0.68 },
  { a: 'data', b: 'developer', type: 'joint_offering', why: 'data products need engineers to ship them', weight: 0.7 },
  {
    a: 'investor',
    b: 'consultant',
    type: 'strategic',
    why: 'investments need portfolio companies made ready',
    weight: 0.66,
  },
  { a: 'investor', b: 'lawyer', type: 'strategic', why: 'every investment round needs legal work', weight: 0.64 },
  { a: 'recruiter', b: 'coach', type: 'referral', why: 'candidates and teams both need coaching', weight: 0.62 },
  { a: 'consultant', b: 'accountant', type: 'referral', why: 'business plans rest on the numbers', weight: 0.66 },
  {
    a: 'translator',
    b: 'copywriter',
    type: 'joint_offering',
    why: 'content delivered in more than one language',
    weight: 0.62,
  },
];

const HEBREW = /[\u05d0-\u05ea]/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lower case, without niqqud, with plain quotes: what the request, budget and deadline rules read. */
function plain(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0591-\u05c7]/g, '')
    .replace(/[״“”]/g, '"')
    .replace(/[׳‘’]/g, "'")
    .toLowerCase();
}

/** Also folds Hebrew final letters, so a service word matches however it is written. */
function fold(text: string): string {
  return plain(text).replace(/ך/g, 'כ').replace(/ם/g, 'מ').replace(/ן/g, 'נ').replace(/ף/g, 'פ').replace(/ץ/g, 'צ');
}

/** One compiled pattern per service word: a Hebrew word may carry prefix letters, an English one a plural. */
const SERVICE_PATTERNS: readonly { key: string; re: RegExp }[] = SERVICES.flatMap((s) =>
  s.words.map((w) => {
    const word = fold(w);
    const re = HEBREW.test(word)
      ? new RegExp(`(?:^|[^\\p{L}"'])[והבכלמש]{0,3}${escape(word)}(?=$|[^\\p{L}])`, 'u')
      : new RegExp(`(?:^|[^\\p{L}])${escape(word)}(?:s|es)?(?=$|[^\\p{L}])`, 'u');
    return { key: s.key, re };
  }),
);

/** The services a text names, in lexicon order. */
export function servicesIn(text: string): string[] {
  const t = fold(text);
  const found = new Set<string>();
  for (const p of SERVICE_PATTERNS) if (!found.has(p.key) && p.re.test(t)) found.add(p.key);
  return SERVICES.map((s) => s.key).filter((k) => found.has(k));
}

/** Asking for something: the verbs and questions of a request, English and Hebrew. */
const REQUEST = [
  /\b(?:looking for|searching for|seeking|in search of)\b/,
  /\b(?:i|we) (?:need|require|want)\b|\bneed(?:s|ed)? (?:a|an|some|help)\b/,
  /\b(?:does )?any(?:one|body) (?:know|recommend|have)\b|\bcan (?:someone|anyone) recommend\b|\brecommendations? for\b/,
  /\b(?:we(?:'re| are)|i(?:'m| am)) hiring\b|\bhiring (?:a|an)\b/,
  /(?:^|\s)(?:מחפש|מחפשת|מחפשים|מחפשות|צריך|צריכה|צריכים|זקוק|זקוקה|זקוקים|דרוש|דרושה|דרושים|מגייסים|מגייס|מגייסת)(?=$|[\s,.!?:])/u,
  /(?:^|\s)(?:מישהו|מישהי|מישהן|מישהם) (?:מכיר|מכירה|יודע|ממליצ|יכול להמליצ)|מכירים (?:מישהו|מישהי)|(?:^|\s)המלצה על|(?:^|\s)ממליצים על/u,
];
/** An explicit request verb (adds to the confidence). */
const STRONG_REQUEST =
  /\b(?:looking for|need|hiring|seeking)\b|(?:^|\s)(?:מחפש|מחפשת|מחפשים|צריך|צריכה|צריכים|דרוש|דרושה|דרושים)(?=$|[\s,.!?:])/u;
/** Someone offering themselves or looking for work or clients: not an opportunity to match. */
const OFFER = [
  /\blooking for (?:new )?(?:clients|customers|work|projects|a job|job|freelance work|leads)\b/,
  /\b(?:i(?:'m| am)|we(?:'re| are)) (?:available|offering|open to)\b|\bi offer\b/,
  /(?:מחפש|מחפשת|מחפשים) (?:לקוחות|עבודה|פרויקטים|משרה|לידים)|(?:^|\s)(?:אני מציע|אני מציעה|פנוי לפרויקטים|פנויה לפרויקטים)/u,
];

/** A budget as written: "budget of 8,000 ₪", "₪15k", "$5,000", "תקציב של 20 אלף ש"ח", "5000 שקל". */
const AMOUNT =
  /(?:(₪|\$|usd|nis|ils)\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|אלף|אל"ף|מיליון|m\b|million)?\s?(₪|ש"ח|שח|שקל\p{L}*|nis|ils|\$|usd|dollars?|דולר\p{L}*)?/giu;
const BUDGET_WORD = /\b(?:budget|paying|pay up to|up to|price range|willing to pay)\b|תקציב|עד\s|משלמ/u;

/** The budget a message names, in shekels; null without one. */
export function budgetIn(text: string): number | null {
  const t = plain(text);
  let best: number | null = null;
  for (const m of t.matchAll(AMOUNT)) {
    const [all, pre, num, mult, post] = m;
    const currency = pre ?? post;
    const near = t.slice(Math.max(0, (m.index ?? 0) - 25), (m.index ?? 0) + all.length);
    // a bare number is a budget only beside a budget word; a currency makes it one anyway
    if (!currency && !BUDGET_WORD.test(near)) continue;
    let value = Number((num ?? '').replace(/,/g, ''));
    if (!Number.isFinite(value) || value <= 0) continue;
    if (mult === 'k' || mult === 'אלף' || mult === 'אל"ף') value *= 1000;
    else if (mult === 'מיליון' || mult === 'm' || mult === 'million') value *= 1_000_000;
    if (currency && /\$|usd|dollar|דולר/u.test(currency)) value *= ILS_PER_USD;
    if (value < 50) continue;
    best = Math.max(best ?? 0, Math.round(value));
  }
  return best;
}

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAYS_HE = ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי', 'שבת'];
const HE_NUMBERS: Record<string, number> = {
  שניים: 2,
  שתיים: 2,
  שלושה: 3,
  שלוש: 3,
  ארבעה: 4,
  ארבע: 4,
  חמישה: 5,
  חמש: 5,
  עשרה: 10,
  עשר: 10,
};

/** Days until the deadline a message names (from its own date); null without one. */
export function timelineIn(text: string, sentAt: Date): number | null {
  const t = plain(text);
  if (/\b(?:asap|urgent(?:ly)?|today|tonight)\b|(?:^|\s)(?:דחוף|בדחיפות|היום|הערב|מיידי)(?=$|[\s,.!?])/u.test(t))
    return 1;
  if (/\btomorrow\b|(?:^|\s)מחר(?=$|[\s,.!?])/u.test(t)) return 1;
  const within = /\b(?:within|in|next)\s+(\d+|a|one|two|three|four)\s+(day|week|month)s?\b/.exec(t);
  if (within) {
    const n = { a: 1, one: 1, two: 2, three: 3, four: 4 }[within[1] as 'a'] ?? Number(within[1]);
    return n * { day: 1, week: 7, month: 30 }[within[2] as 'day'];
  }
  if (/\bnext week\b|(?:^|\s)(?:בשבוע הבא|שבוע הבא)/u.test(t)) return 7;
  if (/\bnext month\b|(?:^|\s)(?:בחודש הבא|חודש הבא)/u.test(t)) return 30;
  if (/\b(?:by|before) the end of (?:the|this) month\b|עד סוף החודש/u.test(t)) {
    const end = new Date(Date.UTC(sentAt.getUTCFullYear(), sentAt.getUTCMonth() + 1, 0));
    return Math.max(1, Math.ceil((end.getTime() - sentAt.getTime()) / 86_400_000));
  }
  if (/\b(?:by|before) the end of (?:the|this) week\b|עד סוף השבוע/u.test(t))
    return Math.max(1, 6 - sentAt.getUTCDay());
  const byDay = /\b(?:by|before|until|on)\s+(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(t);
  const heDay = /עד (?:יום )?(ראשון|שני|שלישי|רביעי|חמישי|שישי|שבת)/u.exec(t);
  const day = byDay ? WEEKDAYS_EN.indexOf(byDay[1] ?? '') : heDay ? WEEKDAYS_HE.indexOf(heDay[1] ?? '') : -1;
  if (day >= 0) return (day - sentAt.getUTCDay() + 7) % 7 || 7;
  const heWithin =
    /(?:תוך|בתוך|בעוד|עד)\s+(\d+|שניים|שתיים|שלושה|שלוש|ארבעה|ארבע|חמישה|חמש|עשרה|עשר)?\s*(שבועיים|שבועות|שבוע|חודשיים|חודשים|חודש|ימים|יום)/u.exec(
      t,
    );
  if (heWithin) {
    const unit = heWithin[2] ?? '';
    const n = heWithin[1] ? (HE_NUMBERS[heWithin[1]] ?? Number(heWithin[1])) : 1;
    if (unit === 'שבועיים') return 14;
    if (unit === 'חודשיים') return 60;
    return n * (unit.startsWith('שבוע') ? 7 : unit.startsWith('חודש') ? 30 : 1);
  }
  if (/\bdeadline\b|דדליין/u.test(t)) return 14;
  return null;
}

/** The kind of opportunity a request is (S3 §3 types). */
function typeOf(t: string, services: readonly string[]): OpportunityType {
  if (/\bhiring\b|\bjob opening\b|\bposition\b|(?:^|\s)(?:דרושה|דרושים|דרוש|מגייסים|משרה|משרת)(?=$|[\s,.!?:])/u.test(t))
    return services.includes('recruiter') ? 'talent_placement' : 'job_referral';
  if (services.includes('investor') || /\b(?:funding|invest(?:ment|or)s?)\b|השקעה|גיוס הון/u.test(t))
    return 'investment';
  if (/\bpartner(?:ship)?\b|(?:^|\s)(?:שותף|שותפה|שותפות)(?=$|[\s,.!?:])/u.test(t)) return 'partnership';
  if (/\bcollaborat|שיתוף פעולה/u.test(t)) return 'collaboration';
  if (/\b(?:buy|purchase|deal|contract)\b|(?:^|\s)(?:לקנות|עסקה|חוזה)(?=$|[\s,.!?:])/u.test(t)) return 'deal';
  return 'service_request';
}

function urgencyOf(t: string, timeline: number | null): OpportunityUrgency {
  if (/\b(?:asap|urgent(?:ly)?|emergency)\b|(?:^|\s)(?:דחוף|בדחיפות)(?=$|[\s,.!?])/u.test(t)) return 'urgent';
  if (timeline !== null && timeline <= 3) return 'high';
  if (timeline !== null && timeline <= 14) return 'medium';
  return 'low';
}

const TITLE: Record<OpportunityType, (label: string) => string> = {
  service_request: (l) => `${l} needed`,
  job_referral: (l) => `Hiring: ${l}`,
  talent_placement: (l) => `Hiring: ${l}`,
  investment: (l) => `${l} sought`,
  partnership: (l) => `Partner sought: ${l}`,
  collaboration: (l) => `Collaboration: ${l}`,
  deal: (l) => `Deal: ${l}`,
};

/** Whether a message asks for a service (not an offer, not a recommendation). */
function isRequest(t: string): boolean {
  return REQUEST.some((re) => re.test(t)) && !OFFER.some((re) => re.test(t));
}

/** Services a member's profile offers (job role, headline, skills). */
export function profileServices(m: AiMemberProfile): string[] {
  return servicesIn([m.job_role, m.headline, ...m.skills].filter(Boolean).join(' \n '));
}

function memberMatches(
  services: readonly string[],
  members: readonly AiMemberProfile[],
  offers: Map<string, string[]>,
) {
  return members
    .map((m) => ({ m, hits: (offers.get(m.id) ?? []).filter((k) => services.includes(k)) }))
    .filter((x) => x.hits.length > 0)
    .sort(
      (a, b) =>
        b.hits.length - a.hits.length ||
        (b.m.revenue_potential_score ?? 0) - (a.m.revenue_potential_score ?? 0) ||
        a.m.name.localeCompare(b.m.name) ||
        a.m.id.localeCompare(b.m.id),
    )
    .slice(0, 5)
    .map((x) => ({
      member_id: x.m.id,
      reason: `${[x.m.job_role, x.m.company ? `at ${x.m.company}` : null].filter(Boolean).join(' ') || x.m.name} offers ${x.hits
        .map((k) => SERVICE_BY_KEY.get(k)?.en.toLowerCase() ?? k)
        .join(' and ')}`,
    }));
}

/** The opportunity one message makes, or null (see the module comment). */
export function detectOpportunity(
  msg: AiInputMessage,
  members: readonly AiMemberProfile[],
  offers: Map<string, string[]> = offersOf(members),
): DetectedOpportunity | null {
  const text = msg.text.replace(/\s+/g, ' ').trim();
  if (text.length < 12 || text.length > 2000) return null;
  const t = plain(text);
  if (!isRequest(t)) return null;
  const services = servicesIn(text);
  if (services.length === 0) return null;
  const main = SERVICE_BY_KEY.get(services[0] ?? '')!;
  const sentAt = new Date(msg.timestamp);
  const budget = budgetIn(text);
  const timeline = timelineIn(text, Number.isNaN(sentAt.getTime()) ? new Date(0) : sentAt);
  const type = typeOf(t, services);
  const confidence = Math.min(
    0.95,
    0.5 + (budget !== null ? 0.2 : 0) + (timeline !== null ? 0.15 : 0) + (STRONG_REQUEST.test(t) ? 0.05 : 0),
  );
  const who = msg.sender_name?.trim() || 'the requester';
  const actions = [`Reply to ${who} in the group`];
  if (budget === null) actions.push('Ask for the budget');
  if (timeline === null) actions.push('Ask for the deadline');
  return {
    title: TITLE[type](main.en),
    description: text.slice(0, 500),
    opportunity_type: type,
    estimated_value: budget,
    confidence: Math.round(confidence * 100) / 100,
    urgency: urgencyOf(t, timeline),
    timeline_days: timeline,
    service: { en: main.en, he: main.he },
    action_items: actions,
    message_ids: [msg.id],
    matches: memberMatches(services, members, offers),
  };
}

// A run sends the same member list with every batch: its profiles are read once.
const OFFERS = new WeakMap<readonly AiMemberProfile[], Map<string, string[]>>();
function offersOf(members: readonly AiMemberProfile[]): Map<string, string[]> {
  let offers = OFFERS.get(members);
  if (!offers) {
    offers = new Map(members.map((m) => [m.id, profileServices(m)]));
    OFFERS.set(members, offers);
  }
  return offers;
}

/** Opportunities of a batch of messages, in message order (the local provider's detectOpportunities). */
export function detectOpportunitiesLocal(
  messages: readonly AiInputMessage[],
  members: readonly AiMemberProfile[],
): DetectedOpportunity[] {
  return messages.map((m) => detectOpportunity(m, members, offersOf(members))).filter((o): o is DetectedOpportunity => o !== null);
}

const sameText = (a: string | null, b: string | null) => !!a && !!b && fold(a).trim() === fold(b).trim();

/**
 * Partnership matches (the local provider's matchPartners): pairs of members whose services
 * complement each other (COMPLEMENTS), never two of one company; a member is in at most three, so
 * the list is not one person's. Compatibility: the pair's weight, +0.05 for the same location, +0.05
 * when one of them decides budgets, +0.05 when both name a company. Value: their referral values'
 * sum when the profiles carry them (LinkedIn enrichment), else null.
 */
export function matchPartnersLocal(members: readonly AiMemberProfile[], max: number): SuggestedPartnership[] {
  const byService = new Map<string, AiMemberProfile[]>();
  for (const m of members) for (const k of profileServices(m)) byService.set(k, [...(byService.get(k) ?? []), m]);
  const seen = new Set<string>();
  const all: (SuggestedPartnership & { order: string })[] = [];
  for (const c of COMPLEMENTS) {
    for (const a of byService.get(c.a) ?? []) {
      for (const b of byService.get(c.b) ?? []) {
        if (a.id === b.id || sameText(a.company, b.company)) continue;
        const [x, y] = a.id < b.id ? [a, b] : [b, a];
        const key = `${x.id}|${y.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const score =
          c.weight +
          (sameText(a.location, b.location) ? 0.05 : 0) +
          (a.decision_authority || b.decision_authority ? 0.05 : 0) +
          (a.company && b.company ? 0.05 : 0);
        const values = [a.referral_value, b.referral_value].filter((v): v is number => typeof v === 'number');
        const role = (m: AiMemberProfile) => m.job_role ?? SERVICE_BY_KEY.get(c.a === c.b ? c.a : '')?.en ?? m.name;
        all.push({
          member_a_id: a.id,
          member_b_id: b.id,
          compatibility: Math.round(Math.min(0.95, score) * 100) / 100,
          opportunity_type: c.type,
          reason: `${role(a)} and ${role(b)}: ${c.why}`,
          estimated_value: values.length > 0 ? values.reduce((s, v) => s + v, 0) : null,
          order: key,
        });
      }
    }
  }
  all.sort((p, q) => q.compatibility - p.compatibility || p.order.localeCompare(q.order));
  const per = new Map<string, number>();
  const out: SuggestedPartnership[] = [];
  for (const p of all) {
    if (out.length >= max) break;
    if ((per.get(p.member_a_id) ?? 0) >= 3 || (per.get(p.member_b_id) ?? 0) >= 3) continue;
    per.set(p.member_a_id, (per.get(p.member_a_id) ?? 0) + 1);
    per.set(p.member_b_id, (per.get(p.member_b_id) ?? 0) + 1);
    const { order: _order, ...rest } = p;
    out.push(rest);
  }
  return out;
}
