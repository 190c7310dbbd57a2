import AreaChart from '@cloudscape-design/components/area-chart';
import type { ActiveUsersEntry } from '@kehila/shared';
import { DASHBOARD_TEXTS } from '../dashboard-texts';

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const short = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Active Users Over Time" (S2 §2.2): distinct senders per day. Loaded on demand (chart code). */
export default function ActiveUsersChart({ series }: { series: readonly ActiveUsersEntry[] }) {
  return (
    <AreaChart
      series={[
        {
          title: DASHBOARD_TEXTS.activeUsersSeries,
          type: 'area',
          data: series.map((e) => ({ x: day(e.date), y: e.count })),
        },
      ]}
      xScaleType="time"
      xTickFormatter={short}
      xTitle={DASHBOARD_TEXTS.date}
      yTitle={DASHBOARD_TEXTS.users}
      height={200}
      hideFilter
      hideLegend
      ariaLabel={DASHBOARD_TEXTS.activeUsers}
      empty={DASHBOARD_TEXTS.noActivity}
      i18nStrings={{ xTickFormatter: short }}
    />
  );
}
