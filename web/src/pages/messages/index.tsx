import { MessagesPage } from './messages-page';

/** The /messages route (S2 §2.1): community conversations, threads, search, filters, live updates. */
export default function MessagesRoute() {
  return <MessagesPage />;
}
