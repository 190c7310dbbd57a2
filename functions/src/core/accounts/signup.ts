import {
  ACCOUNT_MESSAGES,
  checkPhone,
  formatCountryCode,
  googleUsername,
  SIGNUP_COGNITO,
  TRIAL_DAYS,
  ONE_DAY_MS,
  usernameFromEmail,
  type AuthProvider,
  type Profile,
} from '@kehila/shared';

/** Cognito user attributes as triggers and ID-token claims carry them (all values are strings). */
export type UserAttributes = Readonly<Record<string, string | undefined>>;

/**
 * The S1 §5 account rules that reach the server, on what Cognito received at sign-up: the country
 * code and the WhatsApp phone (checked by country with `checkPhone`) as user attributes, the two
 * consents as client metadata. Returns the first failing rule's message (the spec's words), or null.
 */
export function signupRejection(
  attributes: UserAttributes,
  clientMetadata: Readonly<Record<string, string | undefined>> | undefined,
): string | null {
  const countryCode = attributes[SIGNUP_COGNITO.attributes.countryCode]?.trim() ?? '';
  const phone = attributes[SIGNUP_COGNITO.attributes.phone]?.trim() ?? '';
  const meta = clientMetadata ?? {};
  // The order of the account form's fields, so the server names the same first problem as the form.
  if (!countryCode) return ACCOUNT_MESSAGES.countryCodeRequired;
  if (!phone) return ACCOUNT_MESSAGES.phoneRequired;
  if (!checkPhone(countryCode, phone).isValid) return ACCOUNT_MESSAGES.phoneInvalid;
  if (!isTrue(meta[SIGNUP_COGNITO.clientMetadata.acceptedPrivacyPolicy])) return ACCOUNT_MESSAGES.privacyRequired;
  if (!isTrue(meta[SIGNUP_COGNITO.clientMetadata.acceptedEmailCommunications])) {
    return ACCOUNT_MESSAGES.communicationsRequired;
  }
  return null;
}

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/**
 * How the user signed up: Google when Cognito marks the user as federated (the `identities`
 * attribute, or a `google_` user name), e-mail otherwise.
 */
export function providerOf(attributes: UserAttributes, userName?: string): AuthProvider {
  const identities = attributes.identities ?? '';
  if (/"providerName"\s*:\s*"Google"/i.test(identities) || /providerName[=:]\s*Google/i.test(identities))
    return 'google';
  const name = userName ?? attributes['cognito:username'] ?? '';
  return /^google_/i.test(name) ? 'google' : 'email';
}

/** The end of the free trial that starts now (S1 §9: 14 days). */
export function trialEndsAt(now: Date): string {
  return new Date(now.getTime() + TRIAL_DAYS * ONE_DAY_MS).toISOString();
}

/**
 * The profile of a newly confirmed user (S1 §3): username from the e-mail (or, for Google, the full
 * name, else the e-mail local part, else 'User'), no group yet, a 14-day trial, the WhatsApp phone
 * normalised to '+<country code><number>' (null when absent or invalid), no subscription.
 */
export function newProfile(input: {
  userId: string;
  attributes: UserAttributes;
  provider: AuthProvider;
  now: Date;
}): Profile {
  const { attributes, provider, now } = input;
  const email = attributes.email?.trim() ?? '';
  const countryRaw = attributes[SIGNUP_COGNITO.attributes.countryCode];
  const phoneRaw = attributes[SIGNUP_COGNITO.attributes.phone];
  const phone = checkPhone(countryRaw, phoneRaw);
  const iso = now.toISOString();
  return {
    id: input.userId,
    username:
      provider === 'google'
        ? googleUsername(attributes.name ?? joinName(attributes), email)
        : usernameFromEmail(email) || 'User',
    ...(email ? { email } : {}),
    group_id: null,
    subscription_status: null,
    subscription_plan: null,
    lemon_squeezy_customer_id: null,
    subscription_ends_at: null,
    trial_ends_at: trialEndsAt(now),
    phone_number: phone.normalizedPhone ? `+${phone.normalizedPhone}` : null,
    country_code: formatCountryCode(countryRaw) || null,
    created_at: iso,
    updated_at: iso,
  };
}

function joinName(attributes: UserAttributes): string | undefined {
  const full = [attributes.given_name, attributes.family_name].filter((p) => p?.trim()).join(' ');
  return full || undefined;
}

/** Verified token claims as user attributes (strings only; lists and objects as JSON). */
export function attributesFromClaims(
  claims: Readonly<Record<string, string | number | boolean | string[]>> | undefined,
): UserAttributes {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(claims ?? {})) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}
