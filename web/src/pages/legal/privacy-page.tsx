import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Privacy Policy (S3 §2 route table); not built yet. */
export default function PrivacyPage() {
  return (
    <PublicPage>
      <NotBuiltYet screen="Privacy Policy" />
    </PublicPage>
  );
}
