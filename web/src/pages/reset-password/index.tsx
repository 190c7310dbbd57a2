import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PASSWORD_RESET_REDIRECT_MS } from '@kehila/shared/constants';
import { ACCOUNT_MESSAGES, ResetPasswordFormSchema } from '@kehila/shared/rules/account';
import { validateForm, type FieldErrors } from '@kehila/shared/rules/validation';
import { paths } from '../../navigation/paths';
import { useCallApi } from '../../api/use-call-api';
import { confirmNewPassword, passwordResetMessages, sendPasswordReset } from '../../auth/password-reset';
import { commonPasswordError, preloadCommonPasswords } from '../../auth/sign-up';
import { PublicPage } from '../../components/public-page';
import { useToast } from '../../components/toast/use-toast';
import { DevMailboxNote } from '../login/dev-mailbox-note';

/** Texts of the reset page (S1 §8 messages; the labels are ours). */
export const resetPasswordText = {
  title: 'Set a new password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  submit: 'Update password',
  expiredTitle: 'Reset link expired',
  email: 'Email',
  sendNew: 'Send new reset email',
  redirecting: 'Taking you to sign in…',
  backToLogin: 'Back to Login',
} as const;

/** What the reset link carries: the code and e-mail, or the auth service's error parameters. */
export interface ResetLink {
  readonly code: string | null;
  readonly email: string;
  readonly expired: boolean;
}

/**
 * Reads the reset link (S1 §2 "Reset password"): it is expired when it carries error_code otp_expired,
 * an error description mentioning expired, or no code to set the password with (the spec's "no
 * session"); the parameters may sit in the query or in the hash.
 */
export function readResetLink(search: string, hash: string): ResetLink {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (key: string) => query.get(key) ?? fragment.get(key);
  const code = get('code');
  const email = get('email') ?? '';
  const expired =
    get('error_code') === 'otp_expired' || /expired/i.test(get('error_description') ?? '') || !code || !email;
  return { code, email, expired };
}

function ExpiredLink({ initialEmail }: { initialEmail: string }) {
  const toast = useToast();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast.error(ACCOUNT_MESSAGES.resetEmailRequired);
      return;
    }
    setBusy(true);
    const outcome = await sendPasswordReset(email.trim());
    setBusy(false);
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    toast.success(passwordResetMessages.newSent);
    setSent(true);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <SpaceBetween size="l">
        <Alert type="warning">{passwordResetMessages.invalidLink}</Alert>
        <FormField label={resetPasswordText.email}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            disableBrowserAutocorrect
            onChange={({ detail }) => setEmail(detail.value)}
          />
        </FormField>
        <Button variant="primary" formAction="submit" loading={busy} fullWidth>
          {resetPasswordText.sendNew}
        </Button>
        {sent && <DevMailboxNote />}
      </SpaceBetween>
    </form>
  );
}

/** /reset-password (S1 §2, §4): the new password and its confirmation, or the expired-link view. */
export default function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [link] = useState(() => readResetLink(location.search, location.hash));
  const [expired, setExpired] = useState(link.expired);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const callApi = useCallApi();

  // The common-password list is loaded on this screen only (its own chunk), while the user types.
  useEffect(() => {
    if (!link.expired) preloadCommonPasswords();
  }, [link.expired]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), PASSWORD_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(ResetPasswordFormSchema, values);
    setErrors(result.errors);
    setFailure(null);
    if (!result.valid || !link.code) return;
    setBusy(true);
    const common = await commonPasswordError(result.data.password);
    if (common) {
      setBusy(false);
      setErrors({ password: common });
      return;
    }
    const outcome = await confirmNewPassword(callApi, link.email, link.code, result.data.password);
    setBusy(false);
    if (outcome.status === 'updated') {
      toast.success(passwordResetMessages.updated);
      setDone(true);
    } else if (outcome.status === 'expired') {
      setExpired(true);
    } else if (outcome.field === 'password') {
      setErrors({ password: outcome.message });
    } else {
      setFailure(outcome.message);
    }
  };

  const set = (field: 'password' | 'confirmPassword', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  let body;
  if (expired) {
    body = <ExpiredLink initialEmail={link.email} />;
  } else if (done) {
    body = (
      <SpaceBetween size="m">
        <Alert type="success">{passwordResetMessages.updated}</Alert>
        <Box color="text-body-secondary">{resetPasswordText.redirecting}</Box>
      </SpaceBetween>
    );
  } else {
    body = (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SpaceBetween size="l">
          {link.email && (
            <Box color="text-body-secondary">
              <span dir="ltr">{link.email}</span>
            </Box>
          )}
          <FormField label={resetPasswordText.newPassword} errorText={errors.password}>
            <Input
              type="password"
              autoComplete="new-password"
              value={values.password}
              invalid={Boolean(errors.password)}
              onChange={({ detail }) => set('password', detail.value)}
            />
          </FormField>
          <FormField label={resetPasswordText.confirmPassword} errorText={errors.confirmPassword}>
            <Input
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              invalid={Boolean(errors.confirmPassword)}
              onChange={({ detail }) => set('confirmPassword', detail.value)}
            />
          </FormField>
          {failure && <Alert type="error">{failure}</Alert>}
          <Button variant="primary" formAction="submit" loading={busy} fullWidth>
            {resetPasswordText.submit}
          </Button>
        </SpaceBetween>
      </form>
    );
  }

  return (
    <PublicPage narrow>
      <Container
        header={<Header variant="h1">{expired ? resetPasswordText.expiredTitle : resetPasswordText.title}</Header>}
        footer={
          <Box textAlign="center">
            <Button variant="link" onClick={() => navigate(paths.login)}>
              {resetPasswordText.backToLogin}
            </Button>
          </Box>
        }
      >
        {body}
      </Container>
    </PublicPage>
  );
}
