import { routes } from '@kehila/shared';
import { createAction, generateAction, suggestActions } from '../../core/messages/ai-actions';
import {
  bulkDeleteActions,
  bulkUpdateActions,
  deleteAction,
  getOwnAction,
  listActions,
  updateAction,
} from '../../core/actions/actions';
import { processReminders } from '../../core/actions/reminders';
import { getCommunity } from '../../data/communities';
import { createAreaHandler, implement } from '../route-handler';
import { bedrockAi } from '../../wiring/cloud/ai';
import { secretsManager } from '../../wiring/cloud/secrets';
import { gatewayWhatsApp } from '../../wiring/cloud/whatsapp';
import type { Wiring } from '../../wiring/deps';

/** Generated and suggested actions ask the AI provider; reminders go out through the WhatsApp gateway. */
export const wiring: Wiring = { ai: bedrockAi, whatsapp: gatewayWhatsApp, secrets: secretsManager };

const create = implement(routes.createAction, ({ params, body, user, deps }) =>
  createAction(deps, params.communityId, user, body),
);

const generate = implement(routes.generateAction, ({ body, deps }) => generateAction(deps, body));

const suggest = implement(routes.suggestActions, async ({ params, user, deps }) => ({
  actions: await suggestActions(deps, params.communityId, user),
}));

const list = implement(routes.listActions, ({ params, query, user, deps }) =>
  listActions(deps, params.communityId, user, query),
);

const get = implement(routes.getAction, ({ params, user, deps }) =>
  getOwnAction(deps, params.communityId, user, params.actionId),
);

const update = implement(routes.updateAction, ({ params, body, user, deps }) =>
  updateAction(deps, params.communityId, user, params.actionId, body),
);

const remove = implement(routes.deleteAction, ({ params, user, deps }) =>
  deleteAction(deps, params.communityId, user, params.actionId),
);

const bulkUpdate = implement(routes.bulkUpdateActions, ({ params, body, user, deps }) =>
  bulkUpdateActions(deps, params.communityId, user, body.action_ids, body.change),
);

const bulkDelete = implement(routes.bulkDeleteActions, ({ params, body, user, deps }) =>
  bulkDeleteActions(deps, params.communityId, user, body.action_ids),
);

const reminders = implement(routes.processReminders, async ({ params, user, deps }) => {
  const community = await getCommunity(deps.db, params.communityId);
  return processReminders(deps, params.communityId, community?.name ?? null, user);
});

/** Lambda handler of the actions area: the Messages screen's calls and the Actions screen's. */
export const handler = createAreaHandler([create, generate, suggest, list, get, update, remove, bulkUpdate, bulkDelete, reminders], wiring);
