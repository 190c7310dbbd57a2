import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@kehila/functions/data/table-client';
import { ACCOUNT_MESSAGES, SIGNUP_COGNITO, triggerRejectionMessage } from '@kehila/shared';
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

function signUp(email: string, over: { phone?: string; country?: string; metadata?: Record<string, string> } = {}) {
  return cognito('SignUp', {
    Username: email,
    Password: 'secret1',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: SIGNUP_COGNITO.attributes.phone, Value: over.phone ?? '050-765-4321' },
      { Name: SIGNUP_COGNITO.attributes.countryCode, Value: over.country ?? '+972' },
    ],
    ClientMetadata: over.metadata ?? {
      [SIGNUP_COGNITO.clientMetadata.acceptedPrivacyPolicy]: 'true',
      [SIGNUP_COGNITO.clientMetadata.acceptedEmailCommunications]: 'true',
    },
  });
}

/** The loopback Lambda endpoint cognito-local calls for triggers (from its config.json). */
function lambdaEndpoint(): string {
  const config = JSON.parse(
    readFileSync(join(stack().env.KEHILA_DATA_DIR ?? '', 'cognito', '.cognito', 'config.json'), 'utf8'),
  ) as { LambdaClient: { endpoint: string } };
  return config.LambdaClient.endpoint;
}

describe('sign-up, verification and reset through Cognito and its triggers', () => {
  let deps: Deps;
  const email = `signup-${randomUUID().slice(0, 8)}@example.com`;
  let sub = '';

  beforeAll(() => {
    deps = useStackEnv();
  });

  it.each([
    ['an invalid WhatsApp phone', { phone: '12345' }, ACCOUNT_MESSAGES.phoneInvalid],
    ['a phone of the wrong country', { phone: '07700900123' }, ACCOUNT_MESSAGES.phoneInvalid],
    [
      'no privacy consent',
      { metadata: { [SIGNUP_COGNITO.clientMetadata.acceptedEmailCommunications]: 'true' } },
      ACCOUNT_MESSAGES.privacyRequired,
    ],
    [
      'no communications consent',
      { metadata: { [SIGNUP_COGNITO.clientMetadata.acceptedPrivacyPolicy]: 'true' } },
      ACCOUNT_MESSAGES.communicationsRequired,
    ],
  ])('PreSignUp refuses %s with the spec message, and no user is created', async (_n, over, message) => {
    const res = await signUp(email, over);
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('UserLambdaValidationException');
    expect(res.body.message).toBe(`PreSignUp failed with error ${message}.`);
    expect(triggerRejectionMessage(String(res.body.message))).toBe(message);
  });

  it('a valid sign-up sends a verification e-mail to the dev mailbox, linking to /login?verify=<code>&email=<email>', async () => {
    const res = await signUp(email);
    expect(res.status).toBe(200);
    expect(res.body.UserConfirmed).toBe(false);
    sub = String(res.body.UserSub);
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

  it('the confirmed user signs in and /api/me shows a 14-day trial', async () => {
    const tokens = await signIn(email, 'secret1');
    const me = await api('/api/me', { token: tokens.IdToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: sub,
      email,
      access: { isInTrial: true, daysRemaining: 14, isBlocked: false },
      trialWarning: null,
    });
  });

  it('a password reset e-mail links to /reset-password?code=<code>&email=<email>, and the code sets a new password', async () => {
    expect((await cognito('ForgotPassword', { Username: email })).status).toBe(200);
    const [mail] = await mailbox(email);
    expect(mail).toMatchObject({ kind: 'reset', trigger: 'ForgotPassword', subject: 'Reset your Kehila password' });
    expect(mail?.link).toBe(`${stack().url}/reset-password?code=${mail?.code}&email=${encodeURIComponent(email)}`);
    const reset = await cognito('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: mail?.code,
      Password: 'newsecret',
    });
    expect(reset.status).toBe(200);
    await expect(signIn(email, 'newsecret')).resolves.toHaveProperty('IdToken');
    expect((await getProfile(deps.db, sub))?.id).toBe(sub);
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
