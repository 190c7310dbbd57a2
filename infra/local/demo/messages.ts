import type { InboundMessage } from '@kehila/shared';
import { wallClockToUtc } from '@kehila/functions/core/imports/wall-clock';
import { seededRandom } from '@kehila/functions/adapters/ai/local/hash';

/**
 * A deterministic generator of realistic messages of a Tel Aviv founders' WhatsApp group, in
 * English and Hebrew: hiring, supplier recommendations, events, fundraising, tech questions,
 * announcements, social chatter, some urgent and some heated threads, with replies and media,
 * spread over the last weeks with an Israeli week (quiet Friday evening and Saturday) and day
 * (busy mornings and evenings, quiet nights). The same options give the same messages, so the
 * local demo and the search bench can both use it.
 */

/** Options of the generator. */
export interface DemoMessageOptions {
  readonly count: number;
  /** The newest message is before this instant. */
  readonly now: Date;
  readonly communityId: string;
  readonly groupId: string;
  /** Days back the messages cover. */
  readonly days?: number;
  /** PRNG seed: another seed, other messages. */
  readonly seed?: number;
}

type Lang = 'en' | 'he';

interface Sender {
  readonly name: string;
  readonly id: string;
  /** Chance that a message of theirs is in Hebrew. */
  readonly hebrew: number;
  /** How much they talk, relative to others. */
  readonly weight: number;
}

/** ~25 members with WhatsApp ids (two are privacy ids, `@lid`); Dana and Yossi are the demo logins. */
export const DEMO_SENDERS: readonly Sender[] = [
  { name: 'Dana Levi', id: '972501234567@c.us', hebrew: 0.5, weight: 6 },
  { name: 'Yossi Cohen', id: '972527654321@c.us', hebrew: 0.6, weight: 4 },
  { name: 'Noa Bar', id: '972544812230@c.us', hebrew: 0.4, weight: 4 },
  { name: 'Avi Mizrahi', id: '972523317654@c.us', hebrew: 0.8, weight: 3 },
  { name: 'Shira Katz', id: '972509988776@c.us', hebrew: 0.3, weight: 3 },
  { name: 'Ron Azulay', id: '972546677881@c.us', hebrew: 0.7, weight: 2 },
  { name: 'Michal Friedman', id: '972502223344@c.us', hebrew: 0.5, weight: 3 },
  { name: 'Eitan Shapira', id: '972528765432@c.us', hebrew: 0.2, weight: 2 },
  { name: 'Tamar Golan', id: '972543456789@c.us', hebrew: 0.6, weight: 2 },
  { name: 'Omer Peretz', id: '972505678123@c.us', hebrew: 0.9, weight: 2 },
  { name: 'Lior Ben-David', id: '972521112233@c.us', hebrew: 0.4, weight: 2 },
  { name: 'Maya Rosen', id: '972547001122@c.us', hebrew: 0.3, weight: 3 },
  { name: 'Gil Oren', id: '972503344556@c.us', hebrew: 0.1, weight: 2 },
  { name: 'Yael Hadad', id: '972529090909@c.us', hebrew: 0.8, weight: 1 },
  { name: 'Daniel Weiss', id: '14155550142@c.us', hebrew: 0, weight: 2 },
  { name: 'Sarah Klein', id: '447700900123@c.us', hebrew: 0, weight: 1 },
  { name: 'Amit Sasson', id: '972548880011@c.us', hebrew: 0.7, weight: 2 },
  { name: 'Roni Alon', id: '972506060606@c.us', hebrew: 0.5, weight: 1 },
  { name: 'Nadav Tal', id: '972524242424@c.us', hebrew: 0.6, weight: 2 },
  { name: 'Hila Mor', id: '972545151515@c.us', hebrew: 0.9, weight: 1 },
  { name: 'Itai Segal', id: '972507171717@c.us', hebrew: 0.3, weight: 2 },
  { name: 'Keren Dahan', id: '972526262626@c.us', hebrew: 0.8, weight: 1 },
  { name: 'Boaz Levin', id: '972543030303@c.us', hebrew: 0.4, weight: 1 },
  { name: 'Inbal', id: '158749283746512@lid', hebrew: 0.7, weight: 1 },
  { name: 'Alex R.', id: '203948571029384@lid', hebrew: 0.1, weight: 1 },
];

