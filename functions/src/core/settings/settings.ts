import { randomUUID } from 'node:crypto';
import {
  DEFAULT_THEME_FONT_FAMILY,
  DEFAULT_THEME_PRIMARY_COLOR,
  LOGO_MAX_BYTES,
  LOGO_OBJECT_NAME_INFIX,
  LOGO_UPLOAD_URL_SECONDS,
  SETTINGS_TEXTS,
  type Community,
  type CommunityAdmin,
  type CommunityTheme,
  type Member,
  type Ownership,
  type ThemeForm,
  type TransferOwnershipResult,
  type UserCommunity,
} from '@kehila/shared';
import type { Access, AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { getCommunity, transferCommunityOwner, updateCommunityAsOwner } from '../../data/communities';
import { getMember, listAllMembers } from '../../data/memberships';
import { getProfile } from '../../data/profiles';
import { COMMUNITY_MESSAGES } from '../communities/messages';
import { isActiveMembership } from '../communities/records';
import { userCommunityOf } from '../communities/communities';
import { isObjectKey } from '../ports/storage';
import { isRasterOfType, LOGO_EXTENSIONS, sanitizeSvg, type LogoContentType } from './logo-image';

/** Key prefix of published logos: the logos bucket, served by CloudFront at `/logos/*` (and locally by the gateway). */
export const LOGOS_KEY_PREFIX = 'logos/';
/** Key prefix of logo uploads waiting to be checked: the private exports bucket, never served. */
export const LOGO_UPLOADS_KEY_PREFIX = 'logo-uploads/';

/** Where a community's published logos live (one folder per community, so its data can be found and erased). */
export const logoFolder = (communityId: string) => `${LOGOS_KEY_PREFIX}${communityId}/`;
/** Where an upload waits until it is published. */
const stagedKey = (communityId: string, uploadId: string) => `${LOGO_UPLOADS_KEY_PREFIX}${communityId}/${uploadId}`;
/** The public URL of a published logo: same origin as the web app. */
const publicUrl = (key: string) => `/${key}`;

function themeOf(community: Community, canEdit: boolean): CommunityTheme {
  return {
    community_id: community.id,
    group_id: community.group_id,
    logo_url: community.logo_url,
    primary_color: community.color_theme ?? DEFAULT_THEME_PRIMARY_COLOR,
    font_family: community.font_family ?? DEFAULT_THEME_FONT_FAMILY,
    can_edit: canEdit,
  };
}

async function requireCommunity(deps: Pick<Deps, 'db'>, communityId: string): Promise<Community> {
  const community = await getCommunity(deps.db, communityId);
  if (!community) throw fail.notFound(COMMUNITY_MESSAGES.notFound);
  return community;
}

/** The community's theme (S2 §3 defaults when unset); `can_edit` for the workspace owner. */
export async function readTheme(deps: Pick<Deps, 'db'>, communityId: string, user: AuthUser): Promise<CommunityTheme> {
  const community = await requireCommunity(deps, communityId);
  return themeOf(community, community.owner_id === user.id);
}

/**
 * Saves the theme (S2 §7.5), the workspace owner only: the write is conditional on the caller still
 * being the owner, so a save racing a transfer is refused. A logo must be one published for this
 * community (a URL under its logo folder that exists), never an arbitrary address.
 */
export async function saveTheme(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  communityId: string,
  user: AuthUser,
  form: ThemeForm,
): Promise<CommunityTheme> {
  if (form.logo_url !== null) {
    const prefix = publicUrl(logoFolder(communityId));
    const key = form.logo_url.startsWith(prefix) ? form.logo_url.slice(1) : null;
    if (!key || !isObjectKey(key) || !(await deps.storage.head(key))) {
      throw fail.badRequest(SETTINGS_TEXTS.logoUnknown, [{ path: 'logo_url', message: SETTINGS_TEXTS.logoUnknown }]);
    }
  }
  const updated = await updateCommunityAsOwner(deps.db, communityId, user.id, {
    logo_url: form.logo_url,
    color_theme: form.primary_color,
    font_family: form.font_family,
    updated_at: deps.now().toISOString(),
  });
  if (!updated) throw fail.forbidden(SETTINGS_TEXTS.ownerOnly);
  return themeOf(updated, true);
}

/** A presigned form for uploading a logo of the declared type (the storage enforces type and 2 MB). */
export async function createLogoUpload(
  deps: Pick<Deps, 'storage'>,
  communityId: string,
  request: { content_type: LogoContentType },
): Promise<{ upload_id: string; upload: { url: string; method: 'POST'; fields: Record<string, string> } }> {
  const uploadId = randomUUID();
  const upload = await deps.storage.presignPost(stagedKey(communityId, uploadId), {
    contentType: request.content_type,
    maxBytes: LOGO_MAX_BYTES,
    expiresSeconds: LOGO_UPLOAD_URL_SECONDS,
  });
  return { upload_id: uploadId, upload: { url: upload.url, method: 'POST', fields: upload.fields } };
}

/** `{group}-logo-{timestamp}` (S2 §7.5): the group id in the characters an object key allows. */
function logoName(community: Community, timestamp: number, extension: string): string {
  const group = (community.group_id ?? community.id).replace(/[^A-Za-z0-9_-]/g, '-');
  return `${group}${LOGO_OBJECT_NAME_INFIX}${timestamp}.${extension}`;
}

/**
 * Publishes an uploaded logo: its bytes must be the image type it was uploaded as (an SVG is
 * rewritten by the sanitiser, or refused), then it is stored in the community's logo folder under the
 * S2 §7.5 name and the staged upload is removed. Answers the public URL; a theme save then uses it.
 */
export async function publishLogo(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  communityId: string,
  uploadId: string,
): Promise<{ logo_url: string }> {
  const community = await requireCommunity(deps, communityId);
  const staged = stagedKey(communityId, uploadId);
  const head = await deps.storage.head(staged);
  if (!head) throw fail.badRequest(SETTINGS_TEXTS.logoNotUploaded);
  const type = (Object.keys(LOGO_EXTENSIONS) as LogoContentType[]).find((t) => t === head.contentType);
  try {
    if (!type) throw fail.badRequest(SETTINGS_TEXTS.logoNotImage);
    if (head.size > LOGO_MAX_BYTES) throw fail.badRequest(SETTINGS_TEXTS.logoTooLarge);
    const bytes = await deps.storage.get(staged);
    let body: Buffer;
    if (type === 'image/svg+xml') {
      const clean = sanitizeSvg(bytes.toString('utf8'));
      if (!clean.ok) throw fail.badRequest(SETTINGS_TEXTS.logoUnsafeSvg);
      body = Buffer.from(clean.svg, 'utf8');
    } else {
      if (!isRasterOfType(bytes, type)) throw fail.badRequest(SETTINGS_TEXTS.logoNotImage);
      body = bytes;
    }
    const key = `${logoFolder(communityId)}${logoName(community, deps.now().getTime(), LOGO_EXTENSIONS[type])}`;
    await deps.storage.put(key, body, type);
    return { logo_url: publicUrl(key) };
  } finally {
    await deps.storage.delete(staged);
  }
}

/** Inline rename (S2 §4, §5), the workspace owner only; answers the caller's list entry. */
export async function renameCommunity(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  access: Access | null,
  name: string,
): Promise<UserCommunity> {
  const updated = await updateCommunityAsOwner(deps.db, communityId, user.id, {
    name,
    updated_at: deps.now().toISOString(),
  });
  if (!updated) throw fail.forbidden(SETTINGS_TEXTS.ownerOnly);
  return userCommunityOf(deps, updated, access?.role ?? 'Admin', user.id);
}

const fullName = (m: Member) => [m.first_name, m.last_name].filter(Boolean).join(' ').trim() || null;

/** How a user is named to others: their profile's username, else their member name. */
async function nameOf(deps: Pick<Deps, 'db'>, member: Member | null, userId: string): Promise<string | null> {
  const profile = await getProfile(deps.db, userId);
  return profile?.username?.trim() || (member ? fullName(member) : null);
}

/** The community's active, approved admins with an account. */
async function activeAdmins(deps: Pick<Deps, 'db'>, communityId: string): Promise<Member[]> {
  const members = await listAllMembers(deps.db, communityId);
  return members.filter((m) => m.role === 'Admin' && m.auth_id && isActiveMembership(m));
}

/**
 * Workspace ownership (S2 §7.4b): the owner's name and e-mail for everyone in the community, and for
 * an admin the community's admins (the transfer candidates are those not the owner).
 */
export async function readOwnership(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  user: AuthUser,
  access: Access | null,
): Promise<Ownership> {
  const community = await requireCommunity(deps, communityId);
  const ownerId = community.owner_id;
  const ownerMember = ownerId ? await getMember(deps.db, communityId, ownerId) : null;
  const owner = ownerId
    ? {
        owner_id: ownerId,
        owner_name: await nameOf(deps, ownerMember, ownerId),
        owner_email: ownerMember?.email ?? null,
      }
    : null;
  let admins: CommunityAdmin[] = [];
  if (access?.role === 'Admin') {
    admins = await Promise.all(
      (await activeAdmins(deps, communityId)).map(async (m) => ({
        admin_id: m.auth_id ?? m.id,
        admin_name: await nameOf(deps, m, m.auth_id ?? m.id),
        admin_email: m.email,
        is_workspace_owner: m.auth_id === ownerId,
      })),
    );
  }
  return { owner, is_owner: ownerId === user.id, admins };
}

/**
 * Transfers workspace ownership (S2 §7.4b) to another active admin of the community. One conditional
 * write moves it while the caller is still the owner; from then on every owner route refuses the
 * caller, since authorization reads the owner on each request.
 */
export async function transferOwnership(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  newOwnerId: string,
): Promise<TransferOwnershipResult> {
  if (newOwnerId === user.id) throw fail.badRequest(SETTINGS_TEXTS.transferToSelf);
  const target = await getMember(deps.db, communityId, newOwnerId);
  if (!target || target.role !== 'Admin' || !target.auth_id || !isActiveMembership(target)) {
    throw fail.badRequest(SETTINGS_TEXTS.transferTargetNotAdmin, [
      { path: 'new_owner_id', message: SETTINGS_TEXTS.transferTargetNotAdmin },
    ]);
  }
  const moved = await transferCommunityOwner(deps.db, communityId, user.id, target.auth_id, deps.now().toISOString());
  if (!moved) throw fail.forbidden(SETTINGS_TEXTS.ownerOnly);
  const name = await nameOf(deps, target, target.auth_id);
  return { success: true, message: `Workspace ownership transferred to ${name ?? 'the new owner'}` };
}
