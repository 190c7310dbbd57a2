import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@kehila/functions/data/table-client';
import type { Deps } from '@kehila/functions/core/deps';
import { createCommunity, claimGroup, getCommunity } from '@kehila/functions/data/communities';
import { syncDeliverySchedule } from '@kehila/functions/core/summaries/settings';
import { putMember } from '@kehila/functions/data/memberships';
import { blankMember } from '@kehila/functions/core/communities/records';
import { createProfile } from '@kehila/functions/data/profiles';
import { putAllowlistEntry } from '@kehila/functions/data/allowlist';
import { keys } from '@kehila/functions/data/keys';
import { localCognitoClient } from './engines/cognito';

/** The demo logins `npm start` creates (env vars override; local only). */
export function demoLogins(env: NodeJS.ProcessEnv = process.env) {
  const password = env.KEHILA_DEMO_PASSWORD ?? 'kehila-demo';
  return {
    admin: { email: env.KEHILA_ADMIN_EMAIL ?? 'admin@example.com', password, role: 'Admin' as const },
    member: { email: env.KEHILA_MEMBER_EMAIL ?? 'member@example.com', password, role: 'Member' as const },
  };
}

/** The demo community's fixed ids, so links and docs can name them. */
export const DEMO_COMMUNITY = {
  id: 'demo-community',
  groupId: '120363041234567890@g.us',
  name: 'Tel Aviv Founders Circle',
} as const;

/** Creates a confirmed Cognito user with a permanent password, or returns the existing user's id. */
async function ensureUser(
  cognitoEndpoint: string,
  userPoolId: string,
  email: string,
  password: string,
): Promise<string> {
  const client = localCognitoClient(cognitoEndpoint);
  try {
    try {
      const existing = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
      const sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      if (sub) return sub;
    } catch (err) {
      if (!(err instanceof UserNotFoundException) && (err as Error).name !== 'UserNotFoundException') throw err;
    }
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
    );
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
    return sub;
  } finally {
    client.destroy();
  }
}

/**
 * Seeds the demo on first start: two confirmed users with profiles, a connected community with
 * complete information, and their memberships. Runs once (a marker item records it); users are
 * re-created if the user pool was reset.
 */
export async function seedDemo(
  deps: Deps,
  cognito: { endpoint: string; userPoolId: string },
  log: (line: string) => void,
): Promise<{ seeded: boolean }> {
  const logins = demoLogins();
  const adminId = await ensureUser(cognito.endpoint, cognito.userPoolId, logins.admin.email, logins.admin.password);
  const memberId = await ensureUser(cognito.endpoint, cognito.userPoolId, logins.member.email, logins.member.password);

  const marker = await deps.db.doc.send(new GetCommand({ TableName: deps.db.table, Key: keys.seedMarker() }));
  const now = deps.now();
  const iso = now.toISOString();
  const trialEnds = new Date(now.getTime() + 14 * 86_400_000).toISOString();

  for (const [id, login, phone] of [
    [adminId, logins.admin, '+972501234567'],
    [memberId, logins.member, '+972527654321'],
  ] as const) {
    await createProfile(deps.db, {
      id,
      username: login.email.split('@')[0] ?? 'user',
      email: login.email,
      group_id: DEMO_COMMUNITY.groupId,
      subscription_status: null,
      subscription_plan: null,
      lemon_squeezy_customer_id: null,
      subscription_ends_at: null,
      trial_ends_at: trialEnds,
      phone_number: phone,
      country_code: '+972',
      created_at: iso,
      updated_at: iso,
    });
  }
  if (marker.Item) return { seeded: false };

  if (!(await getCommunity(deps.db, DEMO_COMMUNITY.id))) {
    const demo = await createCommunity(deps.db, {
      id: DEMO_COMMUNITY.id,
      name: DEMO_COMMUNITY.name,
      meaningful_id: 'tlv-founders',
      group_id: DEMO_COMMUNITY.groupId,
      created_at: iso,
      updated_at: iso,
      group_description:
        'Founders and operators of early-stage startups in Tel Aviv sharing hiring leads, supplier tips and fundraising advice.',
      group_goals: 'Help each other hire, sell and raise faster; keep the best answers findable.',
      admin_name: 'Dana Levi',
      admin_gender: 'Female',
      group_language: 'Mixed',
      admin_phone: '+972 50-123-4567',
      metadata_collected_at: iso,
      summary_destination: 'whatsapp',
      weekly_summary: true,
      daily_summary: false,
      pine_coin_manager_id: null,
      group_rules: 'Be kind. No spam. Job posts on Sundays only.',
      business_focus: ['Startups', 'Technology', 'HR & Recruitment'],
      member_onboarding_info: 'Introduce yourself: name, company, what you are looking for.',
      logo_url: null,
      color_theme: null,
      whatsapp_group_url: null,
      owner_id: adminId,
      font_family: null,
    });
    // the S1 default (weekly on) is scheduled like any new community's
    await syncDeliverySchedule(deps, demo);
  }
  await claimGroup(deps.db, DEMO_COMMUNITY.groupId, DEMO_COMMUNITY.id);
  const demoMember = { communityId: DEMO_COMMUNITY.id, now, location: 'Tel Aviv' };
  await putMember(
    deps.db,
    blankMember({
      ...demoMember,
      userId: adminId,
      role: 'Admin',
      first_name: 'Dana',
      last_name: 'Levi',
      email: logins.admin.email,
      phone: '+972501234567',
      // a public profile of the enrichment fixtures (functions/src/adapters/enrichment/demo-profiles.ts)
      linkedin_profile_url: 'https://www.linkedin.com/in/dana-levi-kehila-demo',
    }),
  );
  await putMember(
    deps.db,
    blankMember({
      ...demoMember,
      userId: memberId,
      role: 'Member',
      first_name: 'Yossi',
      last_name: 'Cohen',
      email: logins.member.email,
      phone: '+972527654321',
      linkedin_profile_url: 'https://www.linkedin.com/in/yossi-cohen-kehila-demo',
    }),
  );
  // Demo logins must keep working after the 14-day trial: they are allow-listed, as an operator
  // would do for staff accounts (`npm run admin -- allowlist remove <email>` to demo the trial).
  for (const login of [logins.admin, logins.member]) {
    await putAllowlistEntry(deps.db, { email: login.email, is_active: true, expires_at: null });
  }
  await deps.db.doc.send(new PutCommand({ TableName: deps.db.table, Item: { ...keys.seedMarker(), seeded_at: iso } }));
  log(`seeded the demo community "${DEMO_COMMUNITY.name}" (${DEMO_COMMUNITY.groupId})`);
  return { seeded: true };
}
