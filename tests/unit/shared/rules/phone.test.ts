import { describe, expect, it } from 'vitest';
import { PhoneCheckResultSchema, checkPhone, digitsOnly, formatCountryCode, isValidPhone, normalizeNationalNumber, toWhatsAppId } from '@kehila/shared';

describe('phone check by country code (S1 §5 table)', () => {
  it.each([
    // 972: 9 digits starting with 5 (optional leading 0)
    ['+972', '501234567', '972501234567'],
    ['+972', '0501234567', '972501234567'],
    ['+972', '050-123-4567', '972501234567'],
    ['972', '(050) 123 4567', '972501234567'],
    // 1: 10 digits starting 2-9; an 11-digit number with a leading 1 is normalised
    ['+1', '2125551234', '12125551234'],
    ['+1', '(212) 555-1234', '12125551234'],
    ['+1', '12125551234', '12125551234'],
    // 44: 10 digits starting 7 (optional 0)
    ['+44', '7911123456', '447911123456'],
    ['+44', '07911 123456', '447911123456'],
    // 49: optional 0, then 1, then 5-7, then 8-10 digits
    ['+49', '15123456789', '4915123456789'],
    ['+49', '015123456789', '4915123456789'],
    ['+49', '1612345678', '491612345678'],
    ['+49', '017012345678', '4917012345678'],
    // 33: optional 0, then 6 or 7, then 8 digits
    ['+33', '612345678', '33612345678'],
    ['+33', '0712345678', '33712345678'],
    // 61: optional 0, then 4, then 8 digits (the 0 is dropped so the WhatsApp id is right)
    ['+61', '412345678', '61412345678'],
    ['+61', '0412345678', '61412345678'],
    // 91: 10 digits starting 6-9
    ['+91', '9876543210', '919876543210'],
    ['+91', '6123456789', '916123456789'],
    // other: 8-15 digits, kept as typed
    ['+39', '3123456789', '393123456789'],
    ['+34', '61234567', '3461234567'],
    ['+358', '012345678901234', '358012345678901234'],
  ])('%s %s is valid → %s', (code, phone, normalized) => {
    const r = checkPhone(code, phone);
    expect(r).toEqual({ isValid: true, normalizedPhone: normalized, whatsappFormat: `${normalized}@c.us`, errorMessage: null });
    expect(PhoneCheckResultSchema.parse(r)).toEqual(r);
  });

  it.each([
    ['+972', '401234567', 'Please enter a valid Israeli mobile number'],
    ['+972', '50123456', 'Please enter a valid Israeli mobile number'],
    ['+972', '5012345678', 'Please enter a valid Israeli mobile number'],
    ['+972', '972501234567', 'Please enter a valid Israeli mobile number'],
    ['+1', '1234567890', 'Please enter a valid US/Canadian mobile number'],
    ['+1', '212555123', 'Please enter a valid US/Canadian mobile number'],
    ['+1', '22125551234', 'Please enter a valid US/Canadian mobile number'],
    ['+44', '6911123456', 'Please enter a valid UK mobile number'],
    ['+44', '791112345', 'Please enter a valid UK mobile number'],
    ['+49', '1412345678', 'Please enter a valid German mobile number'],
    ['+49', '151234567', 'Please enter a valid German mobile number'],
    ['+49', '1512345678901', 'Please enter a valid German mobile number'],
    ['+33', '512345678', 'Please enter a valid French mobile number'],
    ['+33', '61234567', 'Please enter a valid French mobile number'],
    ['+61', '512345678', 'Please enter a valid Australian mobile number'],
    ['+61', '41234567', 'Please enter a valid Australian mobile number'],
    ['+91', '5876543210', 'Please enter a valid Indian mobile number'],
    ['+91', '09876543210', 'Please enter a valid Indian mobile number'],
    ['+39', '1234567', 'Please enter a valid phone number'],
    ['+39', '1234567890123456', 'Please enter a valid phone number'],
    ['+39', 'abc', 'Please enter a valid phone number'],
  ])('%s %s → %s', (code, phone, message) => {
    expect(checkPhone(code, phone)).toEqual({ isValid: false, normalizedPhone: null, whatsappFormat: null, errorMessage: message });
  });

  it.each([
    ['', '0501234567'],
    ['+972', ''],
    ['+972', '   '],
    [null, '0501234567'],
    ['+', '0501234567'],
    ['+972', undefined],
  ])('missing country code or phone (%j, %j) → required message', (code, phone) => {
    expect(checkPhone(code, phone).errorMessage).toBe('Country code and phone number are required');
  });

  it('the WhatsApp id is country code + national digits + @c.us', () => {
    expect(toWhatsAppId('+972', '050-123-4567')).toBe('972501234567@c.us');
    expect(toWhatsAppId('+972', '123')).toBeNull();
    expect(isValidPhone('+44', '07911123456')).toBe(true);
  });
});

describe('phone normalisation (S1 §5)', () => {
  it.each([
    ['972', '0501234567', '501234567'],
    ['44', '07911123456', '7911123456'],
    ['33', '0612345678', '612345678'],
    ['49', '015123456789', '15123456789'],
    ['1', '12125551234', '2125551234'],
    ['1', '2125551234', '2125551234'],
    ['1', '1212555123', '1212555123'], // only an 11-digit number loses its leading 1
    ['91', '09876543210', '09876543210'], // no leading-0 rule for 91
    ['39', '0612345', '0612345'],
    ['972', '0123456', null], // fewer than 7 digits after dropping the 0
    ['39', '123456', null],
  ])('%s %s → %s', (code, phone, expected) => {
    expect(normalizeNationalNumber(code, phone)).toBe(expected);
  });

  it('reads digits and formats country codes', () => {
    expect(digitsOnly('+972 (50) 123-45')).toBe('9725012345');
    expect(formatCountryCode('972')).toBe('+972');
    expect(formatCountryCode('+44')).toBe('+44');
    expect(formatCountryCode('')).toBe('');
  });
});
