import { NotBuiltYet } from '../../components/not-built-yet';

/** Dashboard (S2 dashboard; also served at /community-helper); not built yet. */
export default function DashboardPage() {
  return <NotBuiltYet screen="Dashboard" />;
}
