import * as z from 'zod';
import { DEFAULT_DIRECTORY_LINK_EXPIRY_DAYS, DIRECTORY_LINK_EXPIRY_OPTIONS_DAYS } from '../constants';

/** A shareable member-directory link (S3 §3). */
export const DirectoryLinkSchema = z.object({
  id: z.string(),
  link_name: z.string(),
  access_token: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  community_id: z.string(),
});
export type DirectoryLink = z.infer<typeof DirectoryLinkSchema>;

/** Views of one day (our shape for S3 §3 daily_views). */
export const DailyViewsSchema = z.object({
  /** yyyy-MM-dd. */
  date: z.string(),
  views: z.number().int().nonnegative(),
});
export type DailyViews = z.infer<typeof DailyViewsSchema>;

/** Analytics of a directory link (S3 §3). */
export const DirectoryLinkAnalyticsSchema = z.object({
  total_views: z.number().int().nonnegative(),
  unique_visitors: z.number().int().nonnegative(),
  views_today: z.number().int().nonnegative(),
  views_this_week: z.number().int().nonnegative(),
  last_viewed: z.string().nullable(),
  daily_views: z.array(DailyViewsSchema),
});
export type DirectoryLinkAnalytics = z.infer<typeof DirectoryLinkAnalyticsSchema>;

/** A directory link with its analytics, as the members page lists them (S3 §2). */
export const DirectoryLinkWithAnalyticsSchema = DirectoryLinkSchema.extend({
  analytics: DirectoryLinkAnalyticsSchema,
});
export type DirectoryLinkWithAnalytics = z.infer<typeof DirectoryLinkWithAnalyticsSchema>;

/** Public link info response (S3 §3). */
export const PublicLinkInfoSchema = z.object({
  communityId: z.string(),
  communityName: z.string(),
  linkName: z.string(),
  expiresAt: z.string(),
});
export type PublicLinkInfo = z.infer<typeof PublicLinkInfoSchema>;

/** Expiry choice of a new link, in days (S3 §9). */
export const DirectoryLinkExpirySchema = z.literal(DIRECTORY_LINK_EXPIRY_OPTIONS_DAYS);
export type DirectoryLinkExpiry = (typeof DIRECTORY_LINK_EXPIRY_OPTIONS_DAYS)[number];

/** Messages of the Create Shareable Link dialog (S3 §5, §8). */
export const DIRECTORY_LINK_MESSAGES = {
  linkNameRequired: 'Please enter a link name',
  noCommunity: 'No community selected',
} as const;

/** Create Shareable Link (S3 §2, §5): a non-blank name, a selected community, an expiry option. */
export const CreateDirectoryLinkSchema = z.object({
  link_name: z
    .string({ error: DIRECTORY_LINK_MESSAGES.linkNameRequired })
    .trim()
    .min(1, DIRECTORY_LINK_MESSAGES.linkNameRequired)
    .max(100, 'Must be at most 100 characters'),
  community_id: z
    .string({ error: DIRECTORY_LINK_MESSAGES.noCommunity })
    .trim()
    .min(1, DIRECTORY_LINK_MESSAGES.noCommunity),
  expires_in_days: DirectoryLinkExpirySchema.default(DEFAULT_DIRECTORY_LINK_EXPIRY_DAYS),
});
export type CreateDirectoryLink = z.output<typeof CreateDirectoryLinkSchema>;

/** A member as the public directory shows them (S3 §2 cards): approved members only. */
export const PublicDirectoryMemberSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: z.enum(['Admin', 'Member']),
  job_role: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  country_code: z.string().nullable(),
  location: z.string().nullable(),
  linkedin_profile_url: z.string().nullable(),
});
export type PublicDirectoryMember = z.infer<typeof PublicDirectoryMemberSchema>;
