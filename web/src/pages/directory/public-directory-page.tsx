import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Public member directory (S3 "public directory"); not built yet. */
export default function PublicDirectoryPage() {
  return (
    <PublicPage>
      <NotBuiltYet screen="Public member directory" />
    </PublicPage>
  );
}
