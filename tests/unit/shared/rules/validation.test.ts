import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fieldErrors, isBasicEmail, toApiIssues, validateForm } from '@kehila/shared';

const schema = z.object({
  name: z.string().min(1, 'first').min(3, 'second'),
  nested: z.object({ value: z.number({ error: 'need a number' }) }),
});

describe('validateForm', () => {
  it('keeps the first message per field and dots nested paths', () => {
    const r = validateForm(schema, { name: '', nested: {} });
    expect(r).toEqual({ valid: false, errors: { name: 'first', 'nested.value': 'need a number' } });
  });

  it('returns the parsed data when valid', () => {
    expect(validateForm(schema, { name: 'abc', nested: { value: 1 } })).toEqual({
      valid: true,
      data: { name: 'abc', nested: { value: 1 } },
      errors: {},
    });
  });

  it('turns issues into API issues, one per field', () => {
    const r = schema.safeParse({ name: '', nested: { value: 'x' } });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(fieldErrors(r.error.issues)).toEqual({ name: 'first', 'nested.value': 'need a number' });
    expect(toApiIssues(r.error.issues)).toEqual([
      { path: 'name', message: 'first' },
      { path: 'nested.value', message: 'need a number' },
    ]);
  });

  it.each([
    ['a@b.co', true],
    [' a@b.co ', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@b.co', false],
  ])('isBasicEmail(%j) → %s', (value, expected) => {
    expect(isBasicEmail(value)).toBe(expected);
  });
});
