import { NotBuiltYet } from '../../components/not-built-yet';

/** Analytics (S2 analytics); not built yet. */
export default function AnalyticsPage() {
  return <NotBuiltYet screen="Analytics" />;
}
