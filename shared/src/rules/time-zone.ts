/** True for a time zone this runtime knows by its IANA name (Asia/Jerusalem, Asia/Kolkata, UTC). */
export function isIanaTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
