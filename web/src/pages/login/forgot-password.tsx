import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ForgotPasswordFormSchema } from '@kehila/shared/rules/account';
import { passwordResetMessages } from '../../auth/password-reset-messages';
import { useSessionReady } from '../../app/use-session-ready';
import { useToast } from '../../components/toast/use-toast';
import { DevMailboxNote } from './dev-mailbox-note';
import { useLoginText } from './login-lang';

/** S1 §2 "Forgot password" texts (buttons quoted; the title and intro are ours). */
export const forgotPasswordText = {
  title: 'Reset your password',
  intro: "Enter your account's email and we'll send you a link to set a new password.",
  email: 'Email',
  send: 'Send reset email',
  sendAgain: 'Send another reset email',
  backToLogin: 'Back to Login',
} as const;

/**
 * The forgot-password view of /login (S1 §2): e-mail and Send reset email, then the confirmation with
 * Send another reset email. Messages are S1 §5 and §8's.
 */
export function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: (email: string) => void }) {
  const tr = useLoginText();
  const toast = useToast();
  const ready = useSessionReady();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    const parsed = ForgotPasswordFormSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setBusy(true);
    // Amplify and the reset call load with the first send (docs/public-pages.md, /login).
    const [, { sendPasswordReset }] = await Promise.all([ready(), import('../../auth/password-reset')]);
    const outcome = await sendPasswordReset(parsed.data.email);
    setBusy(false);
    if (!outcome.ok) {
      toast.error(tr(outcome.message));
      return;
    }
    toast.success(tr(passwordResetMessages.sent));
    setSent(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  if (sent) {
    return (
      <SpaceBetween size="l">
        <Alert type="success">{tr(passwordResetMessages.sent)}</Alert>
        <DevMailboxNote />
        <SpaceBetween size="xs" direction="horizontal">
          <Button loading={busy} onClick={() => void send()}>
            {tr(forgotPasswordText.sendAgain)}
          </Button>
          <Button variant="primary" onClick={() => onBack(email.trim())}>
            {tr(forgotPasswordText.backToLogin)}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <SpaceBetween size="l">
        <Box>{tr(forgotPasswordText.intro)}</Box>
        <FormField label={tr(forgotPasswordText.email)} errorText={tr(error) ?? undefined}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            invalid={error !== null}
            disableBrowserAutocorrect
            onChange={({ detail }) => {
              setEmail(detail.value);
              setError(null);
            }}
          />
        </FormField>
        <Button variant="primary" formAction="submit" loading={busy} fullWidth>
          {tr(forgotPasswordText.send)}
        </Button>
        <Box textAlign="center">
          <Button variant="link" formAction="none" onClick={() => onBack(email.trim())}>
            {tr(forgotPasswordText.backToLogin)}
          </Button>
        </Box>
      </SpaceBetween>
    </form>
  );
}
