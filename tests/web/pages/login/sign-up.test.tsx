import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authError, authModule, resetAuth } from '../../helpers/amplify-auth';
import { fakeApi, type FakeApi, type FakeReply } from '../../helpers/fake-api';
import { isShown, setField, visibleTexts } from '../../helpers/fields';
import { localConfig, renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await import('../../../../web/src/pages/login');
  // The views besides sign-in load on the first interaction in a browser; here, before any test switches to one.
  const { preloadLoginViews } = await import('../../../../web/src/pages/login/login-views');
  await preloadLoginViews();
}, 60_000);

beforeEach(() => resetAuth());

type User = ReturnType<typeof renderApp>['user'];

const SIGN_UP = '/api/accounts/sign-up';
const created: FakeReply = { status: 201, body: { userId: 'u-1', userConfirmed: false } };

/** /login in sign-up mode, with a fake API whose sign-up route answers `reply` (201 by default). */
async function openSignUp(config = localConfig, reply: unknown = created) {
  const api: FakeApi = fakeApi().on('POST', SIGN_UP, reply);
  const app = renderApp({ path: '/login', config, fetch: api.fetch });
  await app.user.click(await screen.findByRole('button', { name: 'Create Your Account' }, { timeout: 15_000 }));
  await screen.findByRole('heading', { name: 'Create Your Account' });
  return { ...app, api };
}

const signUpCalls = (api: FakeApi) => api.callsTo('POST', SIGN_UP);

async function chooseCountry(user: User, label: RegExp) {
  await user.click(screen.getByRole('button', { name: /country code/i }));
  await user.click(await screen.findByRole('option', { name: label }));
}

interface Form {
  email: string;
  password: string;
  phone: string;
  privacy: boolean;
  communications: boolean;
}

const valid: Form = {
  email: 'noa@example.com',
  password: 'secret-1',
  phone: '050-123-4567',
  privacy: true,
  communications: true,
};

