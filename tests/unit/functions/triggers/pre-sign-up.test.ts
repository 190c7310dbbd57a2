import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockTable } from '../../../support/table-mock';
import { PutCommand } from '@kehila/functions/data/table-client';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { ACCOUNT_MESSAGES, SIGNUP_COGNITO, triggerRejectionMessage } from '@kehila/shared';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { loadConfig } from '@kehila/functions/core/config';
import { preSignUp, SIGN_UP_OUTSIDE_APP_MESSAGE } from '@kehila/functions/triggers/pre-sign-up';
import { LOCAL_SIGN_UP_TICKET_KEY, signUpTicket } from '@kehila/functions/core/accounts/sign-up-ticket';
import { triggers } from '@kehila/functions/triggers/triggers';

const ddb = mockTable();
const now = new Date('2026-05-01T08:00:00.000Z');

function event(
  source: PreSignUpTriggerEvent['triggerSource'],
  attributes: Record<string, string>,
  clientMetadata?: Record<string, string>,
): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_x',
    userName: 'u-1',
    callerContext: { awsSdkVersion: '3', clientId: 'c' },
    triggerSource: source,
    request: { userAttributes: attributes, validationData: {}, ...(clientMetadata ? { clientMetadata } : {}) },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

const good = {
  email: 'Dana@Example.com',
  [SIGNUP_COGNITO.attributes.phone]: '0501234567',
  [SIGNUP_COGNITO.attributes.countryCode]: '+972',
};
const ticketFor = (email: string, at = now, key = LOCAL_SIGN_UP_TICKET_KEY) => ({
  [SIGNUP_COGNITO.clientMetadata.signUpTicket]: signUpTicket(key, email, at),
});
const consents = {
  [SIGNUP_COGNITO.clientMetadata.acceptedPrivacyPolicy]: 'true',
  [SIGNUP_COGNITO.clientMetadata.acceptedEmailCommunications]: 'true',
  ...ticketFor('dana@example.com'),
};

describe('PreSignUp trigger', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(PutCommand).resolves({});
    setDeps(createLocalDeps(loadConfig({ TABLE_NAME: 'kehila', STAGE: 'local' }), { now: () => now }));
  });
  afterEach(() => setDeps(undefined));

  it('accepts a valid sign-up and records its consent by e-mail, with the server time and a ttl', async () => {
    const e = event('PreSignUp_SignUp', good, consents);
    await expect(preSignUp(e)).resolves.toBe(e);
    const put = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put?.Item).toMatchObject({
      pk: 'SIGNUP#dana@example.com',
      sk: 'CONSENT',
      provider: 'email',
      accepted_privacy_policy: true,
      accepted_email_communications: true,
      consent_timestamp: now.toISOString(),
    });
    expect(put?.Item?.ttl).toBe(Math.floor(now.getTime() / 1000) + 90 * 86_400);
  });

  it('rejects with the spec message, which Cognito wraps and the web unwraps', async () => {
    const rejection = preSignUp(
      event('PreSignUp_SignUp', { ...good, [SIGNUP_COGNITO.attributes.phone]: '12' }, consents),
    );
    await expect(rejection).rejects.toThrow(ACCOUNT_MESSAGES.phoneInvalid);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    const cognitoText = `${triggers.preSignUp.trigger} failed with error ${ACCOUNT_MESSAGES.phoneInvalid}.`;
    expect(triggerRejectionMessage(cognitoText)).toBe(ACCOUNT_MESSAGES.phoneInvalid);
  });

  it('rejects a sign-up without the consents', async () => {
    await expect(preSignUp(event('PreSignUp_SignUp', good, ticketFor(good.email)))).rejects.toThrow(
      ACCOUNT_MESSAGES.privacyRequired,
    );
  });

  it.each<[string, Record<string, string>]>([
    ['no ticket (a direct Cognito SignUp)', {}],
    ['a ticket for another e-mail', ticketFor('someone@example.com')],
    ['an expired ticket', ticketFor(good.email, new Date(now.getTime() - 121_000))],
    ['a ticket signed with another key', ticketFor(good.email, now, 'not-the-key')],
    ['a malformed ticket', { [SIGNUP_COGNITO.clientMetadata.signUpTicket]: 'v1.1.abc' }],
  ])('refuses a sign-up with %s, before any other rule, and records nothing', async (_case, ticket) => {
    const { [SIGNUP_COGNITO.clientMetadata.signUpTicket]: _own, ...withoutTicket } = consents;
    const rejection = preSignUp(event('PreSignUp_SignUp', good, { ...withoutTicket, ...ticket }));
    await expect(rejection).rejects.toThrow(SIGN_UP_OUTSIDE_APP_MESSAGE);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('accepts a ticket signed with the key the deployment configures', async () => {
    setDeps(
      createLocalDeps(loadConfig({ TABLE_NAME: 'kehila', STAGE: 'cloud', SIGN_UP_TICKET_KEY: 'deploy-key' }), {
        now: () => now,
      }),
    );
    const e = event('PreSignUp_SignUp', good, { ...consents, ...ticketFor(good.email, now, 'deploy-key') });
    await expect(preSignUp(e)).resolves.toBe(e);
    await expect(preSignUp(event('PreSignUp_SignUp', good, consents))).rejects.toThrow(SIGN_UP_OUTSIDE_APP_MESSAGE);
  });

  it.each(['PreSignUp_ExternalProvider', 'PreSignUp_AdminCreateUser'] as const)(
    'lets %s through (no phone or consent there)',
    async (source) => {
      const e = event(source, { email: 'g@example.com' });
      await expect(preSignUp(e)).resolves.toBe(e);
      expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    },
  );

  it('leaves a message that is not a trigger rejection as it is', () => {
    expect(triggerRejectionMessage('An account with the given email already exists.')).toBe(
      'An account with the given email already exists.',
    );
  });
});
