import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { mobileFriendlyError } from '@kehila/shared/rules/errors';
import { isWrongTotpCode, readTotpCode, totpCodeMessages } from '../../auth/totp-code';
import { useAuth } from '../../auth/use-auth';
import { useToast } from '../../components/toast/use-toast';

/** Texts of the Two-factor sign-in card (docs/accounts.md, "Two-factor sign-in"). */
export const twoFactorText = {
  title: 'Two-factor sign-in',
  description: 'When you sign in with your email and password, also ask for a code from an authenticator app.',
  googleNote: 'Signing in with Google uses your Google account’s own two-step verification instead.',
  on: 'On',
  off: 'Off',
  status: 'Status',
  loadFailed: 'Could not read your two-factor sign-in setting. Please try again.',
  setUp: 'Set up',
  turnOff: 'Turn off',
  cancel: 'Cancel',
  step1:
    '1. In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), add an account with this setup key:',
  setupKey: 'Setup key',
  openInApp: 'Open in authenticator app',
  keyNote: 'Time-based, 6 digits. Keep this key private: anyone who has it can make your codes.',
  step2: '2. Enter the 6-digit code the app now shows:',
  code: 'Authentication code',
  verify: 'Verify and turn on',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
  confirmTitle: 'Turn off two-factor sign-in?',
  confirmBody: 'You will sign in with your email and password alone. You can set it up again at any time.',
} as const;

const T = twoFactorText;

/** The app name authenticator apps show beside the codes. */
const ISSUER = 'Kehila';

/** The setup key in groups of four, as authenticator apps print it and people type it. */
export function groupSetupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Amplify Auth, loaded on first use like the rest of the app's Amplify calls. */
const amplifyAuth = () => import('aws-amplify/auth');

interface Setup {
  readonly secret: string;
  readonly uri: string;
}

/**
 * The Two-factor sign-in card of the Profile tab: whether TOTP is on (Cognito's MFA preference), set up
 * with an authenticator app (the setup key and an otpauth link; no QR code, see docs/accounts.md), and
 * turn off after a confirmation.
 */
export function TwoFactorCard({ email }: { email: string }) {
  const { state } = useAuth();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  const queryKey = ['mfa-preference', userId];
  const queryClient = useQueryClient();
  const toast = useToast();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);

  const preference = useQuery({
    queryKey,
    queryFn: async () => {
      const { fetchMFAPreference } = await amplifyAuth();
      const out = await fetchMFAPreference();
      return { on: Boolean(out?.enabled?.includes('TOTP')) };
    },
  });

  const start = useMutation({
    mutationFn: async (): Promise<Setup> => {
      const { setUpTOTP } = await amplifyAuth();
      const details = await setUpTOTP();
      return { secret: details.sharedSecret, uri: details.getSetupUri(ISSUER, email).toString() };
    },
    onSuccess: (details) => {
      setCode('');
      setCodeError(null);
      setSetup(details);
    },
  });

  const verify = useMutation({
    mutationFn: async (checked: string) => {
      const { verifyTOTPSetup, updateMFAPreference } = await amplifyAuth();
      await verifyTOTPSetup({ code: checked });
      await updateMFAPreference({ totp: 'PREFERRED' });
    },
    onSuccess: () => {
      setSetup(null);
      queryClient.setQueryData(queryKey, { on: true });
      toast.success(T.turnedOn);
    },
    onError: (err) => setCodeError(isWrongTotpCode(err) ? totpCodeMessages.invalid : mobileFriendlyError(err)),
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const { updateMFAPreference } = await amplifyAuth();
      await updateMFAPreference({ totp: 'DISABLED' });
    },
    onSuccess: () => {
      setConfirmOff(false);
      queryClient.setQueryData(queryKey, { on: false });
      toast.success(T.turnedOff);
    },
  });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const read = readTotpCode(code);
    if (!read.ok) {
      setCodeError(read.message);
      return;
    }
    setCodeError(null);
    verify.mutate(read.code);
  };

  const on = preference.data?.on === true;
  const action = preference.isSuccess ? (
    on ? (
      <Button onClick={() => setConfirmOff(true)}>{T.turnOff}</Button>
    ) : setup ? null : (
      <Button loading={start.isPending} onClick={() => start.mutate()}>
        {T.setUp}
      </Button>
    )
  ) : null;

  return (
    <Container
      header={
        <Header variant="h2" description={T.description} actions={action}>
          {T.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {preference.isPending ? (
          <StatusIndicator type="loading">{T.status}</StatusIndicator>
        ) : preference.isError ? (
          <Alert type="error">{T.loadFailed}</Alert>
        ) : (
          <FormField label={T.status}>
            {on ? (
              <StatusIndicator type="success">{T.on}</StatusIndicator>
            ) : (
              <StatusIndicator type="stopped">{T.off}</StatusIndicator>
            )}
          </FormField>
        )}
        {start.isError && <Alert type="error">{mobileFriendlyError(start.error)}</Alert>}
        {setup && !on && (
          <form onSubmit={submitCode} noValidate>
            <SpaceBetween size="m">
              <Box>{T.step1}</Box>
              <FormField label={T.setupKey} description={T.keyNote}>
                <SpaceBetween size="xs">
                  <Box variant="code" fontSize="heading-m">
                    <span dir="ltr" data-testid="totp-setup-key">
                      {groupSetupKey(setup.secret)}
                    </span>
                  </Box>
                  <Link href={setup.uri}>{T.openInApp}</Link>
                </SpaceBetween>
              </FormField>
              <Box>{T.step2}</Box>
              <FormField label={T.code} errorText={codeError ?? undefined}>
                <Input
                  value={code}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  invalid={codeError !== null}
                  disableBrowserAutocorrect
                  nativeInputAttributes={{ maxLength: 9, dir: 'ltr' }}
                  onChange={({ detail }) => {
                    setCode(detail.value);
                    setCodeError(null);
                  }}
                />
              </FormField>
              <SpaceBetween size="xs" direction="horizontal">
                <Button variant="primary" formAction="submit" loading={verify.isPending}>
                  {T.verify}
                </Button>
                <Button variant="link" formAction="none" disabled={verify.isPending} onClick={() => setSetup(null)}>
                  {T.cancel}
                </Button>
              </SpaceBetween>
            </SpaceBetween>
          </form>
        )}
        <Box color="text-body-secondary" fontSize="body-s">
          {T.googleNote}
        </Box>
      </SpaceBetween>
      {confirmOff && (
        <Modal
          visible
          onDismiss={() => setConfirmOff(false)}
          header={T.confirmTitle}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" disabled={turnOff.isPending} onClick={() => setConfirmOff(false)}>
                  {T.cancel}
                </Button>
                <Button variant="primary" loading={turnOff.isPending} onClick={() => turnOff.mutate()}>
                  {T.turnOff}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="m">
            {turnOff.isError && <Alert type="error">{mobileFriendlyError(turnOff.error)}</Alert>}
            <Box>{T.confirmBody}</Box>
          </SpaceBetween>
        </Modal>
      )}
    </Container>
  );
}
