import * as z from 'zod';
import { CommunityParams, IdSchema, RATE_LIMITS, route } from './contract';
import {
  InvitationOptionsSchema,
  InvitationSchema,
  InviteFormFieldsSchema,
  RegisterWithInviteResultSchema,
} from '../schemas/invites';

/** The path of one invitation. */
export const InviteParams = CommunityParams.extend({ inviteId: IdSchema });
/** The public path of an invite: its code (at least 128 random bits, base64url). */
export const InviteCodeParams = z.object({ inviteCode: IdSchema });

/** What the registration page shows of an invite (S1 §2, §3): its look, rules and field requirements. */
export const PublicInviteSchema = z.object({
  code: z.string(),
  community_name: z.string(),
  custom_header: z.string().nullable(),
  custom_message: z.string().nullable(),
  custom_button_text: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string().nullable(),
  group_rules: z.string().nullable(),
  require_rules_acceptance: z.boolean(),
  form_fields: InviteFormFieldsSchema,
  /** The community's real WhatsApp group link, offered on 'Application Under Review' (S1 §2). */
  community_whatsapp_url: z.string().nullable(),
});
export type PublicInvite = z.infer<typeof PublicInviteSchema>;

/**
 * The registration as the page sends it (S1 §3 member registration fields). The invite's own rules
 * (S1 §5 InviteRegistrationSchema) are applied by the server once it has read the invite.
 */
const field = z.string().max(2000, 'Must be at most 2000 characters').nullish();
export const InviteRegistrationBodySchema = z.object({
  first_name: field,
  last_name: field,
  email: z.string().max(320, 'Please enter a valid email address'),
  country_code: field,
  phone: field,
  company: field,
  job_role: field,
  role_level: field,
  gender: field,
  linkedin_profile_url: field,
  facebook_name: field,
  referral_source: field,
  attend_live_events: field,
  custom_field_value: field,
  accepted_privacy_policy: z.boolean().nullish(),
  accepted_email_communications: z.boolean().nullish(),
  rules_accepted: z.boolean().nullish(),
});
export type InviteRegistrationBody = z.input<typeof InviteRegistrationBodySchema>;

export const inviteRoutes = {
  listInvites: route({
    method: 'GET',
    path: '/api/communities/{communityId}/invites',
    auth: 'admin',
    area: 'invites',
    summary: 'The Invitations tab (S3 §2): active invitations, newest first, with uses, max and expiry.',
    params: CommunityParams,
    response: z.object({ items: z.array(InvitationSchema) }),
  }),
  createInvite: route({
    method: 'POST',
    path: '/api/communities/{communityId}/invites',
    auth: 'admin',
    area: 'invites',
    status: 201,
    summary: 'Create Invitation (S3 §2, §5): an unguessable code (128 random bits) with every option.',
    params: CommunityParams,
    body: InvitationOptionsSchema,
    response: InvitationSchema,
  }),
  deleteInvite: route({
    method: 'DELETE',
    path: '/api/communities/{communityId}/invites/{inviteId}',
    auth: 'admin',
    area: 'invites',
    summary: 'Deletes an invitation; its code stops working at once.',
    params: InviteParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  getPublicInvite: route({
    method: 'GET',
    path: '/api/public/invites/{inviteCode}',
    auth: 'public',
    area: 'invites',
    summary: 'The invite registration page (S1 §2): the invite by its code; unknown, used up and expired answer alike.',
    params: InviteCodeParams,
    rateLimit: RATE_LIMITS.inviteLookup,
    response: PublicInviteSchema,
  }),
  registerWithInvite: route({
    method: 'POST',
    path: '/api/public/invites/{inviteCode}/registrations',
    auth: 'public',
    area: 'invites',
    summary:
      'Registers a visitor with an invite (S1 §7 register_with_invite): a pending Member; rate-limited per address and per invite; max uses and expiry enforced atomically.',
    params: InviteCodeParams,
    body: InviteRegistrationBodySchema,
    rateLimit: RATE_LIMITS.inviteRegistration,
    response: RegisterWithInviteResultSchema,
  }),
} as const;
