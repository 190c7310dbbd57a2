import { SUPPLIER_COMPACT_DESCRIPTION_CHARS } from '../constants';

/**
 * Rules of the supplier cards (S3 §2): the links of the call and WhatsApp actions, the compact
 * card's description, the relative age of 'Added by'.
 */

/** Country calling code assumed for a local number (S3 §3: members' country code defaults to +972). */
export const SUPPLIER_DEFAULT_COUNTRY_CODE = '972';

/**
 * The number in international digits for wa.me: '+972 50-123-4567', '00972501234567' and the local
 * '050-1234567' all give '972501234567'. Null when fewer than 8 digits remain.
 */
export function supplierWhatsAppNumber(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim();
  let digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+')) {
    // already international
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    digits = `${SUPPLIER_DEFAULT_COUNTRY_CODE}${digits.slice(1)}`;
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** The WhatsApp action's link (wa.me takes digits only, no plus or zeros). */
export function supplierWhatsAppLink(phone: string | null | undefined): string | null {
  const n = supplierWhatsAppNumber(phone);
  return n ? `https://wa.me/${n}` : null;
}

/** The call action's link: the number as dialled, keeping a leading plus. */
export function supplierCallLink(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 7) return null;
  return `tel:${raw.startsWith('+') ? '+' : ''}${digits}`;
}

/** The text a card shows: the description, else the recommendation context (S3 §2). */
export function supplierCardText(s: { description: string | null; recommendation_context: string | null }): string | null {
  return s.description?.trim() || s.recommendation_context?.trim() || null;
}

/** The compact mobile card's text: cut at 80 characters with an ellipsis (S3 §2). */
export function compactSupplierText(text: string, max = SUPPLIER_COMPACT_DESCRIPTION_CHARS): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** 'just now', '5 minutes ago', 'yesterday', '3 months ago': how long ago a supplier was added. */
export function supplierAge(iso: string, now: Date): string {
  const seconds = Math.round((now.getTime() - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', 60],
    ['hour', 3600],
    ['day', 86_400],
    ['week', 604_800],
    ['month', 2_629_800],
    ['year', 31_557_600],
  ];
  let unit: [Intl.RelativeTimeFormatUnit, number] = steps[0] as [Intl.RelativeTimeFormatUnit, number];
  for (const step of steps) if (seconds >= step[1]) unit = step;
  return rtf.format(-Math.floor(seconds / unit[1]), unit[0]);
}
