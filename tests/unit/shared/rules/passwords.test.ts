import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  AccountFormSchema,
  PASSWORD_MIN_LENGTH,
  ResetPasswordFormSchema,
  validateForm,
} from '@kehila/shared';
import {
  COMMON_PASSWORD_COUNT,
  commonPasswordProblem,
  isCommonPassword,
  loadCommonPasswords,
  normalizePassword,
} from '@kehila/shared/rules/passwords';
import listed from '../../../../shared/src/rules/common-passwords.json';

describe('the common-password list (shared/src/rules/common-passwords.json)', () => {
  it(`holds ${COMMON_PASSWORD_COUNT} distinct, normalised, sorted passwords of at least ${PASSWORD_MIN_LENGTH} characters`, async () => {
    expect(listed.length).toBeGreaterThanOrEqual(10_000);
    expect(listed).toHaveLength(COMMON_PASSWORD_COUNT);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(listed);
    expect(listed.filter((p) => normalizePassword(p) !== p || p.length < PASSWORD_MIN_LENGTH)).toEqual([]);
    expect((await loadCommonPasswords()).size).toBe(COMMON_PASSWORD_COUNT);
  });

  it('holds the passwords every breach list starts with', async () => {
    const common = await loadCommonPasswords();
    for (const p of ['123456', 'password', '12345678', 'qwerty', '123456789', '111111', 'iloveyou', 'sunshine']) {
      expect(common.has(p), p).toBe(true);
    }
  });

  it('loads the list once', async () => {
    expect(await loadCommonPasswords()).toBe(await loadCommonPasswords());
  });
});

describe('the common-password rule', () => {
  it.each([
    'password',
    'Password',
    'PASSWORD',
    ' password ',
    'PassWord\t',
    'ｐａｓｓｗｏｒｄ',
    'qwerty123',
    'Iloveyou',
  ])('refuses %j, whatever its case, surrounding spaces or width', async (password) => {
    const common = await loadCommonPasswords();
    expect(isCommonPassword(password, common)).toBe(true);
    expect(commonPasswordProblem(password, common)).toBe('This password is too common. Please choose another one.');
  });

  it.each(['correct horse battery staple', 'Kehila-Haifa-2026!', 'x9#Lq2mZ', 'pass word'])(
    'accepts %j, which is not a common password',
    async (password) => {
      expect(commonPasswordProblem(password, await loadCommonPasswords())).toBeNull();
    },
  );

  it("keeps the spec's length rules and texts, which come first", () => {
    expect(validateForm(AccountFormSchema.shape.password, '').errors['']).toBe(ACCOUNT_MESSAGES.passwordRequired);
    expect(validateForm(AccountFormSchema.shape.password, '12345').errors['']).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateForm(ResetPasswordFormSchema, { password: '12345', confirmPassword: '12345' }).errors.password).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('bounds a password at 256 characters, as Cognito does', () => {
    expect(validateForm(AccountFormSchema.shape.password, 'a'.repeat(256)).valid).toBe(true);
    expect(validateForm(AccountFormSchema.shape.password, 'a'.repeat(257)).valid).toBe(false);
  });
});
