import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { fail } from '../../core/errors';
import { pingTable } from '../../data/db';
import { platformStats } from '../../core/system/platform-stats';
import type { Wiring } from '../../wiring/deps';

const health = implement(routes.health, async ({ deps }) => {
  if (!(await pingTable(deps.db))) throw fail.unavailable('The table is not reachable');
  return { ok: true as const, stage: deps.config.stage, time: deps.now().toISOString() };
});

const stats = implement(routes.platformStats, async ({ deps }) => platformStats(deps));

/** The system area uses only the table. */
export const wiring: Wiring = {};

/** Lambda handler of the system area. */
export const handler = createAreaHandler([health, stats], wiring);
