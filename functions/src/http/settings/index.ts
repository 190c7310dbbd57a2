import { routes } from '@kehila/shared';
import { createAreaHandler, implement } from '../route-handler';
import {
  createLogoUpload,
  publishLogo,
  readOwnership,
  readTheme,
  renameCommunity,
  saveTheme,
  transferOwnership,
} from '../../core/settings/settings';
import { s3Storage } from '../../wiring/cloud/storage';
import type { Wiring } from '../../wiring/deps';

/** Logos are uploaded to, checked in and published from the object store. */
export const wiring: Wiring = { storage: s3Storage };

const getTheme = implement(routes.getTheme, ({ params, user, deps }) => readTheme(deps, params.communityId, user));

const putTheme = implement(routes.saveTheme, ({ params, user, body, deps }) =>
  saveTheme(deps, params.communityId, user, body),
);

const newLogoUpload = implement(routes.createLogoUpload, ({ params, body, deps }) =>
  createLogoUpload(deps, params.communityId, body),
);

const publish = implement(routes.publishLogo, ({ params, deps }) =>
  publishLogo(deps, params.communityId, params.uploadId),
);

const rename = implement(routes.renameCommunity, ({ params, user, access, body, deps }) =>
  renameCommunity(deps, params.communityId, user, access, body.name),
);

const ownership = implement(routes.getOwnership, ({ params, user, access, deps }) =>
  readOwnership(deps, params.communityId, user, access),
);

const transfer = implement(routes.transferOwnership, ({ params, user, body, deps }) =>
  transferOwnership(deps, params.communityId, user, body.new_owner_id),
);

/** Lambda handler of the settings area: theme and logo, community name, workspace ownership. */
export const handler = createAreaHandler([getTheme, putTheme, newLogoUpload, publish, rename, ownership, transfer], wiring);
