import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Reset password (S1 §2 "Reset password"); not built yet. */
export default function ResetPasswordPage() {
  return (
    <PublicPage>
      <NotBuiltYet screen="Reset password" />
    </PublicPage>
  );
}
