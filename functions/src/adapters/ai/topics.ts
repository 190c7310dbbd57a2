/**
 * The community-domain topic taxonomy of the local provider. Labels are stable English strings
 * (they are filter values and chart labels); `TOPIC_LABELS_HE` gives the Hebrew wording for
 * Hebrew summaries. A message no rule fits gets topic null, shown as General (S2 §3 Thread).
 */
export const TOPICS = {
  hiring: 'Hiring & Jobs',
  fundraising: 'Fundraising',
  events: 'Events',
  suppliers: 'Recommendations & Suppliers',
  tech: 'Technology',
  marketing: 'Marketing',
  legal: 'Legal',
  realestate: 'Real Estate',
  networking: 'Networking',
  announcements: 'Announcements',
  help: 'Questions & Help',
  social: 'Social',
} as const;

export type TopicKey = keyof typeof TOPICS;
export type TopicLabel = (typeof TOPICS)[TopicKey];

/** Every topic label the local provider can assign. */
export const TOPIC_LABELS: readonly TopicLabel[] = Object.values(TOPICS);

/** Label shown for messages without a topic (S2 §3: null means General). */
export const GENERAL_TOPIC = 'General';

/** Hebrew wording of each topic label, for summaries of Hebrew communities. */
export const TOPIC_LABELS_HE: Readonly<Record<string, string>> = {
  'Hiring & Jobs': 'גיוס ועבודה',
  Fundraising: 'גיוס כספים ותרומות',
  Events: 'אירועים',
  'Recommendations & Suppliers': 'המלצות וספקים',
  Technology: 'טכנולוגיה',
  Marketing: 'שיווק',
  Legal: 'משפטי',
  'Real Estate': 'נדל"ן',
  Networking: 'נטוורקינג',
  Announcements: 'הודעות',
  'Questions & Help': 'שאלות ועזרה',
  Social: 'חברתי',
  General: 'כללי',
};
