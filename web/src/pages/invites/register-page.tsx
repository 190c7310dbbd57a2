import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Invite registration (S1 §2 "Invite registration page"); not built yet. */
export default function RegisterPage() {
  return (
    <PublicPage>
      <NotBuiltYet screen="Invite registration" />
    </PublicPage>
  );
}
