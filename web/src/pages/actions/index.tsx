import { NotBuiltYet } from '../../components/not-built-yet';

/** Actions (S2 actions); not built yet. */
export default function ActionsPage() {
  return <NotBuiltYet screen="Actions" />;
}
