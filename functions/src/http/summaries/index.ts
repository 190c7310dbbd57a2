import { routes } from '@kehila/shared';
import { generateSummary, latestSummary } from '../../core/messages/ai-actions';
import { createAreaHandler, implement } from '../route-handler';
import { bedrockAi } from '../../wiring/cloud/ai';
import type { Wiring } from '../../wiring/deps';

/** Summaries are written by the AI provider. */
export const wiring: Wiring = { ai: bedrockAi };

const latest = implement(routes.latestSummary, ({ params, deps }) => latestSummary(deps, params.communityId));

const generate = implement(routes.generateSummary, ({ params, deps }) => generateSummary(deps, params.communityId));

/** Lambda handler of the summaries area. */
export const handler = createAreaHandler([latest, generate], wiring);
