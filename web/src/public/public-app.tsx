import type { PublicLang, PublicPageName } from '@kehila/shared/public-pages';
import { LandingPage } from './landing-page';
import { LegalPage } from './legal-page';
import { PricingPage } from './pricing-page';
import { translateLogin } from '../pages/login/login-lang';

/** One public page in one language: what the build prerenders and the browser hydrates (/login has its own tree). */
export function PublicApp({ page, lang }: { page: Exclude<PublicPageName, 'login'>; lang: PublicLang }) {
  switch (page) {
    case 'landing':
      return <LandingPage lang={lang} />;
    case 'pricing':
      return <PricingPage lang={lang} />;
    case 'privacy':
      return <LegalPage lang={lang} doc="privacy" />;
    case 'terms':
      return <LegalPage lang={lang} doc="terms" />;
  }
}

/** Each page's title and description, per language (the document head of the prerendered file). */
export const PAGE_HEAD: Record<PublicPageName, Record<PublicLang, { title: string; description: string }>> = {
  landing: {
    en: {
      title: 'Kehila: WhatsApp community management with AI summaries and analytics',
      description:
        'AI summaries, analytics, message search and action items for WhatsApp group communities. 14-day free trial.',
    },
    he: {
      title: 'קהילה: ניהול קהילות וואטסאפ עם סיכומי AI ואנליטיקה',
      description: 'סיכומי AI, אנליטיקה, חיפוש הודעות ומשימות לקהילות של קבוצות וואטסאפ. 14 ימי ניסיון חינם.',
    },
  },
  pricing: {
    en: { title: 'Pricing · Kehila', description: 'Free, Pro and Enterprise plans for WhatsApp communities.' },
    he: { title: 'מחירים · קהילה', description: 'מסלולי Free,‏ Pro ו-Enterprise לקהילות וואטסאפ.' },
  },
  privacy: {
    en: { title: 'Privacy Policy · Kehila', description: 'How Kehila collects, uses and keeps your data.' },
    he: { title: 'מדיניות פרטיות · קהילה', description: 'איך קהילה אוספת, משתמשת ושומרת את הנתונים שלכם.' },
  },
  terms: {
    en: { title: 'Terms of Service · Kehila', description: 'The terms of using Kehila.' },
    he: { title: 'תנאי שימוש · קהילה', description: 'תנאי השימוש בקהילה.' },
  },
  login: {
    en: { title: 'Sign in to Kehila', description: 'Sign in to Kehila, or create your account.' },
    he: { title: translateLogin('Sign in to Kehila', 'he'), description: 'כניסה לקהילה, או יצירת חשבון.' },
  },
};
