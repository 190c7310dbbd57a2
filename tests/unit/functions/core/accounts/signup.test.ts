import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SIGNUP_COGNITO, TRIAL_DAYS } from '@kehila/shared';
import {
  attributesFromClaims,
  newProfile,
  providerOf,
  signupRejection,
  trialEndsAt,
} from '@kehila/functions/core/accounts/signup';

const A = SIGNUP_COGNITO.attributes;
const C = SIGNUP_COGNITO.clientMetadata;
const consents = { [C.acceptedPrivacyPolicy]: 'true', [C.acceptedEmailCommunications]: 'true' };
const attrs = (phone: string | undefined, country: string | undefined) => ({
  email: 'dana@example.com',
  ...(phone === undefined ? {} : { [A.phone]: phone }),
  ...(country === undefined ? {} : { [A.countryCode]: country }),
});

describe('sign-up rules checked by the PreSignUp trigger (S1 §5)', () => {
  it.each([
    ['a valid Israeli mobile', attrs('050-123-4567', '+972'), consents, null],
    ['a valid US number', attrs('(212) 555-0100', '+1'), consents, null],
    ['another country, 8-15 digits', attrs('612345678', '+39'), consents, null],
    ['no country code', attrs('0501234567', undefined), consents, ACCOUNT_MESSAGES.countryCodeRequired],
    ['a blank country code', attrs('0501234567', '  '), consents, ACCOUNT_MESSAGES.countryCodeRequired],
    ['no phone', attrs(undefined, '+972'), consents, ACCOUNT_MESSAGES.phoneRequired],
    [
      'a phone that is not a mobile of the country',
      attrs('031234567', '+972'),
      consents,
      ACCOUNT_MESSAGES.phoneInvalid,
    ],
    ['a UK number for Israel', attrs('07700900123', '+972'), consents, ACCOUNT_MESSAGES.phoneInvalid],
    [
      'the privacy policy not accepted',
      attrs('0501234567', '+972'),
      { [C.acceptedEmailCommunications]: 'true' },
      ACCOUNT_MESSAGES.privacyRequired,
    ],
    [
      'privacy "false"',
      attrs('0501234567', '+972'),
      { ...consents, [C.acceptedPrivacyPolicy]: 'false' },
      ACCOUNT_MESSAGES.privacyRequired,
    ],
    [
      'communications not agreed',
      attrs('0501234567', '+972'),
      { [C.acceptedPrivacyPolicy]: 'true' },
      ACCOUNT_MESSAGES.communicationsRequired,
    ],
    ['no client metadata at all', attrs('0501234567', '+972'), undefined, ACCOUNT_MESSAGES.privacyRequired],
  ])('%s', (_name, attributes, metadata, expected) => {
    expect(signupRejection(attributes, metadata)).toBe(expected);
  });

  it('names the first problem in the order of the form (country, phone, consents)', () => {
    expect(signupRejection(attrs(undefined, undefined), undefined)).toBe(ACCOUNT_MESSAGES.countryCodeRequired);
  });
});

describe('the profile of a confirmed user (S1 §3)', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('takes the e-mail local part as username, starts a 14-day trial and normalises the WhatsApp phone', () => {
    const p = newProfile({ userId: 'u1', attributes: attrs('050-123-4567', '972'), provider: 'email', now });
    expect(p).toEqual({
      id: 'u1',
      username: 'dana',
      email: 'dana@example.com',
      group_id: null,
      subscription_status: null,
      subscription_plan: null,
      lemon_squeezy_customer_id: null,
      subscription_ends_at: null,
      trial_ends_at: '2026-03-15T10:00:00.000Z',
      phone_number: '+972501234567',
      country_code: '+972',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    expect(Date.parse(p.trial_ends_at ?? '') - now.getTime()).toBe(TRIAL_DAYS * 86_400_000);
  });

  it('keeps no phone when it is missing or invalid', () => {
    expect(
      newProfile({ userId: 'u', attributes: attrs('123', '+972'), provider: 'email', now }).phone_number,
    ).toBeNull();
    expect(newProfile({ userId: 'u', attributes: { email: 'a@b.co' }, provider: 'email', now })).toMatchObject({
      phone_number: null,
      country_code: null,
    });
  });

  it.each([
    ['the full name', { email: 'yael@example.com', name: '  Yael Cohen ' }, 'Yael Cohen'],
    [
      'given and family name when there is no name',
      { email: 'yael@example.com', given_name: 'Yael', family_name: 'Cohen' },
      'Yael Cohen',
    ],
    ['the e-mail local part without a name', { email: 'yael@example.com' }, 'yael'],
    ["'User' without name or e-mail", {}, 'User'],
  ])('a Google user is named by %s', (_n, attributes, username) => {
    expect(newProfile({ userId: 'g', attributes, provider: 'google', now }).username).toBe(username);
  });

  it('tells Google users from e-mail users by the identities attribute or the user name', () => {
    expect(providerOf({ identities: '[{"userId":"1","providerName":"Google","providerType":"Google"}]' })).toBe(
      'google',
    );
    expect(providerOf({}, 'Google_1234567890')).toBe('google');
    expect(providerOf({ 'cognito:username': 'google_42' })).toBe('google');
    expect(providerOf({ email: 'a@b.co' }, '6b5b986b-80e0-438e-a516-3bfbb9f57d22')).toBe('email');
  });

  it('ends the trial 14 days after the given time', () => {
    expect(trialEndsAt(new Date('2026-12-25T00:00:00.000Z'))).toBe('2027-01-08T00:00:00.000Z');
  });

  it('reads token claims as string attributes', () => {
    expect(attributesFromClaims({ sub: 'u', email_verified: true, aud: ['a'], exp: 5 })).toEqual({
      sub: 'u',
      email_verified: 'true',
      aud: '["a"]',
      exp: '5',
    });
  });
});
