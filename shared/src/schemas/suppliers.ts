import * as z from 'zod';
import { SUPPLIER_NAME_MIN_LENGTH } from '../constants';
import { GENERIC_FIELD_MESSAGES, optionalText } from './shared-fields';

/** A supplier in the community's shared directory (S3 §3). */
export const SupplierSchema = z.object({
  supplier_id: z.string(),
  /** The community's WhatsApp group; null for a community without one. */
  group_id: z.string().nullable(),
  supplier_name: z.string(),
  service_type: z.string().nullable(),
  contact_person: z.string().nullable(),
  phone_number: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  recommender_name: z.string().nullable(),
  recommendation_context: z.string().nullable(),
  social_media: z.string().nullable(),
  other_contact_info: z.string().nullable(),
  is_reservist_special: z.boolean().default(false),
  date_added: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

/** Messages of the Add Supplier form (S3 §5, §8). */
export const SUPPLIER_FORM_MESSAGES = {
  nameRequired: 'Supplier name is required',
  invalidPhone: 'Please enter a valid phone number (10-15 digits)',
} as const;

/** After stripping spaces, parentheses and hyphens: an optional plus and 10-15 digits (S3 §5). */
export const SUPPLIER_PHONE_PATTERN = /^\+?\d{10,15}$/;

/** Keeps only the characters the supplier phone field accepts while typing (S3 §5). */
export function filterSupplierPhoneInput(value: string): string {
  return value.replace(/[^\d\s()+-]/g, '');
}

/** True when a supplier phone passes the S3 §5 rule. */
export function isValidSupplierPhone(value: string): boolean {
  return SUPPLIER_PHONE_PATTERN.test(value.replace(/[\s()-]/g, ''));
}

/** Add Supplier form (S3 §5): name of at least 2 characters, optional phone rule, empty → null. */
export const SupplierFormSchema = z.object({
  supplier_name: z
    .string({ error: SUPPLIER_FORM_MESSAGES.nameRequired })
    .trim()
    .min(SUPPLIER_NAME_MIN_LENGTH, SUPPLIER_FORM_MESSAGES.nameRequired)
    .max(200, GENERIC_FIELD_MESSAGES.tooLong(200)),
  service_type: optionalText(100),
  contact_person: optionalText(200),
  phone_number: z
    .string()
    .trim()
    .max(40, SUPPLIER_FORM_MESSAGES.invalidPhone)
    .refine((v) => v === '' || isValidSupplierPhone(v), SUPPLIER_FORM_MESSAGES.invalidPhone)
    .nullish()
    .transform((v) => (v ? v : null)),
  website: optionalText(2048),
  description: optionalText(2000),
  recommender_name: optionalText(200),
  recommendation_context: optionalText(2000),
  social_media: optionalText(500),
  other_contact_info: optionalText(500),
  is_reservist_special: z.boolean().default(false),
});
export type SupplierForm = z.output<typeof SupplierFormSchema>;
export type SupplierFormInput = z.input<typeof SupplierFormSchema>;

/** Supplier AI search result (S3 §7 search-suppliers): the suppliers found, best first. */
export const SupplierSearchResultSchema = z.object({
  results: z.array(SupplierSchema),
});
export type SupplierSearchResult = z.infer<typeof SupplierSearchResultSchema>;
