import type { ConsentRecord } from '@kehila/shared/schemas/access';

/** Local-storage key of the consent given in the Google terms dialog (S1 §2, §3 consent record). */
export const GOOGLE_CONSENT_KEY = 'kehila:google-consent';

/**
 * The stored consent record when it is readable and both boxes were accepted; null otherwise, which
 * shows the terms dialog again (S1 §4: an unparseable stored consent shows the dialog again).
 */
export function readGoogleConsent(storage: Storage = window.localStorage): ConsentRecord | null {
  let raw: string | null;
  try {
    raw = storage.getItem(GOOGLE_CONSENT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return acceptedConsent(value);
}

/**
 * A `ConsentRecordSchema` record with both boxes accepted, or null; read field by field because this
 * module is on every signed-in first visit (the Google callback marker below), which loads no zod.
 */
function acceptedConsent(value: unknown): ConsentRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { acceptedPrivacyPolicy, acceptedEmailCommunications, consentTimestamp } = value as Record<string, unknown>;
  if (acceptedPrivacyPolicy !== true || acceptedEmailCommunications !== true) return null;
  if (typeof consentTimestamp !== 'string' || consentTimestamp.length > 40) return null;
  return { acceptedPrivacyPolicy, acceptedEmailCommunications, consentTimestamp };
}

/** Stores the consent of the terms dialog, timestamped now (S1 §3 consent record). */
export function storeGoogleConsent(now: Date = new Date(), storage: Storage = window.localStorage): ConsentRecord {
  const record: ConsentRecord = {
    acceptedPrivacyPolicy: true,
    acceptedEmailCommunications: true,
    consentTimestamp: now.toISOString(),
  };
  try {
    storage.setItem(GOOGLE_CONSENT_KEY, JSON.stringify(record));
  } catch {
    // Storage unavailable (private mode): nothing survives the redirect, so the dialog shows again.
  }
  return record;
}

/** Session-storage marker set before the Google redirect, so the app knows to finish the sign-up on return. */
export const GOOGLE_CALLBACK_KEY = 'kehila:google-callback';

/** Marks that a Google round trip is under way. */
export function markGoogleCallback(storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(GOOGLE_CALLBACK_KEY, '1');
  } catch {
    // without storage the callback cannot be recognised; the guards still route the user
  }
}

/** True while a Google round trip awaits its callback. */
export function isGoogleCallbackPending(storage: Storage = window.sessionStorage): boolean {
  try {
    return storage.getItem(GOOGLE_CALLBACK_KEY) === '1';
  } catch {
    return false;
  }
}

/** Clears the marker once the callback ran (or cannot run). */
export function clearGoogleCallback(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(GOOGLE_CALLBACK_KEY);
  } catch {
    // nothing to clear
  }
}