const SLOTS: Record<string, { en: readonly string[]; he: readonly string[] }> = {
  role: {
    en: [
      'senior backend engineer',
      'full-stack developer',
      'product designer',
      'VP Sales',
      'data scientist',
      'DevOps engineer',
      'head of marketing',
      'customer success lead',
      'QA automation engineer',
      'frontend developer (React)',
    ],
    he: [
      'מפתח/ת בקאנד בכיר/ה',
      'מפתח/ת פולסטאק',
      'מעצב/ת מוצר',
      'סמנכ"ל/ית מכירות',
      'דאטה סיינטיסט/ית',
      'איש/אשת DevOps',
      'מנהל/ת שיווק',
      'מנהל/ת הצלחת לקוחות',
      'בודק/ת אוטומציה',
      'מפתח/ת פרונטאנד',
    ],
  },
  company: {
    en: ['Kavim', 'Loop', 'Finli', 'Medvise', 'Shuk.ai', 'Tavor Labs', 'Greenroof', 'Nimbus HR'],
    he: ['קווים', 'לופ', 'פינלי', 'מדוויז', 'שוק.איי', 'תבור לאבס', 'גרינרוף', 'נימבוס'],
  },
  supplier: {
    en: [
      'bookkeeper',
      'startup lawyer',
      'payroll provider',
      'office space',
      'branding agency',
      'UX freelancer',
      'cloud consultant',
      'tax advisor',
      'recruiter',
      'video production company',
    ],
    he: [
      'מנהל/ת חשבונות',
      'עורך/ת דין לסטארטאפים',
      'חברת שכר',
      'משרד להשכרה',
      'סטודיו למיתוג',
      'פרילנסר/ית UX',
      'יועץ/ת ענן',
      'רו"ח',
      'רכז/ת גיוס',
      'חברת הפקות וידאו',
    ],
  },
  vendor: {
    en: [
      'Hashavshevet Pro',
      'Ziv & Co',
      'Payflow',
      'Mindspace',
      'WeWork Sarona',
      'Studio Kfir',
      'CloudWise',
      'Gornitzky',
      'Meitar',
      'Rise',
    ],
    he: ["זיו ושות'", 'פייפלואו', 'מיינדספייס', 'סטודיו כפיר', 'קלאודווייז', 'גורניצקי', 'מיתר', 'רייז'],
  },
  venue: {
    en: [
      'Rothschild 22',
      'the Sarona hub',
      'Mindspace Rothschild',
      'Google Campus TLV',
      'The Library (Rothschild 6)',
      "Beit Ha'ir",
      'Port of Tel Aviv',
    ],
    he: ['רוטשילד 22', 'שרונה', 'מיינדספייס רוטשילד', 'קמפוס גוגל', 'הספרייה ברוטשילד', 'בית העיר', 'נמל תל אביב'],
  },
  day: {
    en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'],
    he: ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי'],
  },
  investor: {
    en: ['Pitango', 'Vertex', 'TLV Partners', 'Viola', 'Aleph', 'Glilot', 'an angel syndicate', 'the IIA'],
    he: ['פיטנגו', 'ורטקס', 'TLV Partners', 'ויולה', 'אלף', 'גלילות', "קבוצת אנג'לים", 'רשות החדשנות'],
  },
  sector: {
    en: ['fintech', 'climate tech', 'health tech', 'B2B SaaS', 'cyber', 'AI tooling', 'logistics'],
    he: ['פינטק', 'קליימט', 'בריאות דיגיטלית', 'SaaS', 'סייבר', 'כלי AI', 'לוגיסטיקה'],
  },
  tech: {
    en: [
      'Postgres',
      'DynamoDB',
      'Supabase',
      'Firebase',
      'Kubernetes',
      'ECS Fargate',
      'Vercel',
      'Cloudflare Workers',
      'Next.js',
      'Remix',
      'Terraform',
      'CDK',
    ],
    he: [
      'Postgres',
      'DynamoDB',
      'Supabase',
      'Firebase',
      'Kubernetes',
      'Fargate',
      'Vercel',
      'Cloudflare',
      'Next.js',
      'Terraform',
      'CDK',
    ],
  },
  amount: {
    en: ['$500K', '$1.2M', '$2M', '$3.5M', '$750K'],
    he: ['חצי מיליון דולר', '1.2 מיליון דולר', '2 מיליון דולר', '3.5 מיליון דולר'],
  },
  member: {
    en: ['Dana', 'Yossi', 'Noa', 'Avi', 'Shira', 'Michal', 'Maya', 'Gil', 'Itai', 'Nadav'],
    he: ['דנה', 'יוסי', 'נועה', 'אבי', 'שירה', 'מיכל', 'מאיה', 'גיל', 'איתי', 'נדב'],
  },
  event: {
    en: [
      'the Cyber Week afterparty',
      'a product-led growth workshop',
      'an AI founders panel',
      'the Fintech TLV meetup',
      'a pitch practice evening',
    ],
    he: ['סדנת צמיחה מבוססת מוצר', 'פאנל מייסדי AI', 'מיטאפ פינטק תל אביב', "ערב תרגול פיצ'ים", 'כנס הסייבר'],
  },
};

