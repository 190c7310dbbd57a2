import { formatMessageTime } from '@kehila/shared';
import styles from './messages.module.scss';

/** The full date of the tooltip, in the viewer's locale and zone. */
export function fullDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

/** A message time (S2 §2.1): HH:mm, with MM/dd on desktop, and the full date as a tooltip. */
export function MessageTime({ iso, desktop }: { iso: string; desktop: boolean }) {
  return (
    <time className={styles.time} dateTime={iso} title={fullDate(iso)}>
      {formatMessageTime(iso, desktop)}
    </time>
  );
}
