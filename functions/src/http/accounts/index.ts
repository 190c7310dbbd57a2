import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { getProfile } from '../../data/profiles';

const me = implement(routes.me, async ({ user, deps }) => ({
  id: user.id,
  email: user.email,
  profile: await getProfile(deps.db, user.id),
}));

/** Lambda handler of the accounts area. */
export const handler = createAreaHandler([me]);
