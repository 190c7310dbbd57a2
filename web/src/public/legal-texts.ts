import { DATA_RETENTION_AFTER_CANCEL_DAYS } from '@kehila/shared/constants';

/** One legal document: its title, the S3 §2 date, and its sections. */
export interface LegalDocument {
  readonly title: string;
  readonly updated: string;
  readonly sections: readonly { readonly heading: string; readonly paragraphs: readonly string[] }[];
}

/**
 * The privacy policy and terms (S3 §2 "Legal pages"): privacy last updated July 14, 2025; terms
 * January 17, 2025; the statements S3 lists (retention 7 years for financial records, profiles 1
 * year after closure, minimum age 18, 30 days' notice of price changes, rights requests answered in
 * about 30 days; the services and account types the terms name; the jurisdiction left open).
 */
export const legalTexts: Record<'en' | 'he', { privacy: LegalDocument; terms: LegalDocument }> = {
  en: {
    privacy: {
      title: 'Privacy Policy',
      updated: 'July 14, 2025',
      sections: [
        {
          heading: 'What we collect',
          paragraphs: [
            'Your account details (e-mail, phone, country code), the community information you enter, and the messages of the WhatsApp groups you connect, with the analysis we derive from them.',
          ],
        },
        {
          heading: 'How we use it',
          paragraphs: [
            'To provide the service: summaries, analytics, search, action items and the member directory. We do not sell your data.',
          ],
        },
        {
          heading: 'How long we keep it',
          paragraphs: [
            'Financial records are kept for 7 years. Profiles are kept for 1 year after the account is closed.',
            `After a subscription is cancelled, community data is kept ${DATA_RETENTION_AFTER_CANCEL_DAYS} days.`,
          ],
        },
        {
          heading: 'Age',
          paragraphs: ['The service is for people aged 18 or over.'],
        },
        {
          heading: 'Prices',
          paragraphs: ['We give 30 days’ notice of any price change.'],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'You may ask to see, correct, export or delete your data. We answer such requests in about 30 days.',
          ],
        },
      ],
    },
    terms: {
      title: 'Terms of Service',
      updated: 'January 17, 2025',
      sections: [
        {
          heading: 'The service',
          paragraphs: [
            'Kehila provides WhatsApp analytics, message categorization, member management, action reminders, and a supplier and member directory for group communities.',
          ],
        },
        {
          heading: 'Accounts',
          paragraphs: [
            'Accounts are of three types: Free Trial, Professional and Enterprise. You are responsible for your account and for the groups you connect.',
          ],
        },
        {
          heading: 'Billing and cancellation',
          paragraphs: [
            'Paid plans are billed in advance. You may cancel anytime; access continues to the end of the billing period. Plan changes are prorated and immediate.',
          ],
        },
        {
          heading: 'Acceptable use',
          paragraphs: ['Connect only groups you administer or may analyse, and respect the privacy of their members.'],
        },
        {
          heading: 'Governing law',
          paragraphs: ['These terms are governed by the laws of [Jurisdiction].'],
        },
      ],
    },
  },
  he: {
    privacy: {
      title: 'מדיניות פרטיות',
      updated: '14 ביולי 2025',
      sections: [
        {
          heading: 'מה אנחנו אוספים',
          paragraphs: [
            'פרטי החשבון שלכם (מייל, טלפון, קידומת מדינה), פרטי הקהילה שאתם מזינים, וההודעות של קבוצות הוואטסאפ שאתם מחברים, עם הניתוח שאנחנו מפיקים מהן.',
          ],
        },
        {
          heading: 'איך אנחנו משתמשים בזה',
          paragraphs: ['כדי לספק את השירות: סיכומים, אנליטיקה, חיפוש, משימות ומדריך החברים. איננו מוכרים את הנתונים שלכם.'],
        },
        {
          heading: 'כמה זמן אנחנו שומרים',
          paragraphs: [
            'רשומות כספיות נשמרות 7 שנים. פרופילים נשמרים שנה אחת אחרי סגירת החשבון.',
            `אחרי ביטול מינוי, נתוני הקהילה נשמרים ${DATA_RETENTION_AFTER_CANCEL_DAYS} יום.`,
          ],
        },
        { heading: 'גיל', paragraphs: ['השירות מיועד לבני 18 ומעלה.'] },
        { heading: 'מחירים', paragraphs: ['אנחנו מודיעים 30 יום מראש על כל שינוי מחיר.'] },
        {
          heading: 'הזכויות שלכם',
          paragraphs: ['אפשר לבקש לעיין בנתונים, לתקן, לייצא או למחוק אותם. אנחנו עונים לבקשות כאלה תוך כ-30 יום.'],
        },
      ],
    },
    terms: {
      title: 'תנאי שימוש',
      updated: '17 בינואר 2025',
      sections: [
        {
          heading: 'השירות',
          paragraphs: [
            'קהילה מספקת אנליטיקה לוואטסאפ, סיווג הודעות, ניהול חברים, תזכורות למשימות, ומדריך ספקים וחברים לקהילות של קבוצות.',
          ],
        },
        {
          heading: 'חשבונות',
          paragraphs: ['יש שלושה סוגי חשבון: ניסיון חינם (Free Trial), מקצועי (Professional) ו-Enterprise. אתם אחראים לחשבון ולקבוצות שאתם מחברים.'],
        },
        {
          heading: 'חיוב וביטול',
          paragraphs: [
            'מסלולים בתשלום מחויבים מראש. אפשר לבטל בכל זמן; הגישה נמשכת עד סוף תקופת החיוב. החלפת מסלול מחושבת באופן יחסי ונכנסת לתוקף מיד.',
          ],
        },
        {
          heading: 'שימוש הוגן',
          paragraphs: ['חברו רק קבוצות שאתם מנהלים או רשאים לנתח, וכבדו את פרטיות החברים בהן.'],
        },
        { heading: 'הדין החל', paragraphs: ['על תנאים אלה חלים דיני [Jurisdiction].'] },
      ],
    },
  },
};
