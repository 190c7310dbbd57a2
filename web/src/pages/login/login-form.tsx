import type { FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { LoginErrors, LoginValues } from './login-validation';
import { PasswordInput } from './password-input';
import { useLoginText } from './login-lang';

/** S1 §2 "Login screen" texts; the field labels are also what screenshot tools look up. */
export const loginText = {
  email: 'Email',
  password: 'Password',
  forgotPassword: 'Forgot password?',
  google: 'Sign in with Google',
  submit: 'Sign In with Email',
  createAccount: 'Create Your Account',
  showPassword: 'Show',
  or: 'or',
  googleNotConfigured:
    'Google sign-in needs a deployment with a Google sign-in client configured; this one has none. Sign in with your email instead.',
} as const;

/** Props of the presentational login form; the page owns the values, errors and calls. */
export interface LoginFormProps {
  readonly values: LoginValues;
  readonly errors: LoginErrors;
  readonly formError: string | null;
  readonly busy: boolean;
  readonly googleBusy: boolean;
  /** Shown under the Google button after a click when Google is not configured. */
  readonly googleNote: string | null;
  readonly onChange: (field: keyof LoginValues, value: string) => void;
  readonly onSubmit: () => void;
  readonly onGoogle: () => void;
  readonly onCreateAccount: () => void;
  /** The Forgot password link appears only when this is supplied (S1 §2). */
  readonly onForgotPassword?: () => void;
}

/** The sign-in form of S1 §2: e-mail, password with show/hide, Google, e-mail sign-in, create account. */
export function LoginForm(props: LoginFormProps) {
  const tr = useLoginText();
  const { values, errors, formError, busy, googleBusy, googleNote, onChange, onForgotPassword } = props;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form errorText={tr(formError) ?? undefined}>
        <SpaceBetween size="l">
          <FormField label={tr(loginText.email)} errorText={tr(errors.email)}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="username"
              value={values.email}
              onChange={({ detail }) => onChange('email', detail.value)}
              invalid={Boolean(errors.email)}
              disableBrowserAutocorrect
            />
          </FormField>
          <FormField label={tr(loginText.password)} errorText={tr(errors.password)}>
            <PasswordInput
              value={values.password}
              onChange={(value) => onChange('password', value)}
              invalid={Boolean(errors.password)}
              autoComplete="current-password"
              showLabel={tr(loginText.showPassword)}
            />
          </FormField>
          {onForgotPassword && (
            // After the field and a button, not a labelled link: tools find the field with
            // getByLabel(/password/i).first(), and a link here would be labelled by its own text.
            <Box textAlign="right">
              <Button variant="inline-link" formAction="none" onClick={onForgotPassword}>
                {tr(loginText.forgotPassword)}
              </Button>
            </Box>
          )}
        </SpaceBetween>
      </Form>
      <Box margin={{ top: 'l' }}>
        <SpaceBetween size="m">
          <Button variant="primary" formAction="submit" loading={busy} loadingText={tr('Signing in')} fullWidth>
            {tr(loginText.submit)}
          </Button>
          <Box textAlign="center" color="text-body-secondary" fontSize="body-s">
            {tr(loginText.or)}
          </Box>
          <Button fullWidth onClick={props.onGoogle} loading={googleBusy} formAction="none">
            {tr(loginText.google)}
          </Button>
          {googleNote && (
            <Alert type="info" statusIconAriaLabel="Info">
              {tr(googleNote)}
            </Alert>
          )}
          <Box textAlign="center">
            <Button variant="link" formAction="none" onClick={props.onCreateAccount}>
              {tr(loginText.createAccount)}
            </Button>
          </Box>
        </SpaceBetween>
      </Box>
    </form>
  );
}
