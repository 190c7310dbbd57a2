import * as z from 'zod';
import { CommunityParams, IdSchema, route } from './contract';
import { CommunitySchema, PendingConnectionSchema, UserCommunitySchema } from '../schemas/communities';
import { CommunityInfoFormSchema } from '../rules/community-info';
import { GroupIdSchema } from '../rules/group-id';

/**
 * Opening a group verification: the WhatsApp number the code will be sent from, in international
 * form ('+972501234567'); the profile's number when absent.
 */
export const OpenVerificationSchema = z.object({
  phone: z
    .string()
    .trim()
    .max(16, 'Please enter a valid WhatsApp phone number')
    .regex(/^\+\d{7,15}$/, 'Please enter a valid WhatsApp phone number')
    .optional(),
});

/** Result of connecting a WhatsApp group (S1 §7 assign_group_id_to_user). */
export const ConnectGroupResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  community_id: z.string(),
  needs_metadata: z.boolean(),
  user_role: z.enum(['Admin', 'Member']),
});
export type ConnectGroupResult = z.infer<typeof ConnectGroupResultSchema>;

/** The user's onboarding state: their community (reused or created) and pending bot connection. */
export const OnboardingStateSchema = z.object({
  community: CommunitySchema,
  isNewCommunity: z.boolean(),
  connection: PendingConnectionSchema.nullable(),
});
export type OnboardingState = z.infer<typeof OnboardingStateSchema>;

export const communityRoutes = {
  listMyCommunities: route({
    method: 'GET',
    path: '/api/communities',
    auth: 'user',
    area: 'communities',
    summary: "The user's active communities, newest first, with display names and active-member counts (S1 §3).",
    response: z.object({ communities: z.array(UserCommunitySchema) }),
  }),
  addCommunity: route({
    method: 'POST',
    path: '/api/communities',
    auth: 'user',
    area: 'communities',
    summary: 'Add Community dialog: creates a community for a WhatsApp group id with the caller as Admin.',
    body: z.object({ group_id: GroupIdSchema }),
    response: ConnectGroupResultSchema,
  }),
  getCommunity: route({
    method: 'GET',
    path: '/api/communities/{communityId}',
    auth: 'member',
    area: 'communities',
    summary: 'A community the caller belongs to, with all its information fields.',
    params: CommunityParams,
    response: CommunitySchema,
  }),
  updateCommunityInfo: route({
    method: 'PUT',
    path: '/api/communities/{communityId}/info',
    auth: 'admin',
    area: 'communities',
    summary: 'Saves the community information form (S1 §5); admins only.',
    params: CommunityParams,
    body: CommunityInfoFormSchema,
    response: CommunitySchema,
  }),
  connectGroup: route({
    method: 'POST',
    path: '/api/communities/{communityId}/group',
    auth: 'admin',
    area: 'communities',
    summary: 'Connects a WhatsApp group to the community by its id (manual entry, Settings connect flow).',
    params: CommunityParams,
    body: z.object({ group_id: GroupIdSchema }),
    response: ConnectGroupResultSchema,
  }),
  leaveCommunity: route({
    method: 'DELETE',
    path: '/api/communities/{communityId}/membership',
    auth: 'member',
    area: 'communities',
    uses: { realtime: 'revoke' },
    summary: "Removes the caller's own membership (leave community); their live events stop at once.",
    params: CommunityParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  openGroupVerification: route({
    method: 'POST',
    path: '/api/connections',
    auth: 'user',
    area: 'communities',
    summary:
      'Add Community dialog: a one-time code the caller sends in their group from their WhatsApp (`/connect <code>`), which lets them add a community for that group.',
    body: OpenVerificationSchema,
    response: PendingConnectionSchema,
    status: 201,
  }),
  getGroupVerification: route({
    method: 'GET',
    path: '/api/connections/{connectionId}',
    auth: 'user',
    area: 'communities',
    summary: "Polled while the bot waits for the code: one of the caller's own verifications (404 for anyone else's).",
    params: z.object({ connectionId: IdSchema }),
    response: PendingConnectionSchema,
  }),
  openCommunityVerification: route({
    method: 'POST',
    path: '/api/communities/{communityId}/connection',
    auth: 'admin',
    area: 'communities',
    summary:
      'Settings connect flow: a one-time code for connecting a group to this community; the bot connects it when the code arrives.',
    params: CommunityParams,
    body: OpenVerificationSchema,
    response: PendingConnectionSchema,
    status: 201,
  }),
  startOnboarding: route({
    method: 'POST',
    path: '/api/onboarding',
    auth: 'user',
    area: 'communities',
    summary:
      "Onboarding step 1: reuses the user's active community or creates one, and opens a pending bot connection for the user's phone.",
    response: OnboardingStateSchema,
  }),
  getOnboarding: route({
    method: 'GET',
    path: '/api/onboarding',
    auth: 'user',
    area: 'communities',
    summary: 'Polled every 3 s during onboarding: the pending connection moves from waiting to connected.',
    response: OnboardingStateSchema.nullable(),
  }),
};
