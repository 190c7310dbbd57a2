import { DashboardPage } from './dashboard-page';

/** The Dashboard (/dashboard, S2 §2.2; also served at /community-helper). */
export default function DashboardRoute() {
  return <DashboardPage />;
}
