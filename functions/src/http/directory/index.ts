import { routes } from '@kehila/shared';
import { createLink, listLinks, publicDirectory, removeLink } from '../../core/directory/directory';
import { createAreaHandler, implement } from '../route-handler';
import type { Wiring } from '../../wiring/deps';

/** The directory area uses the table only. */
export const wiring: Wiring = {};

const list = implement(routes.listDirectoryLinks, async ({ params, deps }) => ({
  items: await listLinks(deps, params.communityId),
}));

const create = implement(routes.createDirectoryLink, ({ params, body, user, deps }) =>
  createLink(deps, params.communityId, user, body),
);

const remove = implement(routes.deleteDirectoryLink, async ({ params, deps }) => {
  await removeLink(deps, params.communityId, params.linkId);
  return { ok: true as const };
});

// Behind CloudFront the source address is the edge's; the viewer's comes in CloudFront's header
// (trusted only because the origin check refuses requests that did not come through CloudFront).
const show = implement(routes.getPublicDirectory, ({ params, headers, event, deps }) =>
  publicDirectory(deps, params.token, {
    address: headers['cloudfront-viewer-address'] ?? event.requestContext.http.sourceIp,
    userAgent: headers['user-agent'] ?? '',
  }),
);

/** Lambda handler of the directory area: directory links and the public directory. */
export const handler = createAreaHandler([list, create, remove, show], wiring);
