import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@kehila/functions/data/table-client';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ACCOUNT_MESSAGES, RATE_LIMITS, SIGNUP_COGNITO, triggerRejectionMessage } from '@kehila/shared';
import { SIGN_UP_OUTSIDE_APP_MESSAGE } from '@kehila/functions/triggers/pre-sign-up';
import { localCognitoClient } from '../../../../infra/local/engines/cognito';
import type { Deps } from '@kehila/functions/core/deps';
import { getConsent, getProfile } from '@kehila/functions/data/profiles';
import { keys } from '@kehila/functions/data/keys';
import { api, signIn, stack, useStackEnv } from '../../support';

interface Mail {
  to: string;
  kind: string;
  trigger: string;
  subject: string;
  code: string;
  link: string;
}

async function cognito(target: string, body: Record<string, unknown>) {
  const res = await fetch(`${stack().url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify({ ClientId: stack().clientId, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function mailbox(to: string): Promise<Mail[]> {
  const res = await fetch(`${stack().url}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

interface SignUpForm {
  email: string;
  password: string;
  countryCode: string;
  phone: string;
  acceptedPrivacyPolicy: boolean;
  acceptedEmailCommunications: boolean;
}

/** Signs up through the accounts API, as the web app does. */
function signUp(email: string, over: Partial<SignUpForm> = {}) {
  const form: SignUpForm = {
    email,
    password: 'kehila-haifa-77',
    countryCode: '+972',
    phone: '050-765-4321',
    acceptedPrivacyPolicy: true,
    acceptedEmailCommunications: true,
    ...over,
  };
  return api('/api/accounts/sign-up', { method: 'POST', body: form });
}

/** Whether cognito-local has a user with this e-mail (asked directly, as an operator would). */
async function userExists(email: string): Promise<boolean> {
  const client = localCognitoClient(stack().cognitoEndpoint);
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return false;
    throw err;
  } finally {
    client.destroy();
  }
}

/** The loopback Lambda endpoint cognito-local calls for triggers (from its config.json). */
function lambdaEndpoint(): string {
  const config = JSON.parse(
    readFileSync(join(stack().env.KEHILA_DATA_DIR ?? '', 'cognito', '.cognito', 'config.json'), 'utf8'),
  ) as { LambdaClient: { endpoint: string } };
  return config.LambdaClient.endpoint;
}

describe('sign-up, verification and reset through the accounts API, Cognito and its triggers', () => {
  let deps: Deps;
  const email = `signup-${randomUUID().slice(0, 8)}@example.com`;
  let sub = '';

  beforeAll(() => {
    deps = useStackEnv();
  });

  it.each<[string, Partial<SignUpForm>, string]>([
    ['an invalid WhatsApp phone', { phone: '12345' }, ACCOUNT_MESSAGES.phoneInvalid],
    ['a phone of the wrong country', { phone: '07700900123' }, ACCOUNT_MESSAGES.phoneInvalid],
    ['no privacy consent', { acceptedPrivacyPolicy: false }, ACCOUNT_MESSAGES.privacyRequired],
    ['no communications consent', { acceptedEmailCommunications: false }, ACCOUNT_MESSAGES.communicationsRequired],
    ['a 5-character password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['a common password', { password: 'Password1' }, 'This password is too common. Please choose another one.'],
    ['a common password in capitals with spaces', { password: ' QWERTY123 ' }, ACCOUNT_MESSAGES.passwordTooCommon],
  ])('the sign-up route refuses %s with the message, and no user is created', async (_n, over, message) => {
    const res = await signUp(email, over);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await userExists(email)).toBe(false);
  });

  it("refuses a SignUp sent to Cognito directly with the public client id: PreSignUp wants the route's ticket", async () => {
    const direct = `direct-${randomUUID().slice(0, 8)}@example.com`;
    const res = await cognito('SignUp', {
      Username: direct,
      Password: '123456',
      UserAttributes: [
        { Name: 'email', Value: direct },
        { Name: SIGNUP_COGNITO.attributes.phone, Value: '050-765-4321' },
        { Name: SIGNUP_COGNITO.attributes.countryCode, Value: '+972' },
      ],
      ClientMetadata: {
        [SIGNUP_COGNITO.clientMetadata.acceptedPrivacyPolicy]: 'true',
        [SIGNUP_COGNITO.clientMetadata.acceptedEmailCommunications]: 'true',
        [SIGNUP_COGNITO.clientMetadata.signUpTicket]: 'v1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('UserLambdaValidationException');
    expect(res.body.message).toBe(`PreSignUp failed with error ${SIGN_UP_OUTSIDE_APP_MESSAGE}.`);
    expect(triggerRejectionMessage(String(res.body.message))).toBe(SIGN_UP_OUTSIDE_APP_MESSAGE);
    expect(await userExists(direct)).toBe(false);
  });

  it('a valid sign-up creates the user and sends a verification e-mail to the dev mailbox, linking to /login?verify=<code>&email=<email>', async () => {
    const res = await signUp(email);
    expect(res.status).toBe(201);
    expect(res.body.userConfirmed).toBe(false);
    sub = String(res.body.userId);
    const [mail] = await mailbox(email);
    expect(mail).toMatchObject({
      to: email,
      kind: 'verify',
      trigger: 'SignUp',
      subject: 'Verify your email for Kehila',
    });
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.link).toBe(`${stack().url}/login?verify=${mail?.code}&email=${encodeURIComponent(email)}`);
    expect(await getProfile(deps.db, sub)).toBeNull();
  });

  it('a second sign-up with the same e-mail is told to log in instead (409)', async () => {
    const res = await signUp(email, { password: 'another-long-one' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists. Please log in instead.');
  });

  it('resending puts the pending code in the mailbox again', async () => {
    const res = await cognito('ResendConfirmationCode', { Username: email });
    expect(res.status).toBe(200);
    const mails = await mailbox(email);
    expect(mails[0]).toMatchObject({ trigger: 'ResendConfirmationCode', code: mails[1]?.code });
  });

  it('a wrong code is refused; the right one confirms and the PostConfirmation trigger creates the profile', async () => {
    expect((await cognito('ConfirmSignUp', { Username: email, ConfirmationCode: '000000' })).body.__type).toBe(
      'CodeMismatchException',
    );
    const [mail] = await mailbox(email);
    expect((await cognito('ConfirmSignUp', { Username: email, ConfirmationCode: mail?.code })).status).toBe(200);
    const profile = await getProfile(deps.db, sub);
    expect(profile).toMatchObject({
      id: sub,
      username: email.split('@')[0],
      email,
      group_id: null,
      phone_number: '+972507654321',
      country_code: '+972',
      subscription_status: null,
      subscription_plan: null,
      lemon_squeezy_customer_id: null,
      subscription_ends_at: null,
    });
    const trialDays = (Date.parse(profile?.trial_ends_at ?? '') - Date.parse(profile?.created_at ?? '')) / 86_400_000;
    expect(trialDays).toBe(14);
    expect(await getConsent(deps.db, sub)).toMatchObject({
      provider: 'email',
      accepted_privacy_policy: true,
      accepted_email_communications: true,
    });
  });

  it('the profile exists once even when Cognito runs the trigger again', async () => {
    const before = await getProfile(deps.db, sub);
    const event = {
      version: '1',
      region: 'local',
      userPoolId: stack().userPoolId,
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: sub,
      callerContext: { awsSdkVersion: '2', clientId: stack().clientId },
      request: {
        userAttributes: {
          sub,
          email,
          [SIGNUP_COGNITO.attributes.phone]: '0520000000',
          [SIGNUP_COGNITO.attributes.countryCode]: '+972',
        },
      },
      response: {},
    };
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${lambdaEndpoint()}/2015-03-31/functions/PostConfirmation/invocations`, {
        method: 'POST',
        body: JSON.stringify(event),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-amz-function-error')).toBeNull();
    }
    expect(await getProfile(deps.db, sub)).toEqual(before);
    const byEmail = await deps.db.doc.send(
      new QueryCommand({
        TableName: deps.db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.profileByEmail(email).gsi1pk },
      }),
    );
    expect(byEmail.Count).toBe(1);
  });

  it('the confirmed user signs in and /api/me shows a 14-day trial; an access token is refused, as in the cloud', async () => {
    const tokens = await signIn(email, 'kehila-haifa-77');
    // API Gateway's JWT authorizer passes an access token of the web client, and the route handler
    // refuses it (token_use must be 'id'); the local gateway refuses it outright: 401 either way.
    expect((await api('/api/me', { token: tokens.AccessToken })).status).toBe(401);
    const me = await api('/api/me', { token: tokens.IdToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: sub,
      email,
      access: { isInTrial: true, daysRemaining: 14, isBlocked: false },
      trialWarning: null,
    });
  });

  it('a password reset e-mail links to /reset-password?code=<code>&email=<email>; the reset route refuses a common password and a wrong code, and sets a good one', async () => {
    expect((await cognito('ForgotPassword', { Username: email })).status).toBe(200);
    const [mail] = await mailbox(email);
    expect(mail).toMatchObject({ kind: 'reset', trigger: 'ForgotPassword', subject: 'Reset your Kehila password' });
    expect(mail?.link).toBe(`${stack().url}/reset-password?code=${mail?.code}&email=${encodeURIComponent(email)}`);
    const reset = (code: string | undefined, password: string) =>
      api('/api/accounts/password-reset', { method: 'POST', body: { email, code, password } });

    const common = await reset(mail?.code, 'Sunshine1');
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({
      message: 'This password is too common. Please choose another one.',
      issues: [{ path: 'body.password' }],
    });
    await expect(signIn(email, 'Sunshine1')).rejects.toThrow(/sign-in failed/);

    const short = await reset(mail?.code, '12345');
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 6 characters long' } });

    const wrong = await reset('000000', 'newsecret');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Invalid or expired reset link. Please request a new password reset.',
      issues: [{ path: 'body.code' }],
    });

    const done = await reset(mail?.code, 'newsecret');
    expect(done).toMatchObject({ status: 200, body: { updated: true } });
    await expect(signIn(email, 'newsecret')).resolves.toHaveProperty('IdToken');
    expect((await getProfile(deps.db, sub))?.id).toBe(sub);
  });

  it(`counts sign-up attempts per e-mail: past ${RATE_LIMITS.signUp.limit} in ${RATE_LIMITS.signUp.windowSeconds} s, 429 with Retry-After`, async () => {
    const busy = `busy-${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < RATE_LIMITS.signUp.limit; i++) {
      expect((await signUp(busy, { password: 'password1' })).status).toBe(400);
    }
    const res = await fetch(`${stack().url}/api/accounts/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: busy,
        password: 'kehila-haifa-77',
        countryCode: '+972',
        phone: '050-765-4321',
        acceptedPrivacyPolicy: true,
        acceptedEmailCommunications: true,
      }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await userExists(busy)).toBe(false);
    // Another address has its own budget.
    expect((await signUp(`other-${randomUUID().slice(0, 8)}@example.com`, { password: 'password1' })).status).toBe(400);
  });

  it('resending to a confirmed account is refused as Cognito does', async () => {
    const res = await cognito('ResendConfirmationCode', { Username: email });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('InvalidParameterException');
  });

  it('the dev mailbox page lists the messages, newest first, refreshing itself', async () => {
    const res = await fetch(`${stack().url}/dev/mailbox`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('http-equiv="refresh"');
    expect(html.indexOf('Reset your Kehila password')).toBeLessThan(html.indexOf('Verify your email for Kehila'));
  });
});
