import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authError, authModule, resetAuth } from '../../helpers/amplify-auth';
import { isShown, setField } from '../../helpers/fields';
import { localConfig, renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await import('../../../../web/src/pages/login');
}, 60_000);

beforeEach(() => resetAuth());

type User = ReturnType<typeof renderApp>['user'];

async function openSignUp(config = localConfig) {
  const app = renderApp({ path: '/login', config });
  await app.user.click(await screen.findByRole('button', { name: 'Create Your Account' }, { timeout: 15_000 }));
  await screen.findByRole('heading', { name: 'Create Your Account' });
  return app;
}

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
    const { user } = await openSignUp();
    await fill(user, { ...valid, ...change });
    await submit(user);
    await waitFor(() => expect(isShown(message)).toBe(true));
    expect(await findToast('Please fill in all required fields')).toBeInTheDocument();
    expect(authModule.signUp).not.toHaveBeenCalled();
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

  it('creates the account with the phone and country as attributes and the consents as client metadata', async () => {
    let finish: (value: unknown) => void = () => undefined;
    authModule.signUp.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = await openSignUp();
    await fill(user, valid);
    await chooseCountry(user, /^UK/);
    setField(screen.getByLabelText('WhatsApp phone number'), '07700 900123');
    await submit(user);

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeInTheDocument();
    expect(authModule.signUp).toHaveBeenCalledWith({
      username: 'noa@example.com',
      password: 'secret-1',
      options: {
        userAttributes: { email: 'noa@example.com', 'custom:phone': '07700 900123', 'custom:country_code': '+44' },
        clientMetadata: { acceptedPrivacyPolicy: 'true', acceptedEmailCommunications: 'true' },
      },
    });
    finish({ isSignUpComplete: false, userId: 'u-1', nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    expect(await screen.findByRole('heading', { name: 'Account Created Successfully' })).toBeInTheDocument();
    expect(
      screen.getByText('Account created successfully! Please check your email to verify your account.'),
    ).toBeInTheDocument();
  });

  it.each<[string, () => void, string]>([
    [
      'an existing account',
      () => authModule.signUp.mockRejectedValue(authError('UsernameExistsException', 'User already exists')),
      'An account with this email already exists. Please log in instead.',
    ],
    [
      'a rate limit without retryAfter (60 s)',
      () => authModule.signUp.mockRejectedValue(authError('TooManyRequestsException', 'Rate exceeded')),
      'For security purposes, you can only request this after 60 seconds.',
    ],
    [
      'a rate limit with retryAfter',
      () =>
        authModule.signUp.mockRejectedValue(
          Object.assign(authError('LimitExceededException', 'Attempt limit exceeded'), { retryAfter: 30 }),
        ),
      'For security purposes, you can only request this after 30 seconds.',
    ],
    [
      "the server's sign-up check",
      () =>
        authModule.signUp.mockRejectedValue(
          authError(
            'UserLambdaValidationException',
            'PreSignUp failed with error Please enter a valid WhatsApp phone number.',
          ),
        ),
      'Please enter a valid WhatsApp phone number',
    ],
    [
      'no user returned',
      () => authModule.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'DONE' } }),
      'Failed to create user account',
    ],
    [
      'a network failure',
      () => authModule.signUp.mockRejectedValue(new TypeError('Failed to fetch')),
      'Poor network connection. Please check your internet and try again.',
    ],
  ])("shows 'Almost There!' for %s", async (_case, arrange, message) => {
    arrange();
    const { user } = await openSignUp();
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
