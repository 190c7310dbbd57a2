import { routes } from '@kehila/shared';
import { generateSummary, latestSummary } from '../../core/messages/ai-actions';
import {
  deliverySettings,
  getSummaryPrompts,
  promptHistory,
  restorePromptVersion,
  saveDeliverySettings,
  saveSummaryPrompt,
} from '../../core/summaries/settings';
import { listDeliveries } from '../../core/summaries/delivery';
import { createAreaHandler, implement } from '../route-handler';
import { bedrockAi } from '../../wiring/cloud/ai';
import type { Wiring } from '../../wiring/deps';

/** Summaries are written by the AI provider. */
export const wiring: Wiring = { ai: bedrockAi };

const latest = implement(routes.latestSummary, ({ params, deps }) => latestSummary(deps, params.communityId));

const generate = implement(routes.generateSummary, ({ params, deps }) => generateSummary(deps, params.communityId));

const prompts = implement(routes.getSummaryPrompts, ({ params, deps }) => getSummaryPrompts(deps, params.communityId));

const history = implement(routes.getPromptHistory, async ({ params, deps }) => ({
  items: await promptHistory(deps, params.communityId),
}));

const savePrompt = implement(routes.saveSummaryPrompt, ({ params, body, user, deps }) =>
  saveSummaryPrompt(deps, params.communityId, user, body),
);

const restore = implement(routes.restorePromptVersion, ({ params, user, deps }) =>
  restorePromptVersion(deps, params.communityId, user, params.versionId),
);

const getDelivery = implement(routes.getDeliverySettings, ({ params, deps }) =>
  deliverySettings(deps, params.communityId),
);

const putDelivery = implement(routes.updateDeliverySettings, ({ params, body, deps }) =>
  saveDeliverySettings(deps, params.communityId, body),
);

const deliveries = implement(routes.listSummaryDeliveries, async ({ params, deps }) => ({
  items: await listDeliveries(deps, params.communityId),
}));

/** Lambda handler of the summaries area. */
export const handler = createAreaHandler(
  [latest, generate, prompts, history, savePrompt, restore, getDelivery, putDelivery, deliveries],
  wiring,
);
