import { activityTier } from '@kehila/shared';
import styles from './hour-bars.module.css';

const TIER_CLASS = ['', styles.tier1, styles.tier2, styles.tier3] as const;

/** `09:00`. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * 24 local-hour bars (S2 §2.2, §9), coloured by their share of the peak (over 0.7, 0.4, 0.1). Drawn
 * with plain elements: per-bar colours, no chart library on the first paint. Hours run left to
 * right in every language (a clock axis), hence `direction: ltr`.
 */
export function HourBars({ hours, label }: { hours: readonly { hour: number; count: number }[]; label: string }) {
  const peak = Math.max(0, ...hours.map((h) => h.count));
  const busiest = hours.find((h) => h.count === peak && peak > 0);
  const summary = busiest ? `${label}. Busiest hour ${hourLabel(busiest.hour)} with ${peak} messages.` : label;
  return (
    <div className={styles.chart}>
      <div className={styles.bars} role="img" aria-label={summary}>
        {hours.map((h) => (
          <div
            key={h.hour}
            className={`${styles.bar} ${TIER_CLASS[activityTier(h.count, peak)]}`}
            style={{ blockSize: peak > 0 ? `${Math.max(2, (h.count / peak) * 100)}%` : '2px' }}
            title={`${hourLabel(h.hour)}: ${h.count}`}
            data-hour={h.hour}
            data-count={h.count}
          />
        ))}
      </div>
      <div className={styles.axis} aria-hidden="true">
        {hours.map((h) => (
          <span key={h.hour}>{h.hour % 6 === 0 ? hourLabel(h.hour) : ''}</span>
        ))}
      </div>
    </div>
  );
}
