import { NotBuiltYet } from '../../components/not-built-yet';

/** Members (S3 members); not built yet. */
export default function MembersPage() {
  return <NotBuiltYet screen="Members" />;
}
