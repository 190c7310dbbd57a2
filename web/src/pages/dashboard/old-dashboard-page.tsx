import { NotBuiltYet } from '../../components/not-built-yet';

/** Old dashboard (S1 §2 route table); not built yet. */
export default function OldDashboardPage() {
  return <NotBuiltYet screen="Old dashboard" />;
}
