import type { PublicLang } from '@kehila/shared/public-pages';

/** One frame of the Watch Demo recording (web/public/demo/, written by scripts/record-demo.ts). */
export interface DemoFrame {
  readonly src: string;
  readonly caption: Record<PublicLang, string>;
}

/** Size of every recorded frame, in CSS pixels (the recording's viewport). */
export const DEMO_FRAME_SIZE = { width: 1280, height: 800 } as const;

/** The frames, in the order the demo plays them; scripts/record-demo.ts records the same list. */
export const DEMO_FRAMES: readonly DemoFrame[] = [
  {
    src: '/demo/dashboard.webp',
    caption: { en: 'Your community at a glance', he: 'הקהילה שלכם במבט אחד' },
  },
  {
    src: '/demo/messages.webp',
    caption: { en: 'Conversations by topic, with urgency and sentiment', he: 'שיחות לפי נושא, עם דחיפות וסנטימנט' },
  },
  {
    src: '/demo/messages-table.webp',
    caption: { en: 'Every message, searchable and filterable', he: 'כל ההודעות, עם חיפוש וסינון' },
  },
  {
    src: '/demo/actions.webp',
    caption: { en: 'Action items taken from the chat', he: 'משימות שנלקחו מהצ׳אט' },
  },
  {
    src: '/demo/analytics.webp',
    caption: { en: 'Topics, keywords and sentiment over time', he: 'נושאים, מילות מפתח וסנטימנט לאורך זמן' },
  },
];