type Topic =
  | 'hiring'
  | 'suppliers'
  | 'events'
  | 'fundraising'
  | 'milestones'
  | 'tech'
  | 'announcements'
  | 'social'
  | 'lunch'
  | 'weekend'
  | 'urgent'
  | 'heated';

interface TopicTexts {
  readonly weight: number;
  readonly starters: { en: readonly string[]; he: readonly string[] };
  readonly replies: { en: readonly string[]; he: readonly string[] };
  /** Who starts it: anyone, or the admin (announcements). */
  readonly adminOnly?: boolean;
  /** Replies a thread gets: [min, max]. */
  readonly replies_range: readonly [number, number];
}

const TOPICS: Record<Topic, TopicTexts> = {
  hiring: {
    weight: 14,
    replies_range: [1, 5],
    starters: {
      en: [
        "We're hiring a {role} in Tel Aviv (hybrid, 3 days in the office). DM me or send a CV to jobs@{company}.io",
        'Anyone knows a strong {role} looking for their next thing? {company} is growing fast',
        'Looking for a fractional {role}, ~2 days a week, cash + equity. Referrals welcome 🙏',
        'Hiring question: how long does it take you to close a {role} these days? We are at 10 weeks and counting',
        '{company} is hiring! Open roles: {role}, {role}. Happy to buy coffee for good referrals ☕',
        'Is it normal that candidates for {role} ask for 40K+ now? Trying to calibrate our offer',
      ],
      he: [
        'מגייסים {role} ל{company}, משרה מלאה בתל אביב. מי שמכיר מישהו מתאים - אשמח להפניות 🙏',
        'מישהו מכיר {role} טוב/ה שמחפש/ת עבודה? אנחנו ב{company} ומחפשים כבר חודשיים',
        'שאלה לגבי גיוס: כמה זמן לוקח לכם לסגור {role}? אצלנו זה נמשך נצח',
        'פתחנו משרה ל{role}, היברידי, אופציות. שלחו לי קורות חיים בפרטי',
        'מחפשים {role} לפרויקט של 3 חודשים, אפשר פרילנס',
      ],
    },
    replies: {
      en: [
        'Sent you a DM',
        'My friend might be a great fit, will intro you two',
        '{member} was looking for exactly this last week',
        "What's the salary range?",
        'Is it remote friendly?',
        'Shared it in our alumni group',
        'We just went through the same, happy to share our hiring funnel',
        'Try posting on the Secret Tel Aviv jobs board too',
        'Ping me, I have 2 candidates from our last round',
      ],
      he: [
        'שלחתי לך בפרטי',
        'יש לי מישהו מעולה, אחבר ביניכם',
        '{member} חיפש/ה בדיוק את זה בשבוע שעבר',
        'מה טווח השכר?',
        'אפשר גם מרחוק?',
        'העברתי לקבוצת הבוגרים שלנו',
        'עברנו בדיוק את אותו דבר, אשמח לשתף',
        'תנסו גם בקבוצות הפייסבוק של הייטק',
        'יש לי שני מועמדים שלא לקחנו, דבר איתי',
      ],
    },
  },
  suppliers: {
    weight: 14,
    replies_range: [1, 6],
    starters: {
      en: [
        'Can anyone recommend a good {supplier} in Tel Aviv?',
        'Looking for a {supplier} who understands early-stage startups. Budget is tight',
        'Any experience with {vendor}? Considering them as our {supplier}',
        'Our {supplier} just raised prices by 30%. Alternatives?',
        'Recommendation request: {supplier} for a 6-person team, ideally someone who speaks English',
      ],
      he: [
        'מחפש/ת {supplier} טוב/ה, המלצות?',
        'מישהו עובד עם {vendor}? שוקלים אותם כ{supplier}',
        'ה{supplier} שלנו העלה מחירים ב-30%, יש חלופות?',
        'צריכים {supplier} שמכיר/ה סטארטאפים בשלב מוקדם. המלצות יתקבלו בברכה',
      ],
    },
    replies: {
      en: [
        'We use {vendor}, super happy with them',
        '+1 for {vendor}',
        'Ask {member}, they switched to {vendor} recently',
        'Avoid {vendor}, they missed all our deadlines',
        'Talk to Ziv, he did ours and was great',
        'Sending you a contact in private',
        'We pay around 2,500 NIS a month for that, for reference',
        'Depends what you need, happy to jump on a call',
      ],
      he: [
        'אנחנו עובדים עם {vendor} כבר שנתיים, ממליץ/ה בחום',
        '+1 ל{vendor}',
        'תתרחקו מ{vendor}, היה סיוט',
        'שלחתי לך פרטים בפרטי',
        'אנחנו משלמים בערך 2,500 ש"ח לחודש, לידיעה',
        'תלוי מה צריך, אפשר לדבר בטלפון',
      ],
    },
  },
  events: {
    weight: 10,
    replies_range: [1, 7],
    starters: {
      en: [
        "Demo night this {day} at {venue}, 19:00. Who's coming?",
        'Reminder: founders breakfast tomorrow 8:30 at {venue} ☕',
        'Sharing: {event} next week, free tickets with code FOUNDERS',
        "We're hosting {event} at our office on {day}. Limited to 40 people, RSVP in the link: https://lu.ma/tlv-founders",
        'Anyone going to {event}? Let’s meet there',
      ],
      he: [
        'מיטאפ ביום {day} ב{venue}, 19:00. מי מגיע?',
        'תזכורת: ארוחת בוקר יזמים מחר ב-8:30 ב{venue} ☕',
        'משתפת: {event} בשבוע הבא, כניסה חופשית עם הקוד FOUNDERS',
        'מארחים אצלנו במשרד {event} ביום {day}. מקומות מוגבלים, הרשמה בלינק: https://lu.ma/tlv-founders',
      ],
    },
    replies: {
      en: [
        "I'm in 🙋",
        'Count me in',
        'Will there be a recording?',
        "Can't make it this time, next one!",
        'Can I bring a cofounder?',
        'See you there',
        'Is there parking nearby?',
      ],
      he: [
        'אני מגיע/ה 🙋',
        'רשמתי אותי',
        'יהיה הקלטה?',
        'הפעם לא מסתדר לי, בפעם הבאה',
        'אפשר להביא שותף?',
        'נתראה שם',
        'יש חניה באזור?',
      ],
    },
  },
  fundraising: {
    weight: 11,
    replies_range: [1, 6],
    starters: {
      en: [
        'Anyone has experience raising from {investor} at pre-seed? Looking for intros',
        "What's a reasonable valuation cap for a SAFE at pre-seed in {sector} these days?",
        'Is anyone familiar with the Israel Innovation Authority grant process? Is it worth the paperwork?',
        'Investor update template: what do you include every month? Ours feels too long',
        'Looking for angels who invest in {sector}. We have first revenue and 3 design partners',
      ],
      he: [
        'מישהו עבר את תהליך המענק של רשות החדשנות? אשמח לטיפים',
        "מחפשים אנג'לים בתחום ה{sector}, למישהו יש המלצות?",
        'שאלה: איזה קאפ סביר ל-SAFE בפרי-סיד היום בתחום ה{sector}?',
        'מישהו גייס מ{investor}? איך היה התהליך?',
      ],
    },
    replies: {
      en: [
        'Happy to intro you to a partner at {investor}',
        'Depends on traction, but 8-12M cap is common',
        'The IIA process is slow but worth it for non-dilutive money',
        'Keep it short: KPIs, wins, asks. Nobody reads more',
        'Talk to {member}, they raised from {investor} last year',
        'DM me, I can share our data room checklist',
      ],
      he: [
        'אשמח לחבר אותך לשותף ב{investor}',
        'תלוי בטרקשן, אבל 8-12 מיליון קאפ זה נפוץ',
        'התהליך ארוך אבל שווה, זה כסף לא מדלל',
        'תדבר/י עם {member}, הם גייסו מ{investor} בשנה שעברה',
        "שלח/י לי הודעה, אשתף את הצ'קליסט שלנו לדאטה רום",
      ],
    },
  },
  milestones: {
    weight: 3,
    replies_range: [2, 7],
    starters: {
      en: [
        'We just closed our seed round ({amount}) 🎉 thanks everyone here for the intros and advice',
        'Big news: we signed our first enterprise customer 🚀',
        'After 2 years, we launched publicly today! Would love your upvotes on Product Hunt',
      ],
      he: [
        'סגרנו סבב סיד של {amount}! תודה לכל מי שעזר פה 🙏',
        'חדשות טובות: חתמנו על הלקוח האנטרפרייז הראשון שלנו 🚀',
        'אחרי שנתיים, השקנו היום! נשמח לתמיכה בפרודקט האנט',
      ],
    },
    replies: {
      en: ['Mazal tov!! 🎉', 'Mazal tov {member}!! 🎉', 'Congrats, well deserved 👏', 'Huge! 🚀', 'Upvoted 🙌'],
      he: ['מזל טוב!! 🎉', 'כל הכבוד, מגיע לכם 👏', 'ענק! 🚀', 'הצבעתי 🙌', 'מזל טוב {member}!'],
    },
  },
  tech: {
    weight: 14,
    replies_range: [1, 6],
    starters: {
      en: [
        'Anyone migrated from {tech} to {tech}? Worth it?',
        'Our AWS bill doubled this month. Any tips for cost optimisation?',
        'Which auth provider are you using? Cognito vs Auth0 vs Clerk',
        '{tech} or {tech} for a multi-tenant SaaS? Team of 3 engineers',
        'How do you handle Hebrew full-text search? Postgres FTS does not stem Hebrew at all',
        'Anyone using LLMs in production for support tickets? What does it cost you per month?',
      ],
      he: [
        'מישהו עבד עם {tech}? איך החוויה?',
        'החשבון של AWS שלנו הכפיל את עצמו החודש, טיפים לחיסכון?',
        'מה אתם משתמשים לאותנטיקציה? Cognito או Auth0?',
        '{tech} או {tech} ל-SaaS עם הרבה לקוחות? צוות של 3 מפתחים',
        'איך אתם עושים חיפוש טקסט בעברית? שום דבר לא מטפל טוב בתחיליות',
      ],
    },
    replies: {
      en: [
        'We moved last year, no regrets',
        '{member} gave a great talk about exactly this, ask for the slides',
        'Savings plans + rightsizing cut ours by 40%',
        'Cognito is fine once set up, the docs are painful',
        'Check your NAT gateway traffic first, that was our surprise',
        'We use {tech} and it scales fine for us',
        'Happy to show you our setup on a call',
      ],
      he: [
        'עברנו לפני חצי שנה, שווה את זה',
        'savings plans חתכו לנו 40% מהחשבון',
        'תבדקו קודם את ה-NAT gateway, שם הייתה ההפתעה שלנו',
        'אנחנו על {tech} וזה עובד מצוין',
        'אשמח להראות לך את הסטאפ שלנו בשיחה',
      ],
    },
  },
  announcements: {
    weight: 5,
    adminOnly: true,
    replies_range: [0, 3],
    starters: {
      en: [
        '📢 Reminder: job posts only on Sundays please',
        'Welcome to our new members! Please introduce yourselves: name, company, what you are looking for',
        '📢 Next month we start monthly office hours with investors. Sign-up form coming soon',
        '📢 Please keep the group for founders’ questions; ads go to the marketplace channel',
      ],
      he: [
        '📢 תזכורת: פרסומי משרות רק בימי ראשון',
        'ברוכים הבאים לחברים החדשים! הציגו את עצמכם: שם, חברה, ומה אתם מחפשים',
        '📢 בחודש הבא מתחילים שעות קבלה חודשיות עם משקיעים. טופס הרשמה בקרוב',
      ],
    },
    replies: {
      en: ['👍', 'Thanks Dana!', 'Great initiative', 'Hi all, Maya from Shuk.ai, building AI for grocery pricing'],
      he: ['👍', 'תודה דנה!', 'יוזמה מעולה', 'היי לכולם, אני ענבל מגרינרוף, מחפשת שותפים לפיילוט'],
    },
  },
  social: {
    weight: 4,
    replies_range: [0, 5],
    starters: {
      en: [
        'Good morning everyone ☀️',
        'Boker tov founders! Big demo day for us today, fingers crossed 🤞',
        'Monday motivation: we just hit 100 paying customers 🎉',
      ],
      he: [
        'בוקר טוב לכולם ☀️',
        'בוקר טוב! יום דמו גדול אצלנו היום, תחזיקו אצבעות 🤞',
        'הגענו היום ל-100 לקוחות משלמים 🎉',
      ],
    },
    replies: {
      en: ['Boker tov!', 'Good luck today 💪', 'Amazing, congrats {member}!', '☀️☀️', 'Go get them!'],
      he: ['בוקר אור!', 'בהצלחה היום 💪', 'מדהים, כל הכבוד {member}!', '☀️☀️', 'בהצלחה!!'],
    },
  },
  lunch: {
    weight: 3,
    replies_range: [1, 4],
    starters: {
      en: [
        'Anyone up for lunch near Rothschild today?',
        'Working from Sarona today, who is around for coffee?',
        'Coffee recommendations near Sarona? Need a quiet place for meetings',
      ],
      he: [
        'מישהו בא לצהריים באזור רוטשילד?',
        'עובדת היום משרונה, מי באזור לקפה?',
        'המלצות לבית קפה שקט לפגישות באזור שרונה?',
      ],
    },
    replies: {
      en: [
        "I'm in for lunch",
        'Next time!',
        'Cafe Xoho is great for meetings',
        'Around 13:00 works for me',
        'Try Benedict, quiet before 11',
      ],
      he: ['אני בא/ה לצהריים', 'בפעם הבאה!', 'קפה לוסי מעולה לפגישות', '13:00 מתאים לי', 'תנסו את בנדיקט, שקט לפני 11'],
    },
  },
  weekend: {
    weight: 3,
    replies_range: [0, 5],
    starters: {
      en: [
        'Happy Friday! Shabbat shalom 🕯️',
        'Running group on Saturday morning at the port, who joins? 🏃',
        'Any good podcast for the weekend? Founders stories preferred',
      ],
      he: ['שבת שלום לכולם 🕯️', 'ריצה בשבת בבוקר בנמל, מי מצטרף? 🏃', 'המלצות לפודקאסט לסופ"ש? עדיף סיפורי יזמים'],
    },
    replies: {
      en: [
        'Shabbat shalom 🙏',
        "I'll join the run!",
        'Acquired is my favourite',
        '😂😂 I wish I had a weekend',
        'Shabbat shalom {member}',
      ],
      he: [
        'שבת שלום 🙏',
        'אני מצטרף/ת לריצה!',
        'ממליץ/ה על "עושים היסטוריה"',
        '😂😂 הלוואי שהיה לי סופ"ש',
        'שבת שלום {member}',
      ],
    },
  },
  urgent: {
    weight: 4,
    replies_range: [2, 6],
    starters: {
      en: [
        'URGENT: our production DB is down, anyone knows a Postgres expert available right now?',
        'Need a lawyer ASAP for a term sheet we must sign by tomorrow morning 🙏',
        'Urgent: our payment provider froze our account. Anyone had this with Stripe? We need help today',
        'Help! Our domain expired and email is down. Anyone knows how to speed up the renewal?',
      ],
      he: [
        'דחוף!! מחפש/ת עורך/ת דין לחוזה שצריך לחתום עליו עד מחר בבוקר',
        'דחוף: השרת שלנו נפל, מישהו מכיר מומחה DevOps שזמין עכשיו?',
        'דחוף - חברת הסליקה הקפיאה לנו את החשבון, מישהו עבר את זה? צריך עזרה היום',
      ],
    },
    replies: {
      en: [
        'Calling you now',
        'Sent you a number of someone who can help tonight',
        'Happened to us, call their support line, not email',
        'On it, give me 10 min',
        'Good luck, update us',
      ],
      he: [
        'מתקשר/ת אליך עכשיו',
        'שלחתי לך מספר של מישהו שיכול לעזור הערב',
        'קרה לנו, תתקשרו לתמיכה ולא במייל',
        'בודק/ת, תן/תני לי 10 דקות',
        'בהצלחה, תעדכנו',
      ],
    },
  },
  heated: {
    weight: 4,
    replies_range: [2, 6],
    starters: {
      en: [
        'Honestly this is ridiculous, people keep posting ads here. Read the rules!',
        'I strongly disagree. Raising from {investor} was the worst decision we made, they were terrible partners',
        'This is spam. Please stop adding people without asking them first',
        'Sorry but recommending {vendor} is irresponsible, they lost our data last year',
      ],
      he: [
        'זה פשוט לא מקובל, אנשים ממשיכים לפרסם פה פרסומות. תקראו את החוקים!',
        'אני ממש לא מסכים/ה, זה חוסר מקצועיות מוחלט',
        'די עם הספאם, תפסיקו להוסיף אנשים בלי לשאול',
      ],
    },
    replies: {
      en: [
        "Let's keep it respectful please",
        'Calm down everyone 🙏',
        'Fair point, but no need to shout',
        'Agree 100%',
        'Take it to DMs please',
      ],
      he: [
        'בואו נשמור על שיח מכבד',
        'רגע, נרגעים כולם 🙏',
        'צודק/ת, אבל אין צורך לצעוק',
        'מסכים/ה לגמרי',
        'בואו נמשיך את זה בפרטי',
      ],
    },
  },
};

