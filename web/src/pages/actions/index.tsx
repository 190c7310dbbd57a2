import { ActionsPage } from './actions-page';

/** The Actions screen (/actions, S2 §2.3). */
export default function ActionsRoute() {
  return <ActionsPage />;
}
