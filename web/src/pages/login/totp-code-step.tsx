import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLoginText } from './login-lang';

/** The texts of the two-factor code step (docs/accounts.md, "Two-factor sign-in"). */
export const totpStepText = {
  title: 'Two-factor sign-in',
  intro: 'Open your authenticator app and enter the 6-digit code it shows for Kehila.',
  code: 'Authentication code',
  verify: 'Verify',
  verifying: 'Verifying',
  back: 'Back to sign in',
} as const;

export interface TotpCodeStepProps {
  readonly error: string | null;
  readonly busy: boolean;
  /** Called with the code as typed; the page checks it and answers the challenge. */
  readonly onSubmit: (code: string) => void;
  readonly onBack: () => void;
}

/** The second step of an e-mail sign-in when the account has two-factor sign-in on. */
export function TotpCodeStep({ error, busy, onSubmit, onBack }: TotpCodeStepProps) {
  const tr = useLoginText();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <SpaceBetween size="xs" direction="horizontal">
            <Button variant="link" formAction="none" onClick={onBack}>
              {tr(totpStepText.back)}
            </Button>
            <Button variant="primary" formAction="submit" loading={busy} loadingText={tr(totpStepText.verifying)}>
              {tr(totpStepText.verify)}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Box>{tr(totpStepText.intro)}</Box>
          <FormField label={tr(totpStepText.code)} errorText={tr(error) ?? undefined}>
            <Input
              value={code}
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              invalid={Boolean(error)}
              disableBrowserAutocorrect
              nativeInputAttributes={{ maxLength: 9, dir: 'ltr' }}
              onChange={({ detail }) => setCode(detail.value)}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
