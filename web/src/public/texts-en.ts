import {
  ANNUAL_SAVING_PERCENT_LABEL,
  ANNUAL_SAVING_YEAR_LABEL,
  DATA_RETENTION_AFTER_CANCEL_DAYS,
  FREE_TIER_MESSAGES_PER_MONTH,
  PLAN_FEATURES,
  PLAN_LIMITATIONS,
  TRIAL_DAYS,
} from '@kehila/shared/constants';

/**
 * The public pages' English texts. Claims, names, prices, dates and error texts are S1/S3's
 * (S3 §1 marketing claims, §2 sections, §6 plan contents, §8, §9); the sentences around them are ours.
 */
export const en = {
  lang: 'en',
  dir: 'ltr',
  switchLanguage: 'עברית',
  switchLanguageLabel: 'Switch to Hebrew',
  nav: {
    features: 'Features',
    howItWorks: 'How it works',
    faq: 'FAQ',
    pricing: 'Pricing',
    home: 'Home',
    signIn: 'Sign In',
    startTrial: 'Start Free Trial',
    getStarted: 'Get Started',
    menu: 'Menu',
    close: 'Close',
    skip: 'Skip to content',
  },
  hero: {
    badge: `${TRIAL_DAYS}-day free trial · all Pro features · no credit card`,
    title: 'Your WhatsApp community, kept, found and acted on',
    subtitle:
      'Kehila reads your WhatsApp groups so you do not have to: AI summaries, analytics, message search, a member directory and the action items hidden in the chat.',
    watchDemo: 'Watch Demo',
  },
  demo: {
    title: 'Kehila in one minute',
    intro: 'Recorded from the running app with its demo community.',
    previous: 'Previous',
    next: 'Next',
    close: 'Close',
    frame: (n: number, total: number) => `Frame ${n} of ${total}`,
  },
  features: {
    title: 'Everything a community manager needs',
    items: [
      { title: 'AI summaries', text: 'Daily and weekly summaries of what was said, delivered via WhatsApp, e-mail or both.' },
      { title: 'Analytics', text: 'Sentiment, churn, trending topics and urgency, per day and per group.' },
      { title: 'Member directory', text: 'Who is in the community, what they do, and a read-only link to share it.' },
      { title: 'Message search', text: 'Find any message by its words or by its meaning (semantic and text search).' },
      { title: 'Suggested action items', text: 'Questions, requests and promises turned into actions with due dates.' },
      { title: 'Red flags', text: 'Rule-based red-flag detection for toxic or urgent messages.' },
    ],
  },
  howItWorks: {
    title: 'How it works',
    steps: [
      { title: 'Sign up', text: `Create your account and start the ${TRIAL_DAYS}-day free trial.` },
      { title: 'Connect WhatsApp groups', text: 'Add the Kehila bot to your group and enter the group id it sends you.' },
      { title: 'Automate and analyse', text: 'Summaries, analytics and action items arrive on their own.' },
      { title: 'Monetize', text: 'Spot business opportunities and partnerships among your members.' },
    ],
  },
  agent: {
    title: 'A community agent that never sleeps',
    text: 'The Kehila agent reads every message of your groups, answers where it can, and tells you what needs you: the urgent questions, the unanswered requests, the mood of the week.',
    points: ['Summaries on your schedule', 'Action items from the chat', 'Urgent messages flagged at once'],
  },
  stats: {
    title: 'Live platform analytics',
    messages: 'Messages analyzed',
    communities: 'Active communities',
    members: 'Community members',
    unavailable: 'Figures are being counted.',
  },
  tools: {
    title: 'Advanced tools',
    items: [
      { title: 'Business opportunities', text: 'Deals, service requests and referrals detected in the conversation.' },
      { title: 'Export', text: 'Take your messages, actions and analytics with you.' },
      { title: 'Custom summary scheduling', text: 'Choose when summaries go out, and where.' },
      { title: 'Member networking', text: 'Discreet member networking is launching in Q1 2025.' },
    ],
  },
  inAction: {
    title: 'See it in action',
    text: 'The demo community’s dashboard, as the app shows it.',
    alt: 'The Kehila dashboard of a demo community: members, messages today, average sentiment, high urgency and active users over time',
  },
  cta: {
    title: 'Ready to understand your community?',
    text: `Start your ${TRIAL_DAYS}-day free trial with all Pro features. No credit card.`,
    secondTitle: 'Running several communities?',
    secondText: 'Enterprise pricing is custom, via sales.',
    contactSales: 'Contact Sales',
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        q: 'How does the free trial work?',
        a: `You get ${TRIAL_DAYS} days with all Pro features. No credit card is needed to start.`,
      },
      {
        q: 'How do I connect my WhatsApp group?',
        a: 'Add the Kehila bot to your group, ask it for the group id, and enter that id during onboarding.',
      },
      {
        q: 'Can I cancel anytime?',
        a: 'Yes. Cancel anytime; your access continues to the end of the billing period.',
      },
      {
        q: 'What happens to my data if I cancel?',
        a: `Your data is kept ${DATA_RETENTION_AFTER_CANCEL_DAYS} days after cancellation, then deleted.`,
      },
      {
        q: 'Can I change plans later?',
        a: 'Yes. Plan changes are prorated and immediate.',
      },
      {
        q: 'How does onboarding work?',
        a: 'Onboarding is manual: our team helps you connect your groups and set up your community.',
      },
      {
        q: 'What does Enterprise cost?',
        a: 'Enterprise pricing is custom, via sales. Write to us and we will get back to you.',
      },
    ],
  },
  tiers: {
    title: 'Plans that grow with your community',
    more: 'Compare plans',
  },
  footer: {
    tagline: 'Kehila: WhatsApp group communities, kept, found and acted on.',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    contact: 'Contact us',
    joinCommunity: 'Join our community',
    rights: 'All rights reserved.',
  },
  pricing: {
    title: 'Simple, transparent pricing',
    subtitle: `Start with a ${TRIAL_DAYS}-day free trial of Pro. No credit card.`,
    monthly: 'Monthly',
    annual: 'Annual',
    billingCycle: 'Billing cycle',
    savePercent: ANNUAL_SAVING_PERCENT_LABEL,
    saveYear: ANNUAL_SAVING_YEAR_LABEL,
    perMonth: '/month',
    billedAnnually: 'billed annually',
    custom: 'Custom',
    popular: 'Most popular',
    was: 'was',
    plans: {
      Free: {
        name: 'Free',
        description: `For a single group: up to ${FREE_TIER_MESSAGES_PER_MONTH} messages per month.`,
        cta: 'Get Started',
      },
      Pro: { name: 'Pro', description: 'Full AI features and analytics.', cta: 'Start Free Trial' },
      Enterprise: { name: 'Enterprise', description: 'For organisations running several communities.', cta: 'Contact Sales' },
    },
    features: PLAN_FEATURES,
    limitations: PLAN_LIMITATIONS,
    comparison: {
      title: 'Compare plans',
      feature: 'Feature',
      included: 'Included',
      notIncluded: 'Not included',
      rows: [
        'WhatsApp groups',
        'AI summaries',
        'Message history search',
        'Sentiment analysis',
        'Real-time analytics',
        'Export',
        'Multi-community dashboard',
        'White-label',
        'API access',
        'SSO',
        'Support',
      ],
      groups: { one: '1', unlimited: 'Unlimited' },
      support: { standard: 'Standard', priority: 'Priority', dedicated: 'Dedicated manager' },
    },
    highlights: {
      title: 'Why communities choose Kehila',
      items: [
        { title: 'Cancel anytime', text: 'Access continues to the end of the billing period.' },
        { title: 'Prorated changes', text: 'Plan changes are prorated and immediate.' },
        { title: 'Your data is yours', text: `Kept ${DATA_RETENTION_AFTER_CANCEL_DAYS} days after cancellation.` },
      ],
    },
    faq: [
      { q: 'Can I cancel anytime?', a: 'Yes. Cancel anytime; your access continues to the end of the billing period.' },
      { q: 'Do plan changes apply at once?', a: 'Yes. Plan changes are prorated and immediate.' },
      {
        q: 'What happens to my data after I cancel?',
        a: `Your data is kept ${DATA_RETENTION_AFTER_CANCEL_DAYS} days after cancellation.`,
      },
      { q: 'How is Enterprise priced?', a: 'Enterprise pricing is custom, via sales.' },
    ],
    ctaTitle: 'Start your free trial today',
    ctaText: `${TRIAL_DAYS} days of Pro, no credit card.`,
    paymentFailed: "Payment was cancelled. Try again when you're ready!",
    dismiss: 'Dismiss',
  },
  legal: {
    lastUpdated: 'Last updated',
    backHome: 'Back to Home',
  },
  notFound: { title: 'Oops! Page not found', home: 'Return to Home' },
} as const;

/** The shape every language of the public pages fills. */
export type PublicTexts = Widen<typeof en>;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T;
