import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Terms (S3 §2 route table); not built yet. */
export default function TermsPage() {
  return (
    <PublicPage>
      <NotBuiltYet screen="Terms" />
    </PublicPage>
  );
}
