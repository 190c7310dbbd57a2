import { routes } from '@kehila/shared';
import { createAction, generateAction, suggestActions } from '../../core/messages/ai-actions';
import { createAreaHandler, implement } from '../route-handler';
import { bedrockAi } from '../../wiring/cloud/ai';
import type { Wiring } from '../../wiring/deps';

/** Generated and suggested actions ask the AI provider. */
export const wiring: Wiring = { ai: bedrockAi };

const create = implement(routes.createAction, ({ params, body, user, deps }) =>
  createAction(deps, params.communityId, user, body),
);

const generate = implement(routes.generateAction, ({ body, deps }) => generateAction(deps, body));

const suggest = implement(routes.suggestActions, async ({ params, user, deps }) => ({
  actions: await suggestActions(deps, params.communityId, user),
}));

/** Lambda handler of the actions area (the Messages screen's calls; the Actions screen adds its own). */
export const handler = createAreaHandler([create, generate, suggest], wiring);
