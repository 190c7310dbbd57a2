import { routes } from '@kehila/shared';
import {
  createInvitation,
  getPublicInvite,
  listInvitations,
  registerWithInvite,
  removeInvitation,
} from '../../core/invites/invites';
import { createAreaHandler, implement } from '../route-handler';
import type { Wiring } from '../../wiring/deps';

/** The invites area uses the table only. */
export const wiring: Wiring = {};

const list = implement(routes.listInvites, async ({ params, deps }) => ({
  items: await listInvitations(deps, params.communityId),
}));

const create = implement(routes.createInvite, ({ params, body, user, deps }) =>
  createInvitation(deps, params.communityId, user, body),
);

const remove = implement(routes.deleteInvite, async ({ params, deps }) => {
  await removeInvitation(deps, params.communityId, params.inviteId);
  return { ok: true as const };
});

const show = implement(routes.getPublicInvite, ({ params, deps }) => getPublicInvite(deps, params.inviteCode));

const register = implement(routes.registerWithInvite, ({ params, body, deps }) =>
  registerWithInvite(deps, params.inviteCode, body),
);

/** Lambda handler of the invites area: the Invitations tab and the public registration page. */
export const handler = createAreaHandler([list, create, remove, show, register], wiring);