function weighted<T>(rand: () => number, items: readonly T[], weight: (t: T) => number): T {
  const total = items.reduce((s, i) => s + weight(i), 0);
  let r = rand() * total;
  for (const i of items) {
    r -= weight(i);
    if (r <= 0) return i;
  }
  return items[items.length - 1] as T;
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

/** Relative message volume by local hour (Asia/Jerusalem). */
const HOUR_WEIGHTS = [
  0.3, 0.15, 0.05, 0.03, 0.03, 0.08, 0.3, 0.8, 1.4, 1.8, 2, 1.9, 1.6, 1.5, 1.7, 1.7, 1.6, 1.4, 1.1, 1, 1.2, 1.4, 1.1,
  0.6,
];
/** Relative volume by weekday, Sunday first: the Israeli work week, then Friday and Shabbat. */
const WEEKDAY_WEIGHTS = [1.1, 1, 1, 1, 0.9, 0.5, 0.3];
const ZONE = 'Asia/Jerusalem';

function fill(rand: () => number, template: string, lang: Lang): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const values = SLOTS[slot];
    return values ? pick(rand, values[lang]) : `{${slot}}`;
  });
}

/** A local day and hour chosen by the weekly and daily rhythm, as a UTC instant. */
function conversationStart(rand: () => number, now: Date, days: number): number {
  const todayLocal = new Date(now.getTime() + 3 * 3_600_000);
  const candidates = Array.from({ length: days }, (_, i) => {
    const d = new Date(Date.UTC(todayLocal.getUTCFullYear(), todayLocal.getUTCMonth(), todayLocal.getUTCDate() - i));
    return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), w: WEEKDAY_WEIGHTS[d.getUTCDay()] ?? 1 };
  });
  const day = weighted(rand, candidates, (c) => c.w);
  const hour = weighted(
    rand,
    HOUR_WEIGHTS.map((w, h) => ({ h, w })),
    (x) => x.w,
  ).h;
  return wallClockToUtc(
    { year: day.y, month: day.m, day: day.d, hour, minute: Math.floor(rand() * 60), second: Math.floor(rand() * 60) },
    ZONE,
  );
}

