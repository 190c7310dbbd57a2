import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_FORM_COUNTRIES, ACCOUNT_MESSAGES, SIGN_UP_MESSAGES } from '@kehila/shared';
import { MOBILE_ERROR_MESSAGES } from '@kehila/shared/rules/errors';
import { passwordResetMessages } from '../../../../web/src/auth/password-reset';
import { signInMessages } from '../../../../web/src/auth/sign-in';
import { signUpMessages } from '../../../../web/src/auth/sign-up';
import { devMailboxText } from '../../../../web/src/pages/login/dev-mailbox-note';
import { forgotPasswordText } from '../../../../web/src/pages/login/forgot-password';
import { googleTermsText } from '../../../../web/src/pages/login/google-terms-dialog';
import { loginPageText } from '../../../../web/src/pages/login';
import { LOGIN_HEBREW } from '../../../../web/src/pages/login/login-lang';
import { totpStepText } from '../../../../web/src/pages/login/totp-code-step';
import { totpCodeMessages } from '../../../../web/src/auth/totp-code';
import { routeErrorText } from '../../../../web/src/app/route-error-page';
import { loginText } from '../../../../web/src/pages/login/login-form';
import { signUpText } from '../../../../web/src/pages/login/sign-up-form';
import { signUpResultText } from '../../../../web/src/pages/login/sign-up-result';
import { resetAuth } from '../../helpers/amplify-auth';
import { fakeApi } from '../../helpers/fake-api';
import { renderApp } from '../../helpers/render-app';
import { findShown } from '../../helpers/fields';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await import('../../../../web/src/pages/login');
  // The views besides sign-in load on the first interaction in a browser; here, before any test switches to one.
  const { preloadLoginViews } = await import('../../../../web/src/pages/login/login-views');
  await preloadLoginViews();
}, 60_000);

beforeEach(() => resetAuth());

const strings = (texts: Record<string, unknown>) =>
  Object.values(texts).filter((v): v is string => typeof v === 'string');

describe('/login in Hebrew (?lang=he)', () => {
  it('has a Hebrew text for every text the sign-in, sign-up, verification and reset views show', () => {
    const shown = [
      ...strings(loginPageText),
      ...strings(loginText),
      ...strings(signUpText),
      ...strings(signUpResultText),
      ...strings(forgotPasswordText),
      ...strings(googleTermsText),
      ...strings(routeErrorText),
      ...strings(devMailboxText),
      ...strings(signUpMessages),
      ...strings(signInMessages),
      ...strings(totpStepText),
      ...strings(totpCodeMessages),
      ...[passwordResetMessages.sent, passwordResetMessages.sendFailed],
      ...strings(SIGN_UP_MESSAGES),
      ...strings(ACCOUNT_MESSAGES).filter(
        // The reset-password screen's and onboarding's own rules are not on /login.
        (m) =>
          m !== ACCOUNT_MESSAGES.legacyGroupIdInvalid &&
          m !== ACCOUNT_MESSAGES.newPasswordTooShort &&
          m !== ACCOUNT_MESSAGES.passwordsDoNotMatch,
      ),
      ...ACCOUNT_FORM_COUNTRIES.map((c) => c.name),
      MOBILE_ERROR_MESSAGES.network,
      MOBILE_ERROR_MESSAGES.timeout,
      MOBILE_ERROR_MESSAGES.default,
    ];
    expect(shown.filter((text) => !LOGIN_HEBREW[text])).toEqual([]);
  });

  it('opens the registration view right to left in Hebrew, with Hebrew rules, and Back to Home to the Hebrew landing page', async () => {
    const { user } = renderApp({ path: '/login?register=1&lang=he', fetch: fakeApi().fetch });
    const heading = await screen.findByRole('heading', { name: 'יצירת חשבון' }, { timeout: 15_000 });
    expect(heading.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: 'חזרה לדף הבית' })).toHaveAttribute('href', '/?lang=he');
    expect(screen.getByLabelText('מספר הטלפון בוואטסאפ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'המשך' }));
    expect(await findToast('נא למלא את כל שדות החובה')).toBeInTheDocument();
    // Cloudscape repeats a field's error in a live-region announcer: the shown copy is the one checked.
    expect(await findShown('חובה להזין אימייל')).toBeInTheDocument();
    expect(await findShown('כדי להמשיך יש להסכים למדיניות הפרטיות')).toBeInTheDocument();
  });

  it('signs in in Hebrew and shows a refusal in Hebrew', async () => {
    const { user } = renderApp({ path: '/login?lang=he', fetch: fakeApi().fetch });
    await screen.findByRole('heading', { name: 'כניסה ל-Kehila' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'כניסה עם אימייל' }));
    expect(await findShown('חובה להזין סיסמה')).toBeInTheDocument();
    expect(await findShown('חובה להזין אימייל')).toBeInTheDocument();
  });

  it('stays in English without the parameter', async () => {
    renderApp({ path: '/login?register=1', fetch: fakeApi().fetch });
    const heading = await screen.findByRole('heading', { name: 'Create Your Account' }, { timeout: 15_000 });
    expect(heading.closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
