import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockTable } from '../../../support/table-mock';
import { PutCommand } from '@kehila/functions/data/table-client';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { ACCOUNT_MESSAGES, SIGNUP_COGNITO, triggerRejectionMessage } from '@kehila/shared';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { loadConfig } from '@kehila/functions/core/config';
import { preSignUp } from '@kehila/functions/triggers/pre-sign-up';
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
const consents = {
  [SIGNUP_COGNITO.clientMetadata.acceptedPrivacyPolicy]: 'true',
  [SIGNUP_COGNITO.clientMetadata.acceptedEmailCommunications]: 'true',
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
    await expect(preSignUp(event('PreSignUp_SignUp', good))).rejects.toThrow(ACCOUNT_MESSAGES.privacyRequired);
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