const MEDIA: readonly { type: string; en: readonly string[]; he: readonly string[] }[] = [
  {
    type: 'image',
    en: ['Photos from last night 📸', 'Screenshot of the offer', ''],
    he: ['תמונות מאתמול 📸', 'צילום מסך של ההצעה', ''],
  },
  {
    type: 'document',
    en: ['Our deck, feedback welcome', 'The term sheet template I mentioned'],
    he: ['המצגת שלנו, אשמח לפידבק', 'התבנית של הטרם שיט שדיברתי עליה'],
  },
  { type: 'audio', en: [''], he: [''] },
  { type: 'video', en: ['Recording of the panel'], he: ['הקלטה של הפאנל'] },
];

/**
 * Generates `count` messages, oldest first, as InboundMessages of the demo group (provider
 * `waha`, ids `demo-<seed>-<n>`, replies pointing at their thread's first message).
 */
export function generateDemoMessages(opts: DemoMessageOptions): InboundMessage[] {
  const seed = opts.seed ?? 20240101;
  const days = opts.days ?? 45;
  const rand = seededRandom(seed);
  const topics = Object.entries(TOPICS) as [Topic, TopicTexts][];
  const admin = DEMO_SENDERS[0] as Sender;
  const latest = opts.now.getTime() - 60_000;
  const out: InboundMessage[] = [];
  let n = 0;
  const message = (sender: Sender, at: number, text: string, replyTo: string | null, mediaType: string | null) => {
    n += 1;
    const m: InboundMessage = {
      community_id: opts.communityId,
      group_id: opts.groupId,
      provider: 'waha',
      provider_message_id: `demo-${seed}-${n}`,
      sender_id: sender.id,
      sender_name: sender.name,
      // WhatsApp times are whole seconds.
      timestamp: new Date(Math.floor(at / 1000) * 1000).toISOString(),
      text,
      reply_to: replyTo,
      media_type: mediaType,
    };
    out.push(m);
    return m;
  };

  while (out.length < opts.count) {
    const [, topic] = weighted(rand, topics, ([, t]) => t.weight);
    const starter = topic.adminOnly ? admin : weighted(rand, DEMO_SENDERS, (s) => s.weight);
    const lang: Lang = rand() < starter.hebrew ? 'he' : 'en';
    let at = conversationStart(rand, opts.now, days);
    // Today's later hours have not happened yet.
    if (at > latest) continue;
    const first = message(starter, at, fill(rand, pick(rand, topic.starters[lang]), lang), null, null);
    const [lo, hi] = topic.replies_range;
    const replies = lo + Math.floor(rand() * (hi - lo + 1));
    for (let i = 0; i < replies && out.length < opts.count; i += 1) {
      // Replies come quickly at first, then slow down.
      at += (1 + rand() * (i < 2 ? 12 : 60)) * 60_000;
      if (at > latest) break;
      const sender = weighted(rand, DEMO_SENDERS, (s) => (s === starter ? 0.2 : s.weight));
      const replyLang: Lang = rand() < 0.7 ? lang : rand() < sender.hebrew ? 'he' : 'en';
      const quoted = rand() < 0.45 ? first.provider_message_id : null;
      if (rand() < 0.07) {
        const media = pick(rand, MEDIA);
        message(sender, at, pick(rand, media[replyLang]), quoted, media.type);
      } else {
        message(sender, at, fill(rand, pick(rand, topic.replies[replyLang]), replyLang), quoted, null);
      }
    }
  }
  return out.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}
