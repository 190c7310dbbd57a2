import type { PhoneCheckResult } from '../schemas/access';
import { PHONE_MIN_DIGITS, WHATSAPP_USER_SUFFIX } from '../constants';

/** Messages of the phone check (S1 §5). */
export const PHONE_MESSAGES = {
  required: 'Country code and phone number are required',
  invalid: 'Please enter a valid phone number',
  cannotNormalize: 'Unable to normalize phone number',
  /** 'Please enter a valid {nationality} mobile number'. */
  invalidNational: (nationality: string) => `Please enter a valid ${nationality} mobile number`,
} as const;

/** A country's mobile rule (S1 §5 table): the pattern on the digits as typed, and the trunk prefix normalisation drops. */
interface CountryRule {
  nationality: string;
  pattern: RegExp;
  /** Leading digit removed by normalisation when present. */
  dropLeading?: '0' | '1';
}

/**
 * Per-country rules, digits only (S1 §5 "Phone check by country code"). Notes:
 * - 1: the table says 10 digits starting 2-9; normalisation also drops the leading 1 of an 11-digit
 *   number, so that form ('1' + 10 digits) is accepted too.
 * - 61: the table allows an optional leading 0 but the normalisation list omits 61; we drop it as
 *   well, because a WhatsApp id must be the country code plus the national number without trunk 0.
 */
const COUNTRY_RULES: Readonly<Record<string, CountryRule>> = {
  '972': { nationality: 'Israeli', pattern: /^0?5\d{8}$/, dropLeading: '0' },
  '1': { nationality: 'US/Canadian', pattern: /^1?[2-9]\d{9}$/, dropLeading: '1' },
  '44': { nationality: 'UK', pattern: /^0?7\d{9}$/, dropLeading: '0' },
  '49': { nationality: 'German', pattern: /^0?1[5-7]\d{8,10}$/, dropLeading: '0' },
  '33': { nationality: 'French', pattern: /^0?[67]\d{8}$/, dropLeading: '0' },
  '61': { nationality: 'Australian', pattern: /^0?4\d{8}$/, dropLeading: '0' },
  '91': { nationality: 'Indian', pattern: /^[6-9]\d{9}$/ },
};
/** Any other country code: 8-15 digits (S1 §5). */
const OTHER_PATTERN = /^\d{8,15}$/;

/** Digits of a text ('+972' → '972', '050-123 4567' → '0501234567'). */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * National number after normalisation (S1 §5): drops a leading 0 for 972, 44, 33, 49 (and 61), a
 * leading 1 of an 11-digit US number; null when fewer than 7 digits remain.
 */
export function normalizeNationalNumber(countryCode: string, phone: string): string | null {
  const code = digitsOnly(countryCode);
  let digits = digitsOnly(phone);
  const rule = COUNTRY_RULES[code];
  if (rule?.dropLeading === '0' && digits.startsWith('0')) digits = digits.slice(1);
  if (rule?.dropLeading === '1' && digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length < PHONE_MIN_DIGITS ? null : digits;
}

/**
 * Checks a phone number against its country and normalises it (S1 §5). `normalizedPhone` includes
 * the country code (digits, no '+'), e.g. ('+972', '050-123-4567') → '972501234567', and
 * `whatsappFormat` is that followed by '@c.us'. Messages are the spec's: required, then the
 * country's own 'Please enter a valid {nationality} mobile number' (or 'Please enter a valid phone
 * number' for other codes), then 'Unable to normalize phone number'.
 */
export function checkPhone(countryCode: string | null | undefined, phone: string | null | undefined): PhoneCheckResult {
  const code = digitsOnly(countryCode);
  if (!code || !phone?.trim()) return invalid(PHONE_MESSAGES.required);
  const digits = digitsOnly(phone);
  const rule = COUNTRY_RULES[code];
  if (rule) {
    if (!rule.pattern.test(digits)) return invalid(PHONE_MESSAGES.invalidNational(rule.nationality));
  } else if (!OTHER_PATTERN.test(digits)) {
    return invalid(PHONE_MESSAGES.invalid);
  }
  const national = normalizeNationalNumber(code, digits);
  if (national === null) return invalid(PHONE_MESSAGES.cannotNormalize);
  const normalizedPhone = `${code}${national}`;
  return { isValid: true, normalizedPhone, whatsappFormat: `${normalizedPhone}${WHATSAPP_USER_SUFFIX}`, errorMessage: null };
}

/** True when the phone passes `checkPhone` for the country. */
export function isValidPhone(countryCode: string | null | undefined, phone: string | null | undefined): boolean {
  return checkPhone(countryCode, phone).isValid;
}

/** The WhatsApp user id for a phone, or null when the phone is invalid (S1 §5). */
export function toWhatsAppId(countryCode: string, phone: string): string | null {
  return checkPhone(countryCode, phone).whatsappFormat;
}

/** The country code in its '+digits' display form ('972' → '+972'); '' when it has no digits. */
export function formatCountryCode(countryCode: string | null | undefined): string {
  const code = digitsOnly(countryCode);
  return code ? `+${code}` : '';
}

function invalid(errorMessage: string): PhoneCheckResult {
  return { isValid: false, normalizedPhone: null, whatsappFormat: null, errorMessage };
}
