import { useEffect, useState } from 'react';
import type { PublicLang } from '@kehila/shared/public-pages';
import { publicTexts } from './texts';

/** The public platform totals (GET /api/public/stats). */
interface PlatformStats {
  readonly messages_analyzed: number;
  readonly active_communities: number;
  readonly community_members: number;
}

/**
 * A whole count with thousands separators, as English and Hebrew (en-US, he-IL) both write it:
 * "12,345". Written out rather than through Intl.NumberFormat, whose first use loads the browser's
 * number data: about 140 ms of one task on the benchmark's slowed phone, while the page hydrates (TBT).
 */
export function groupDigits(n: number): string {
  const digits = String(Math.round(Math.abs(n)));
  return (n < 0 ? '-' : '') + digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * The live platform analytics block (S3 §2): real totals from the server's cached aggregates, read
 * after the page is drawn. The figures keep their space while they load, so nothing shifts.
 */
export function PlatformStatsBlock({ lang }: { lang: PublicLang }) {
  const t = publicTexts[lang].stats;
  const [stats, setStats] = useState<PlatformStats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/api/public/stats')
      .then((res) => (res.ok ? (res.json() as Promise<PlatformStats>) : Promise.reject(new Error(String(res.status)))))
      .then((body) => {
        if (live) setStats(body);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  const cells = [
    { label: t.messages, value: stats?.messages_analyzed },
    { label: t.communities, value: stats?.active_communities },
    { label: t.members, value: stats?.community_members },
  ];
  return (
    <section className="pp-section pp-stats" aria-labelledby="stats-title">
      <h2 id="stats-title">{t.title}</h2>
      <dl className="pp-stat-grid" aria-busy={!stats && !failed}>
        {cells.map((c) => (
          <div key={c.label} className="pp-stat">
            <dt>{c.label}</dt>
            <dd data-testid="platform-stat">{c.value === undefined ? '–' : groupDigits(c.value)}</dd>
          </div>
        ))}
      </dl>
      {failed && <p className="pp-muted">{t.unavailable}</p>}
    </section>
  );
}
