import { describe, expect, it } from 'vitest';
import { SIGNUP_COGNITO, type AccountForm } from '@kehila/shared';
import {
  passwordResetFailure,
  resetPasswordWithCode,
  signUpFailure,
  signUpWithEmail,
} from '@kehila/functions/core/accounts/registration';
import {
  LOCAL_SIGN_UP_TICKET_KEY,
  signUpTicket,
  signUpTicketKey,
  signUpTicketProblem,
} from '@kehila/functions/core/accounts/sign-up-ticket';
import { loadConfig } from '@kehila/functions/core/config';
import { AppError } from '@kehila/functions/core/errors';
import {
  IdentityError,
  type IdentityPort,
  type PasswordResetRequest,
  type SignUpRequest,
} from '@kehila/functions/core/ports/identity';
import type { SecretsPort } from '@kehila/functions/core/ports/secrets';

const now = new Date('2026-05-01T08:00:00.000Z');
const form: AccountForm = {
  email: 'dana@example.com',
  password: 'kehila-haifa-77',
  countryCode: '+972',
  phone: '050-123-4567',
  acceptedPrivacyPolicy: true,
  acceptedEmailCommunications: true,
  groupId: undefined,
};

/** A user pool that records what it was asked and answers as told. */
function fakePool(fail?: IdentityError) {
  const signUps: SignUpRequest[] = [];
  const resets: PasswordResetRequest[] = [];
  const identity: IdentityPort = {
    async signUp(request) {
      signUps.push(request);
      if (fail) throw fail;
      return { userId: 'sub-1', userConfirmed: false };
    },
    async confirmPasswordReset(request) {
      resets.push(request);
      if (fail) throw fail;
    },
    async deleteUser() {
      throw new Error('registration never deletes a user');
    },
  };
  return { identity, signUps, resets };
}

const noSecrets: SecretsPort = { get: async () => null };
const deps = (identity: IdentityPort, stage: 'local' | 'cloud' = 'local', secrets = noSecrets) => ({
  config: loadConfig({ TABLE_NAME: 't', STAGE: stage }),
  secrets,
  identity,
  now: () => now,
});

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('sign-up through the server', () => {
  it('asks Cognito with the phone and country as attributes, the consents and a valid ticket as metadata', async () => {
    const pool = fakePool();
    await expect(signUpWithEmail(deps(pool.identity), form)).resolves.toEqual({
      userId: 'sub-1',
      userConfirmed: false,
    });
    const sent = pool.signUps[0]!;
    expect(sent).toMatchObject({
      email: 'dana@example.com',
      password: 'kehila-haifa-77',
      attributes: {
        [SIGNUP_COGNITO.attributes.phone]: '050-123-4567',
        [SIGNUP_COGNITO.attributes.countryCode]: '+972',
      },
      clientMetadata: { acceptedPrivacyPolicy: 'true', acceptedEmailCommunications: 'true' },
    });
    const ticket = sent.clientMetadata[SIGNUP_COGNITO.clientMetadata.signUpTicket];
    expect(signUpTicketProblem(LOCAL_SIGN_UP_TICKET_KEY, 'DANA@example.com', ticket, now)).toBeNull();
  });

  it.each(['password1', 'PASSWORD1', ' iloveyou ', 'Qwerty123'])(
    'refuses the common password %j with a 400 under the password field, without asking Cognito',
    async (password) => {
      const pool = fakePool();
      const err = await refusal(signUpWithEmail(deps(pool.identity), { ...form, password }));
      expect(err.status).toBe(400);
      expect(err.message).toBe('This password is too common. Please choose another one.');
      expect(err.issues).toEqual([{ path: 'body.password', message: err.message }]);
      expect(pool.signUps).toHaveLength(0);
    },
  );

  it('signs its tickets with the deployment key, and has none to sign with in the cloud without one', async () => {
    const pool = fakePool();
    const keyed: SecretsPort = { get: async (name) => (name === 'signUpTicketKey' ? ' deploy-key ' : null) };
    await signUpWithEmail(deps(pool.identity, 'cloud', keyed), form);
    const ticket = pool.signUps[0]!.clientMetadata[SIGNUP_COGNITO.clientMetadata.signUpTicket];
    expect(signUpTicketProblem('deploy-key', form.email, ticket, now)).toBeNull();
    await expect(signUpTicketKey(deps(pool.identity, 'cloud'))).rejects.toThrow(/SIGN_UP_TICKET_SECRET_NAME/);
  });

  it.each<[string, string, number, string]>([
    [
      'UsernameExistsException',
      'User already exists',
      409,
      'An account with this email already exists. Please log in instead.',
    ],
    ['AliasExistsException', 'alias', 409, 'An account with this email already exists. Please log in instead.'],
    [
      'UserLambdaValidationException',
      'PreSignUp failed with error Please enter a valid WhatsApp phone number.',
      400,
      'Please enter a valid WhatsApp phone number',
    ],
    ['InvalidParameterException', 'Username should be an email.', 400, 'Failed to create user account'],
    [
      'TooManyRequestsException',
      'Too many requests',
      429,
      'For security purposes, please wait 60 seconds before trying again.',
    ],
    [
      'LimitExceededException',
      'Attempt limit exceeded',
      429,
      'For security purposes, please wait 60 seconds before trying again.',
    ],
    ['Unreachable', 'fetch failed', 503, 'Something went wrong. Please try again.'],
    ['ResourceNotFoundException', 'User pool client does not exist.', 503, 'Something went wrong. Please try again.'],
  ])("maps Cognito's %s to %s", (code, message, status, text) => {
    const err = signUpFailure(new IdentityError(code, message, code === 'Unreachable' ? 0 : 400));
    expect(err.status).toBe(status);
    expect(err.message).toBe(text);
    if (status === 429) expect(err.retryAfter).toBe(60);
  });

  it("puts Cognito's own password-policy refusal under the password field", () => {
    const err = signUpFailure(new IdentityError('InvalidPasswordException', 'Password not long enough', 400));
    expect(err).toMatchObject({
      status: 400,
      issues: [{ path: 'body.password', message: 'Password not long enough' }],
    });
  });
});

