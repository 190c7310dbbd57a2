import { routes } from '@kehila/shared';
import { implement, type Implementation } from '../route-handler';
import { createImport, getImport, setImportDateOrder, startImport } from '../../core/imports/service';

/** Chat-export import routes (admin): create + upload URL, start, answer the date order, progress. */
export const importImplementations: Implementation[] = [
  implement(routes.createImport, async ({ params, body, user, deps }) =>
    createImport(deps, {
      communityId: params.communityId,
      userId: user.id,
      filename: body.filename,
      size: body.size,
      dayFirst: body.day_first,
      tz: body.tz,
    }),
  ),
  implement(routes.startImport, async ({ params, deps }) => startImport(deps, params.communityId, params.importId)),
  implement(routes.setImportDateOrder, async ({ params, body, deps }) =>
    setImportDateOrder(deps, params.communityId, params.importId, body.day_first),
  ),
  implement(routes.getImport, async ({ params, deps }) => getImport(deps, params.communityId, params.importId)),
];