async function fill(user: User, form: Form) {
  setField(screen.getByLabelText('Email'), form.email);
  setField(screen.getByLabelText('Password'), form.password);
  setField(screen.getByLabelText('WhatsApp phone number'), form.phone);
  if (form.privacy) await user.click(screen.getByText('I accept the Privacy Policy'));
  if (form.communications) await user.click(screen.getByText('I agree to receive email communications from Kehila'));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Continue' }));

describe('account form (S1 §2, §5)', () => {
  it('offers the 9 countries with +972 chosen, and the S1 §2 buttons', async () => {
    const { user } = await openSignUp();
    expect(screen.getByRole('button', { name: /country code/i })).toHaveTextContent('Israel (+972)');
    await user.click(screen.getByRole('button', { name: /country code/i }));
    const options = await screen.findAllByRole('option');
    const expected = [
      'Israel (+972)',
      'USA (+1)',
      'Canada (+1)',
      'UK (+44)',
      'India (+91)',
      'Germany (+49)',
      'France (+33)',
      'Italy (+39)',
      'Spain (+34)',
    ];
    expect(options).toHaveLength(expected.length);
    expected.forEach((label, i) => expect(options[i]).toHaveTextContent(label));
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
  });

  it.each<[string, Partial<Form>, string]>([
    ['no e-mail', { email: '' }, 'Email is required'],
    ['an e-mail without a domain', { email: 'noa@' }, 'Please enter a valid email'],
    ['no password', { password: '' }, 'Password is required'],
    ['a 5-character password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['no phone', { phone: '' }, 'WhatsApp phone number is required'],
    ['a phone that is not Israeli', { phone: '12345678' }, 'Please enter a valid WhatsApp phone number'],
    ['privacy not accepted', { privacy: false }, 'You must accept the Privacy Policy to continue'],
    ['communications not accepted', { communications: false }, 'You must agree to receive communications to continue'],
  ])('refuses %s with its message and the overall toast', async (_case, change, message) => {
    const { user, api } = await openSignUp();
    await fill(user, { ...valid, ...change });
    await submit(user);
    await waitFor(() => expect(isShown(message)).toBe(true));
    expect(await findToast('Please fill in all required fields')).toBeInTheDocument();
    expect(signUpCalls(api)).toHaveLength(0);
  });

  it.each(['password1', 'Password1', ' QWERTY123 '])(
    'refuses the common password %j under the password field, before sending the form',
    async (password) => {
      const { user, api } = await openSignUp();
      await fill(user, { ...valid, password });
      await submit(user);
      await waitFor(() =>
        expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
          expect.stringContaining('This password is too common. Please choose another one.'),
        ),
      );
      expect(signUpCalls(api)).toHaveLength(0);
      expect(screen.queryByText('Almost There!')).not.toBeInTheDocument();
    },
  );

  it("shows the server's password refusal under the password field, staying on the form", async () => {
    const text = 'This password is too common. Please choose another one.';
    const { user } = await openSignUp(localConfig, {
      status: 400,
      body: { message: text, code: 'bad_request', issues: [{ path: 'body.password', message: text }] },
    });
    await fill(user, valid);
    await submit(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(text)),
    );
    expect(visibleTexts(text)).toHaveLength(1);
    expect(screen.queryByText('Almost There!')).not.toBeInTheDocument();
  });

  it("runs the live phone check from 7 characters: 'Invalid phone number'", async () => {
    const { user } = await openSignUp();
    const phone = screen.getByLabelText('WhatsApp phone number');
    setField(phone, '123456');
    expect(isShown('Invalid phone number')).toBe(false);
    setField(phone, '1234567');
    expect(isShown('Invalid phone number')).toBe(true);
    setField(phone, '0501234567');
    expect(isShown('Invalid phone number')).toBe(false);
    // The check follows the country: an Israeli mobile is not a valid US number.
    await chooseCountry(user, /^USA/);
    expect(isShown('Invalid phone number')).toBe(true);
  });

  it('creates the account through the sign-up route with the whole form', async () => {
    let finish: (reply: FakeReply) => void = () => undefined;
    const { user, api } = await openSignUp(localConfig, () => new Promise<FakeReply>((resolve) => (finish = resolve)));
    await fill(user, valid);
    await chooseCountry(user, /^UK/);
    setField(screen.getByLabelText('WhatsApp phone number'), '07700 900123');
    await submit(user);

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeInTheDocument();
    expect(signUpCalls(api).map((c) => c.body)).toEqual([
      {
        email: 'noa@example.com',
        password: 'secret-1',
        countryCode: '+44',
        phone: '07700 900123',
        acceptedPrivacyPolicy: true,
        acceptedEmailCommunications: true,
      },
    ]);
    expect(authModule.signUp).not.toHaveBeenCalled();
    finish(created);
    expect(await screen.findByRole('heading', { name: 'Account Created Successfully' })).toBeInTheDocument();
    expect(
      screen.getByText('Account created successfully! Please check your email to verify your account.'),
    ).toBeInTheDocument();
  });

  it.each<[string, unknown, string]>([
    [
      'an existing account (409)',
      {
        status: 409,
        body: { message: 'An account with this email already exists. Please log in instead.', code: 'conflict' },
      },
      'An account with this email already exists. Please log in instead.',
    ],
    [
      'a rate limit without retryAfter (60 s)',
      { status: 429, body: { message: 'Too many', code: 'too_many_requests' } },
      'For security purposes, you can only request this after 60 seconds.',
    ],
    [
      'a rate limit with retryAfter',
      { status: 429, body: { message: 'Too many', code: 'too_many_requests', retryAfter: 30 } },
      'For security purposes, you can only request this after 30 seconds.',
    ],
    [
      "the server's sign-up check",
      {
        status: 400,
        body: {
          message: 'Please enter a valid WhatsApp phone number',
          code: 'bad_request',
          issues: [{ path: 'body.phone', message: 'Please enter a valid WhatsApp phone number' }],
        },
      },
      'Please enter a valid WhatsApp phone number',
    ],
    ['no user returned', { status: 201, body: { userId: '', userConfirmed: false } }, 'Failed to create user account'],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Poor network connection. Please check your internet and try again.',
    ],
  ])("shows 'Almost There!' for %s", async (_case, reply, message) => {
    const { user } = await openSignUp(localConfig, reply);
    await fill(user, valid);
    await submit(user);
    const card = (await screen.findByText('Almost There!')).closest('[role="alert"], div') as HTMLElement;
    expect(within(card.parentElement ?? card).getByText(message)).toBeInTheDocument();

    // Try Again goes back to the form with what was typed.
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Email')).toHaveValue('noa@example.com');
    await submit(user);
    await screen.findByText('Almost There!');
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
  });
});

describe("'Account Created Successfully' (S1 §2, §8)", () => {
  async function signedUp(config = localConfig) {
    const app = await openSignUp(config);
    await fill(app.user, valid);
    await submit(app.user);
    await screen.findByRole('heading', { name: 'Account Created Successfully' });
    return app;
  }

  it('resends the verification e-mail', async () => {
    const { user } = await signedUp();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await findToast('Verification email resent successfully')).toBeInTheDocument();
    expect(authModule.resendSignUpCode).toHaveBeenCalledWith({ username: 'noa@example.com' });
  });

  it('says why a resend failed', async () => {
    authModule.resendSignUpCode.mockRejectedValue(authError('InvalidParameterException', 'User is already confirmed.'));
    const { user } = await signedUp();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await findToast('Failed to resend verification email: User is already confirmed.')).toBeInTheDocument();
  });

  it('points to the dev mailbox locally, and not in a deployment', async () => {
    await signedUp();
    expect(screen.getByRole('link', { name: /open the dev mailbox/i })).toHaveAttribute('href', '/dev/mailbox');
  });

  it('has no dev mailbox link in the cloud', async () => {
    await signedUp({ ...localConfig, stage: 'cloud' });
    expect(screen.queryByRole('link', { name: /open the dev mailbox/i })).not.toBeInTheDocument();
  });

  it('goes back to sign-in with the e-mail filled in', async () => {
    const { user } = await signedUp();
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('noa@example.com');
  });
});