describe('password reset through the server', () => {
  const body = { email: 'dana@example.com', code: '123456', password: 'kehila-haifa-77' };

  it('sets the new password with the code', async () => {
    const pool = fakePool();
    await resetPasswordWithCode(pool, body);
    expect(pool.resets).toEqual([body]);
  });

  it('refuses a common password with a 400 under the password field, without asking Cognito', async () => {
    const pool = fakePool();
    const err = await refusal(resetPasswordWithCode(pool, { ...body, password: 'Sunshine' }));
    expect(err).toMatchObject({
      status: 400,
      message: 'This password is too common. Please choose another one.',
      issues: [{ path: 'body.password' }],
    });
    expect(pool.resets).toHaveLength(0);
  });

  it.each(['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException', 'InvalidParameterException'])(
    "answers %s with the spec's invalid-link text at the code (the page shows the expired-link view)",
    (code) => {
      const err = passwordResetFailure(new IdentityError(code, 'x', 400));
      const text = 'Invalid or expired reset link. Please request a new password reset.';
      expect(err).toMatchObject({ status: 400, message: text, issues: [{ path: 'body.code', message: text }] });
    },
  );

  it.each(['LimitExceededException', 'TooManyFailedAttemptsException', 'TooManyRequestsException'])(
    'answers %s with 429 and a minute to wait',
    (code) => {
      expect(passwordResetFailure(new IdentityError(code, 'x', 400))).toMatchObject({ status: 429, retryAfter: 60 });
    },
  );

  it('answers an unreachable user pool with 503', () => {
    expect(passwordResetFailure(new IdentityError('Unreachable', 'x', 0)).status).toBe(503);
    expect(passwordResetFailure(new Error('boom')).status).toBe(503);
  });
});

describe('sign-up tickets', () => {
  const ticket = signUpTicket('k', 'Dana@Example.com', now);

  it('are valid for the same e-mail, whatever its case, for 120 seconds', () => {
    expect(signUpTicketProblem('k', 'dana@example.com', ticket, now)).toBeNull();
    expect(signUpTicketProblem('k', 'dana@example.com', ticket, new Date(now.getTime() + 120_000))).toBeNull();
    expect(signUpTicketProblem('k', 'dana@example.com', ticket, new Date(now.getTime() + 121_000))).toBe('expired');
  });

  it('are refused when missing, malformed, for another e-mail, another key or a changed expiry', () => {
    expect(signUpTicketProblem('k', 'dana@example.com', undefined, now)).toBe('missing');
    expect(signUpTicketProblem('k', 'dana@example.com', 'v1.x.y', now)).toBe('malformed');
    expect(signUpTicketProblem('k', 'noa@example.com', ticket, now)).toBe('wrong');
    expect(signUpTicketProblem('other', 'dana@example.com', ticket, now)).toBe('wrong');
    const [v, expires, mac] = ticket.split('.');
    const later = `${v}.${Number(expires) + 3600}.${mac}`;
    expect(signUpTicketProblem('k', 'dana@example.com', later, now)).toBe('wrong');
  });
});
