import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import {
  addCommunity,
  connectGroup,
  leaveCommunity,
  listMyCommunities,
  readCommunity,
  updateCommunityInfo,
} from '../../core/communities/communities';
import { getOnboarding, startOnboarding } from '../../core/communities/onboarding';
import { openGroupVerification, ownVerification, publicConnection } from '../../core/connections/verification';
import { attributesFromClaims } from '../../core/accounts/signup';
import { startCommunityDeletion, startCommunityExport } from '../../core/rights/jobs';
import { sqsQueues } from '../../wiring/cloud/queues';
import { apiGatewayRealtime } from '../../wiring/cloud/realtime';
import type { Wiring } from '../../wiring/deps';

/** Leaving a community revokes the member's live-event subscriptions; data-rights jobs are queued. */
export const wiring: Wiring = { realtime: apiGatewayRealtime, queues: sqsQueues };

const list = implement(routes.listMyCommunities, async ({ user, deps }) => ({
  communities: await listMyCommunities(deps, user.id),
}));

const add = implement(routes.addCommunity, async ({ user, body, deps }) => addCommunity(deps, user, body.group_id));

const get = implement(routes.getCommunity, async ({ params, deps }) => readCommunity(deps, params.communityId));

const updateInfo = implement(routes.updateCommunityInfo, async ({ params, body, deps }) =>
  updateCommunityInfo(deps, params.communityId, body),
);

const connect = implement(routes.connectGroup, async ({ params, body, user, access, deps }) =>
  connectGroup(deps, {
    communityId: params.communityId,
    groupId: body.group_id,
    userId: user.id,
    role: access?.role ?? 'Admin',
  }),
);

const leave = implement(routes.leaveCommunity, async ({ params, user, deps }) => {
  await leaveCommunity(deps, user, params.communityId);
  return { ok: true as const };
});

const openVerification = implement(routes.openGroupVerification, async ({ user, body, deps }) =>
  publicConnection(await openGroupVerification(deps, user, { communityId: null, phone: body.phone })),
);

const pollVerification = implement(routes.getGroupVerification, async ({ user, params, deps }) =>
  publicConnection(await ownVerification(deps, user, params.connectionId)),
);

const openForCommunity = implement(routes.openCommunityVerification, async ({ user, params, body, deps }) =>
  publicConnection(await openGroupVerification(deps, user, { communityId: params.communityId, phone: body.phone })),
);

const start = implement(routes.startOnboarding, async ({ user, deps, event }) =>
  startOnboarding(deps, user, attributesFromClaims(event.requestContext.authorizer?.jwt?.claims)),
);

const poll = implement(routes.getOnboarding, async ({ user, deps }) => getOnboarding(deps, user));

const exportData = implement(routes.startCommunityExport, async ({ params, user, deps }) =>
  startCommunityExport(deps, user, params.communityId),
);

const deleteData = implement(routes.startCommunityDeletion, async ({ params, body, user, deps }) =>
  startCommunityDeletion(deps, user, params.communityId, body.confirm_name),
);

/** Lambda handler of the communities area. */
export const handler = createAreaHandler(
  [
    list,
    add,
    get,
    updateInfo,
    connect,
    leave,
    openVerification,
    pollVerification,
    openForCommunity,
    start,
    poll,
    exportData,
    deleteData,
  ],
  wiring,
);
