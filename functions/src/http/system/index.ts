import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import { fail } from '../../core/errors';

const health = implement(routes.health, async ({ deps }) => {
  try {
    await deps.db.doc.send(new DescribeTableCommand({ TableName: deps.db.table }));
  } catch {
    throw fail.unavailable('The table is not reachable');
  }
  return { ok: true as const, stage: deps.config.stage, time: deps.now().toISOString() };
});

/** Lambda handler of the system area. */
export const handler = createAreaHandler([health]);
