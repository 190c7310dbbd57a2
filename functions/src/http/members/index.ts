import { routes } from '@kehila/shared';
import { groupReconciliation, syncGroupMembers } from '../../core/members/group-reconciliation';
import { listMembersPage } from '../../core/members/member-list';
import {
  bulkDelete,
  bulkUpdate,
  removeMember,
  setApproval,
  setRole,
  updateMemberDetails,
} from '../../core/members/members';
import { createAreaHandler, implement } from '../route-handler';
import type { Wiring } from '../../wiring/deps';
import { apiGatewayRealtime } from '../../wiring/cloud/realtime';
import { secretsManager } from '../../wiring/cloud/secrets';
import { gatewayWhatsApp } from '../../wiring/cloud/whatsapp';

/**
 * The table, the WebSocket API to drop the live subscriptions of a removed or deactivated member,
 * and the WhatsApp gateway (with its secret) to read the group's participant list.
 */
export const wiring: Wiring = { realtime: apiGatewayRealtime, whatsapp: gatewayWhatsApp, secrets: secretsManager };

const list = implement(routes.listMembers, ({ params, query, deps }) =>
  listMembersPage(deps, params.communityId, query),
);

const update = implement(routes.updateMember, ({ params, body, deps }) =>
  updateMemberDetails(deps, params.communityId, params.memberId, body),
);

const role = implement(routes.setMemberRole, ({ params, body, deps }) =>
  setRole(deps, params.communityId, params.memberId, body.role),
);

const approval = implement(routes.setMemberApproval, ({ params, body, deps }) =>
  setApproval(deps, params.communityId, params.memberId, body.approved),
);

const remove = implement(routes.deleteMember, async ({ params, deps }) => {
  await removeMember(deps, params.communityId, params.memberId);
  return { ok: true as const };
});

const bulkEdit = implement(routes.bulkUpdateMembers, ({ params, body, deps }) =>
  bulkUpdate(deps, params.communityId, body),
);

const bulkRemove = implement(routes.bulkDeleteMembers, ({ params, body, deps }) =>
  bulkDelete(deps, params.communityId, body.member_ids),
);

const group = implement(routes.groupMembers, ({ params, deps }) => groupReconciliation(deps, params.communityId));

const groupSync = implement(routes.syncGroupMembers, ({ params, deps }) => syncGroupMembers(deps, params.communityId));

/** Lambda handler of the members area: the members screen's list, edits, approvals, bulk calls and the group view. */
export const handler = createAreaHandler(
  [list, update, role, approval, remove, bulkEdit, bulkRemove, group, groupSync],
  wiring,
);
