import * as z from 'zod';
import { CommunityParams, IdSchema, route } from './contract';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '../constants';
import { ThemeSchema, UserCommunitySchema } from '../schemas/communities';
import {
  CommunityAdminSchema,
  CommunityNameFormSchema,
  ThemeFormSchema,
  TransferOwnershipResultSchema,
  TransferOwnershipSchema,
  WorkspaceOwnerSchema,
} from '../schemas/settings';

/** Texts of the settings routes' refusals (S2 §6, §8 where quoted; the rest are ours). */
export const SETTINGS_TEXTS = {
  /** S2 §6: what an admin who is not the owner is told. */
  ownerOnly: 'Theme changes are managed by the workspace owner',
  transferTargetNotAdmin: 'Please select an admin to transfer ownership to',
  transferToSelf: 'You are already the workspace owner',
  logoNotUploaded: 'The logo has not been uploaded yet. Please try again.',
  logoNotImage: 'Please choose an image file (PNG, JPEG, WebP or SVG)',
  logoTooLarge: 'The logo must be 2 MB or smaller',
  logoUnsafeSvg: 'This SVG cannot be used as a logo (it contains scripts, links or embedded content)',
  logoUnknown: 'This logo was not uploaded for this community. Please upload it again.',
} as const;

/** The theme of a community as the app applies it (S2 §3 Theme), and whether the caller may change it. */
export const CommunityThemeSchema = ThemeSchema.extend({
  community_id: z.string(),
  /** The caller is the workspace owner (S2 §6): only they may save it; the server checks again. */
  can_edit: z.boolean(),
});
export type CommunityTheme = z.infer<typeof CommunityThemeSchema>;

/** A logo upload request: the file's type and size, checked before the form is signed. */
export const LogoUploadRequestSchema = z.object({
  content_type: z.enum(LOGO_CONTENT_TYPES, { error: SETTINGS_TEXTS.logoNotImage }),
  size: z
    .number()
    .int()
    .min(1, SETTINGS_TEXTS.logoNotImage)
    .max(LOGO_MAX_BYTES, SETTINGS_TEXTS.logoTooLarge),
});

/** The workspace ownership of a community (S2 §6, §7.4b) as the caller may see it. */
export const OwnershipSchema = z.object({
  owner: WorkspaceOwnerSchema.nullable(),
  /** The caller is the owner. */
  is_owner: z.boolean(),
  /** The community's admins (owner marked); empty for a Member, who sees only the owner's name. */
  admins: z.array(CommunityAdminSchema),
});
export type Ownership = z.infer<typeof OwnershipSchema>;

export const settingsRoutes = {
  getTheme: route({
    method: 'GET',
    path: '/api/communities/{communityId}/theme',
    auth: 'member',
    area: 'settings',
    summary: "The community's theme (logo, primary colour, font; S2 §3 defaults when unset), applied across the app.",
    params: CommunityParams,
    response: CommunityThemeSchema,
  }),
  saveTheme: route({
    method: 'PUT',
    path: '/api/communities/{communityId}/theme',
    auth: 'owner',
    area: 'settings',
    summary:
      "Saves the theme (S2 §7.5 upsert: logo_url, primary_color, font_family); the workspace owner only. The logo must be one uploaded for this community (or null).",
    params: CommunityParams,
    body: ThemeFormSchema,
    response: CommunityThemeSchema,
    uses: { objects: 'logos' },
  }),
  createLogoUpload: route({
    method: 'POST',
    path: '/api/communities/{communityId}/theme/logo-uploads',
    auth: 'owner',
    area: 'settings',
    summary:
      'A presigned upload form for a logo (PNG, JPEG, WebP or SVG, at most 2 MB): the storage itself refuses another type or a larger file.',
    params: CommunityParams,
    body: LogoUploadRequestSchema,
    response: z.object({
      upload_id: z.string(),
      upload: z.object({ url: z.string(), method: z.literal('POST'), fields: z.record(z.string(), z.string()) }),
    }),
    status: 201,
    uses: { objects: 'logos' },
  }),
  publishLogo: route({
    method: 'POST',
    path: '/api/communities/{communityId}/theme/logo-uploads/{uploadId}',
    auth: 'owner',
    area: 'settings',
    summary:
      'Checks an uploaded logo (its bytes must be the image type it was uploaded as; an SVG is sanitised) and publishes it under the S2 §7.5 name `{group}-logo-{timestamp}`; answers its public URL, which a theme save then uses.',
    params: CommunityParams.extend({ uploadId: IdSchema }),
    response: z.object({ logo_url: z.string() }),
    uses: { objects: 'logos' },
  }),
  renameCommunity: route({
    method: 'PATCH',
    path: '/api/communities/{communityId}/name',
    auth: 'owner',
    area: 'settings',
    summary: 'Inline rename (S2 §4, §5): trimmed, not empty, at most 100 characters; the workspace owner only.',
    params: CommunityParams,
    body: CommunityNameFormSchema,
    response: UserCommunitySchema,
  }),
  getOwnership: route({
    method: 'GET',
    path: '/api/communities/{communityId}/ownership',
    auth: 'member',
    area: 'settings',
    summary:
      "The workspace owner (S2 §7.4b get_workspace_owner, is_workspace_owner) and, for admins, the community's admins (get_community_admins).",
    params: CommunityParams,
    response: OwnershipSchema,
  }),
  transferOwnership: route({
    method: 'POST',
    path: '/api/communities/{communityId}/ownership',
    auth: 'owner',
    area: 'settings',
    summary:
      'Transfers workspace ownership to another admin (S2 §7.4b transfer_workspace_ownership); from then on the previous owner is refused every owner route.',
    params: CommunityParams,
    body: TransferOwnershipSchema,
    response: TransferOwnershipResultSchema,
  }),
};
