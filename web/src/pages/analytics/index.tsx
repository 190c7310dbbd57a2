import { AnalyticsPage } from './analytics-page';

/** The Analytics screen (/analytics, S2 §2.5). */
export default function AnalyticsRoute() {
  return <AnalyticsPage />;
}
