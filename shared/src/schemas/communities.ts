import * as z from 'zod';

/** Admin gender on the community information form (S1 §3). */
export const AdminGenderSchema = z.enum(['Male', 'Female', 'Other', 'Prefer not to say']);
/** Group language (S1 §3); English by default. */
export const GroupLanguageSchema = z.enum(['English', 'Hebrew', 'Mixed']);
/** Where summaries are delivered (S1 §1). */
export const SummaryDestinationSchema = z.enum(['whatsapp', 'sheet', 'both']);

/** communities (S1 §3), plus the workspace owner of S2 §6. */
export const CommunitySchema = z.object({
  id: z.string(),
  name: z.string(),
  meaningful_id: z.string().nullable(),
  group_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  group_description: z.string().nullable(),
  group_goals: z.string().nullable(),
  admin_name: z.string().nullable(),
  admin_gender: AdminGenderSchema.nullable(),
  group_language: GroupLanguageSchema.default('English'),
  admin_phone: z.string().nullable(),
  metadata_collected_at: z.string().nullable(),
  summary_destination: SummaryDestinationSchema.default('whatsapp'),
  weekly_summary: z.boolean().default(true),
  daily_summary: z.boolean().default(false),
  pine_coin_manager_id: z.string().nullable(),
  group_rules: z.string().nullable(),
  business_focus: z.array(z.string()).default([]),
  member_onboarding_info: z.string().nullable(),
  logo_url: z.string().nullable(),
  color_theme: z.string().nullable(),
  whatsapp_group_url: z.string().nullable(),
  /** The workspace owner (S2 §6): the one admin who may rename, brand and transfer ownership. */
  owner_id: z.string().nullable(),
  /**
   * The theme's font (S2 §3 Theme font_family; null: the default). The theme lives on the community
   * item: its logo is `logo_url` and its primary colour `color_theme` (S1 §3), so one write saves it.
   */
  font_family: z.string().nullable().default(null),
});
export type Community = z.infer<typeof CommunitySchema>;

/** The user's community list entry (S1 §3). */
export const UserCommunitySchema = z.object({
  community_id: z.string(),
  community_name: z.string(),
  display_name: z.string(),
  meaningful_id: z.string().nullable(),
  group_id: z.string().nullable(),
  role: z.enum(['Admin', 'Member']),
  member_count: z.number().int().nonnegative(),
  created_at: z.string(),
  /** The user is its workspace owner (S2 §6): they alone may rename it. */
  is_owner: z.boolean().default(false),
});
export type UserCommunity = z.infer<typeof UserCommunitySchema>;

/** pending_community_connections (S1 §3): an admin's group connection waiting for the bot. */
export const PendingConnectionSchema = z.object({
  id: z.string(),
  /** The community the group is for; null while the Add Community dialog verifies a group for a new one. */
  community_id: z.string().nullable(),
  /** The WhatsApp number the connect code must come from ('+<digits>'). */
  admin_phone: z.string(),
  /** `failed`: the code was tried too often, or the number was verified from another account (see `error`). */
  status: z.enum(['pending', 'waiting', 'connected', 'failed']),
  group_id: z.string().nullable(),
  uuid_detected_at: z.string().nullable(),
  created_at: z.string(),
  /**
   * The one-time code the user sends in the group from that number (`/connect 123456`): proof that
   * the group is theirs. Shown only to its owner; it expires at `code_expires_at`.
   */
  code: z.string(),
  code_expires_at: z.string(),
  /** Why the connection failed, in words the UI shows. */
  error: z.string().nullable(),
});
export type PendingConnection = z.infer<typeof PendingConnectionSchema>;

/** theme (S1 §3, S2 §3): one per community. */
export const ThemeSchema = z.object({
  group_id: z.string().nullable(),
  logo_url: z.string().nullable(),
  primary_color: z.string().default('#0EA5E9'),
  font_family: z.string().default('system-ui, sans-serif'),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** Community as the messages/dashboard/settings screens use it (S2 §3). */
export const CommunityCoreSchema = CommunitySchema.pick({
  id: true,
  group_id: true,
  name: true,
  updated_at: true,
  admin_name: true,
});
export type CommunityCore = z.infer<typeof CommunityCoreSchema>;

/** Community metadata edited from settings (S2 §3). */
export const CommunityMetadataSchema = CommunitySchema.pick({
  group_description: true,
  group_goals: true,
  admin_name: true,
  admin_gender: true,
  group_language: true,
});
export type CommunityMetadata = z.infer<typeof CommunityMetadataSchema>;

/** Result of connecting a WhatsApp group to a community (S1 §7, S2 §7 assign_group_id_to_user). */
export const GroupConnectResultSchema = z.object({
  success: z.boolean(),
  message: z.string().nullable(),
  community_id: z.string().nullable(),
  /** With role Admin, the flow continues to the metadata step (S1 §4, S2 §4). */
  needs_metadata: z.boolean(),
  user_role: z.enum(['Admin', 'Member']).nullable(),
});
export type GroupConnectResult = z.infer<typeof GroupConnectResultSchema>;

/** Kind of a community's name as settings label it (S2 §4 "Community display labels"). */
export const CommunityDisplayLabelSchema = z.enum(['Custom ID', 'WhatsApp Group', 'Auto-generated', 'Custom Name']);
export type CommunityDisplayLabel = z.infer<typeof CommunityDisplayLabelSchema>;
