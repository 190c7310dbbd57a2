import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  AccountFormSchema,
  ForgotPasswordFormSchema,
  GoogleTermsFormSchema,
  LoginFormSchema,
  ResetPasswordFormSchema,
  googleUsername,
  legacyGroupIdError,
  livePhoneError,
  shouldRunLivePhoneCheck,
  usernameFromEmail,
  validateForm,
} from '@kehila/shared';

const valid = {
  email: 'dana@example.com',
  password: 'secret1',
  countryCode: '+972',
  phone: '050-123-4567',
  acceptedPrivacyPolicy: true,
  acceptedEmailCommunications: true,
};
const errorsFor = (patch: Record<string, unknown>) => validateForm(AccountFormSchema, { ...valid, ...patch }).errors;

describe('account (sign-up) form (S1 §5)', () => {
  it('accepts a complete form and trims the e-mail', () => {
    const r = validateForm(AccountFormSchema, { ...valid, email: ' dana@example.com ' });
    expect(r.valid).toBe(true);
    expect(r.valid && r.data.email).toBe('dana@example.com');
    expect(r.valid && r.data.groupId).toBeUndefined();
  });

  it.each([
    ['email', '', 'Email is required'],
    ['email', undefined, 'Email is required'],
    ['email', 'dana', 'Please enter a valid email'],
    ['email', 'dana@example', 'Please enter a valid email'],
    ['email', 'da na@example.com', 'Please enter a valid email'],
    ['password', '', 'Password is required'],
    ['password', undefined, 'Password is required'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['acceptedPrivacyPolicy', false, 'You must accept the Privacy Policy to continue'],
    ['acceptedPrivacyPolicy', undefined, 'You must accept the Privacy Policy to continue'],
    ['acceptedEmailCommunications', false, 'You must agree to receive communications to continue'],
    ['phone', '', 'WhatsApp phone number is required'],
    ['phone', undefined, 'WhatsApp phone number is required'],
    ['countryCode', '', 'Country code is required'],
    ['phone', '040-123-4567', 'Please enter a valid WhatsApp phone number'],
    ['phone', '12', 'Please enter a valid WhatsApp phone number'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it('checks the phone against the chosen country', () => {
    expect(errorsFor({ countryCode: '+44', phone: '07911 123456' })).toEqual({});
    expect(errorsFor({ countryCode: '+44', phone: '050-123-4567' })).toEqual({ phone: 'Please enter a valid WhatsApp phone number' });
  });

  it('the password of exactly 6 characters is enough', () => {
    expect(errorsFor({ password: '123456' })).toEqual({});
  });

  it('reports every field of an empty form, with the submit toast text', () => {
    expect(validateForm(AccountFormSchema, {}).errors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      countryCode: 'Country code is required',
      phone: 'WhatsApp phone number is required',
      acceptedPrivacyPolicy: 'You must accept the Privacy Policy to continue',
      acceptedEmailCommunications: 'You must agree to receive communications to continue',
    });
    expect(ACCOUNT_MESSAGES.submitInvalid).toBe('Please fill in all required fields');
  });
});

describe('live phone check (S1 §5: from 7 characters, once a country is set)', () => {
  it.each([
    ['+972', '050123', false, null],
    ['+972', '0501234', true, 'Invalid phone number'],
    ['', '0501234567', false, null],
    ['+972', '0501234567', true, null],
    ['+972', '050-123-4567', true, null],
    ['+1', '555-1234', true, 'Invalid phone number'],
  ])('%j %j → runs %s, %j', (code, phone, runs, message) => {
    expect(shouldRunLivePhoneCheck(code, phone)).toBe(runs);
    expect(livePhoneError(code, phone)).toBe(message);
  });
});

describe('legacy sign-up group id (S1 §5)', () => {
  const builtIn = ['a@g.us', 'b@g.us', 'c@g.us', 'd@g.us', 'e@g.us'];
  it.each([
    ['', null],
    [null, null],
    ['  ', null],
    ['c@g.us', null],
    [' c@g.us ', null],
    ['z@g.us', 'Invalid Group ID. Please enter a valid community group identifier.'],
  ])('%j → %j', (id, message) => {
    expect(legacyGroupIdError(id, builtIn)).toBe(message);
  });
});

describe('login (S1 §5: e-mail and password required)', () => {
  it.each([
    [{ email: '', password: 'x' }, { email: 'Email is required' }],
    [{ email: 'a@b.co', password: '' }, { password: 'Password is required' }],
    [{}, { email: 'Email is required', password: 'Password is required' }],
    [{ email: 'a@b.co', password: 'x' }, {}],
  ])('%o → %o', (input, errors) => {
    expect(validateForm(LoginFormSchema, input).errors).toEqual(errors);
  });
});

describe('reset password (S1 §5)', () => {
  it.each([
    [{ password: '12345', confirmPassword: '12345' }, { password: 'Password must be at least 6 characters long' }],
    [{ password: '123456', confirmPassword: '123457' }, { confirmPassword: 'Passwords do not match' }],
    [{ password: '123456', confirmPassword: '123456' }, {}],
    [{}, { password: 'Password must be at least 6 characters long', confirmPassword: 'Passwords do not match' }],
  ])('%o → %o', (input, errors) => {
    expect(validateForm(ResetPasswordFormSchema, input).errors).toEqual(errors);
  });

  it.each([
    [{ email: '' }, { email: 'Please enter your email address' }],
    [{}, { email: 'Please enter your email address' }],
    [{ email: 'nope' }, { email: 'Please enter a valid email' }],
    [{ email: 'a@b.co' }, {}],
  ])('reset e-mail %o → %o', (input, errors) => {
    expect(validateForm(ForgotPasswordFormSchema, input).errors).toEqual(errors);
  });
});

describe('Google terms dialog (S1 §5)', () => {
  it.each([
    [
      { acceptedPrivacyPolicy: false, acceptedEmailCommunications: true },
      { acceptedPrivacyPolicy: 'You must accept the Privacy Policy to continue' },
    ],
    [
      { acceptedPrivacyPolicy: true, acceptedEmailCommunications: false },
      { acceptedEmailCommunications: 'You must agree to receive communications to continue' },
    ],
    [
      { acceptedPrivacyPolicy: false, acceptedEmailCommunications: false },
      {
        acceptedPrivacyPolicy: 'You must accept the Privacy Policy to continue',
        acceptedEmailCommunications: 'You must agree to receive communications to continue',
      },
    ],
    [{ acceptedPrivacyPolicy: true, acceptedEmailCommunications: true }, {}],
  ])('%o → %o', (input, errors) => {
    expect(validateForm(GoogleTermsFormSchema, input).errors).toEqual(errors);
  });
});

describe('usernames (S1 §3)', () => {
  it('profile username is the e-mail part before the at sign', () => {
    expect(usernameFromEmail('dana.levi@example.com')).toBe('dana.levi');
  });

  it.each([
    ['Dana Levi', 'dana@example.com', 'Dana Levi'],
    ['  ', 'dana@example.com', 'dana'],
    [null, 'dana@example.com', 'dana'],
    [null, null, 'User'],
    ['', '', 'User'],
  ])('Google username (%j, %j) → %s', (name, email, expected) => {
    expect(googleUsername(name, email)).toBe(expected);
  });
});
