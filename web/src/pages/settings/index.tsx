import { NotBuiltYet } from '../../components/not-built-yet';

/** Settings (S2 settings); not built yet. */
export default function SettingsPage() {
  return <NotBuiltYet screen="Settings" />;
}
