import * as z from 'zod';
import { COMMUNITY_NAME_MAX_LENGTH, DEFAULT_THEME_FONT_FAMILY, DEFAULT_THEME_PRIMARY_COLOR } from '../constants';
import { GENERIC_FIELD_MESSAGES, HEX_COLOR_PATTERN, optionalText } from './shared-fields';

/** An admin of a community (S2 §3 Community admin). */
export const CommunityAdminSchema = z.object({
  admin_id: z.string(),
  admin_name: z.string().nullable(),
  admin_email: z.string().nullable(),
  is_workspace_owner: z.boolean(),
});
export type CommunityAdmin = z.infer<typeof CommunityAdminSchema>;

/** The workspace owner of a community (S2 §3). */
export const WorkspaceOwnerSchema = z.object({
  owner_id: z.string(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
});
export type WorkspaceOwner = z.infer<typeof WorkspaceOwnerSchema>;

/** Messages of the settings forms (S2 §5). */
export const SETTINGS_MESSAGES = {
  usernameEmpty: 'Username cannot be empty',
  nameEmpty: 'Name cannot be empty',
  selectAdmin: 'Please select an admin to transfer ownership to',
  transferConfirm:
    'Are you sure you want to transfer workspace ownership? You will lose the ability to edit community settings.',
  communityIdMissing: 'Community ID not found. Please try connecting again.',
} as const;

/** Username edit (S2 §5): trimmed, not empty. */
/** The longest username (the specs show no limit; the UI shows it in one line). */
export const USERNAME_MAX_LENGTH = 100;

export const UsernameFormSchema = z.object({
  username: z
    .string({ error: SETTINGS_MESSAGES.usernameEmpty })
    .trim()
    .min(1, SETTINGS_MESSAGES.usernameEmpty)
    .max(USERNAME_MAX_LENGTH, GENERIC_FIELD_MESSAGES.tooLong(USERNAME_MAX_LENGTH)),
});
export type UsernameForm = z.infer<typeof UsernameFormSchema>;

/** Community rename (S2 §5): trimmed, not empty, at most 100 characters. */
export const CommunityNameFormSchema = z.object({
  name: z
    .string({ error: SETTINGS_MESSAGES.nameEmpty })
    .trim()
    .min(1, SETTINGS_MESSAGES.nameEmpty)
    .max(COMMUNITY_NAME_MAX_LENGTH, GENERIC_FIELD_MESSAGES.tooLong(COMMUNITY_NAME_MAX_LENGTH)),
});
export type CommunityNameForm = z.infer<typeof CommunityNameFormSchema>;

/** Ownership transfer (S2 §5): a selected admin is required. */
export const TransferOwnershipSchema = z.object({
  new_owner_id: z
    .string({ error: SETTINGS_MESSAGES.selectAdmin })
    .trim()
    .min(1, SETTINGS_MESSAGES.selectAdmin)
    .max(128, SETTINGS_MESSAGES.selectAdmin),
});
export type TransferOwnership = z.infer<typeof TransferOwnershipSchema>;

/** Result of an ownership transfer (S2 §7). */
export const TransferOwnershipResultSchema = z.object({
  success: z.boolean(),
  message: z.string().nullable(),
});
export type TransferOwnershipResult = z.infer<typeof TransferOwnershipResultSchema>;

/** The longest custom font-family list. */
export const THEME_FONT_MAX_LENGTH = 200;
/** Letters, digits, spaces, commas, quotes, hyphens, underscores and dots: a font-family list and nothing else. */
export const FONT_FAMILY_PATTERN = /^[\p{L}\p{N} ,'"._-]+$/u;

/** Messages of the theme form that the specs give no words for. */
export const THEME_MESSAGES = {
  invalidFont: 'Please enter a font family name (letters, digits, spaces, commas and quotes)',
} as const;

/** Theme form (S2 §5): a hex primary colour (preset or custom) and a font family (preset or custom). */
export const ThemeFormSchema = z.object({
  primary_color: z
    .string()
    .trim()
    .max(7, GENERIC_FIELD_MESSAGES.invalidColor)
    .regex(HEX_COLOR_PATTERN, GENERIC_FIELD_MESSAGES.invalidColor)
    .default(DEFAULT_THEME_PRIMARY_COLOR),
  font_family: z
    .string()
    .trim()
    .max(THEME_FONT_MAX_LENGTH, GENERIC_FIELD_MESSAGES.tooLong(THEME_FONT_MAX_LENGTH))
    // A CSS font-family list only: it becomes a design-token value, so no character that could end one.
    .regex(FONT_FAMILY_PATTERN, THEME_MESSAGES.invalidFont)
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || DEFAULT_THEME_FONT_FAMILY),
  /** Public URL of the uploaded logo (S2 §7), or null for none. */
  logo_url: optionalText(2048),
});
export type ThemeForm = z.output<typeof ThemeFormSchema>;
export type ThemeFormInput = z.input<typeof ThemeFormSchema>;
