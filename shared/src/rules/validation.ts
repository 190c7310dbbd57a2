import type * as z from 'zod';

/** Field name (dotted path for nested fields) → the first message for that field. */
export type FieldErrors = Record<string, string>;

/** Outcome of validating a form: the parsed data when valid, else the first message per field. */
export type ValidationResult<T> = { valid: true; data: T; errors: FieldErrors } | { valid: false; errors: FieldErrors };

/** Turns zod issues into one message per field, keeping the first (the spec's primary message). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Validates input with a schema; the web form and the API use the same call and messages. */
export function validateForm<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { valid: true, data: r.data, errors: {} };
  return { valid: false, errors: fieldErrors(r.error.issues) };
}

/** zod issues as the API error body's `issues` ({path, message}), one per field. */
export function toApiIssues(issues: readonly z.core.$ZodIssue[]): { path: string; message: string }[] {
  return Object.entries(fieldErrors(issues)).map(([path, message]) => ({ path, message }));
}

/** Basic e-mail pattern check (S1 §5 "basic pattern check"). */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the text passes the basic e-mail pattern check. */
export function isBasicEmail(value: string): boolean {
  return BASIC_EMAIL_PATTERN.test(value.trim());
}
