import { NotBuiltYet } from '../../components/not-built-yet';

/** Messages (S2 messages); not built yet. */
export default function MessagesPage() {
  return <NotBuiltYet screen="Messages" />;
}
