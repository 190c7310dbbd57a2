import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { customMessage } from '@kehila/functions/triggers/custom-message';

function event(triggerSource: CustomMessageTriggerEvent['triggerSource']): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_x',
    userName: '6b5b986b-80e0-438e-a516-3bfbb9f57d22',
    callerContext: { awsSdkVersion: '3', clientId: 'c' },
    triggerSource,
    request: {
      userAttributes: { email: 'dana@example.com', sub: '6b5b986b' },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      linkParameter: '{##Click Here##}',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('CustomMessage trigger', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.TABLE_NAME = 'kehila';
    process.env.WEB_ORIGIN = 'https://app.example.com/';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'] as const)(
    '%s: a verification e-mail linking to /login?verify=<code>&email=<email>',
    async (source) => {
      const out = await customMessage(event(source));
      expect(out.response.emailSubject).toBe('Verify your email for Kehila');
      expect(out.response.emailMessage).toContain(
        'https://app.example.com/login?verify={####}&#38;email=dana%40example.com',
      );
    },
  );

  it('ForgotPassword: a reset e-mail linking to /reset-password?code=<code>&email=<email>', async () => {
    const out = await customMessage(event('CustomMessage_ForgotPassword'));
    expect(out.response.emailSubject).toBe('Reset your Kehila password');
    expect(out.response.emailMessage).toContain(
      'https://app.example.com/reset-password?code={####}&#38;email=dana%40example.com',
    );
  });

  it('AdminCreateUser: keeps both placeholders Cognito requires ({username} and {####})', async () => {
    const out = await customMessage(event('CustomMessage_AdminCreateUser'));
    expect(out.response.emailMessage).toContain('{username}');
    expect(out.response.emailMessage).toContain('{####}');
  });

  it("leaves other messages (attribute verification, MFA) to Cognito's default", async () => {
    const out = await customMessage(event('CustomMessage_UpdateUserAttribute'));
    expect(out.response.emailMessage).toBeNull();
  });

  it("keeps Cognito's default message without WEB_ORIGIN, rather than failing the sign-up", async () => {
    delete process.env.WEB_ORIGIN;
    const out = await customMessage(event('CustomMessage_SignUp'));
    expect(out.response.emailMessage).toBeNull();
  });
});
