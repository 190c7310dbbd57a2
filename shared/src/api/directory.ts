import * as z from 'zod';
import { CommunityParams, IdSchema, RATE_LIMITS, route } from './contract';
import {
  CreateDirectoryLinkSchema,
  DirectoryLinkWithAnalyticsSchema,
  PublicDirectoryMemberSchema,
  PublicLinkInfoSchema,
} from '../schemas/directory';

/** The path of one directory link. */
export const DirectoryLinkParams = CommunityParams.extend({ linkId: IdSchema });
/** The public path of a directory link: its token (at least 128 random bits, base64url). */
export const DirectoryTokenParams = z.object({ token: IdSchema });

/** The public directory (S3 §2, §7): the link's info and its approved members, S3 card fields only. */
export const PublicDirectorySchema = z.object({
  info: PublicLinkInfoSchema,
  members: z.array(PublicDirectoryMemberSchema),
});
export type PublicDirectory = z.infer<typeof PublicDirectorySchema>;

/** Text of an unknown, expired or revoked link: all answered alike (S3 §8). */
export const DIRECTORY_LINK_INVALID = 'This link is invalid or has expired';

export const directoryRoutes = {
  listDirectoryLinks: route({
    method: 'GET',
    path: '/api/communities/{communityId}/directory-links',
    auth: 'admin',
    area: 'directory',
    summary: 'Share Member Directory card (S3 §2): unexpired links, newest first, with views and unique visitors.',
    params: CommunityParams,
    response: z.object({ items: z.array(DirectoryLinkWithAnalyticsSchema) }),
  }),
  createDirectoryLink: route({
    method: 'POST',
    path: '/api/communities/{communityId}/directory-links',
    auth: 'admin',
    area: 'directory',
    status: 201,
    summary: 'Create Shareable Link (S3 §2, §5): a name and an expiry of 7, 14, 30, 90 or 365 days; a 128-bit token.',
    params: CommunityParams,
    body: CreateDirectoryLinkSchema.omit({ community_id: true }),
    response: DirectoryLinkWithAnalyticsSchema,
  }),
  deleteDirectoryLink: route({
    method: 'DELETE',
    path: '/api/communities/{communityId}/directory-links/{linkId}',
    auth: 'admin',
    area: 'directory',
    summary: 'Revokes a directory link; its token stops working at once.',
    params: DirectoryLinkParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  getPublicDirectory: route({
    method: 'GET',
    path: '/api/public/directory/{token}',
    auth: 'public',
    area: 'directory',
    summary:
      'The public directory (S3 §2): approved members with the card fields only (never e-mail); records a view. Unknown, expired and revoked tokens answer alike.',
    params: DirectoryTokenParams,
    rateLimit: RATE_LIMITS.directoryView,
    response: PublicDirectorySchema,
  }),
} as const;
