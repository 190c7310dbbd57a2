import type { ReactNode } from 'react';
import styles from './messages.module.scss';

/** Colours of the message badges (S2 §2.1 sentiment and urgency colours, plus blue for neutral labels). */
export type BadgeColor = 'green' | 'amber' | 'red' | 'blue' | 'grey';

/** A small rounded label in one of the message colours. */
export function ColorBadge({ color, children, title }: { color: BadgeColor; children: ReactNode; title?: string }) {
  return (
    <span className={styles.badge} data-color={color} title={title} dir="auto">
      {children}
    </span>
  );
}

/** A coloured dot (the sentiment of a table row). */
export function ColorDot({ color, label }: { color: BadgeColor; label: string }) {
  return <span className={styles.dot} data-color={color} role="img" aria-label={label} title={label} />;
}
