import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { signUpMessages } from '../../auth/sign-up-messages';
import { DevMailboxNote } from './dev-mailbox-note';
import { useLoginText } from './login-lang';

/** S1 §2 texts of the sign-up outcomes. */
export const signUpResultText = {
  errorTitle: 'Almost There!',
  tryAgain: 'Try Again',
  backToLogin: 'Back to Login',
  successTitle: 'Account Created Successfully',
  sentTo: 'We sent a verification link to',
  resend: 'Resend verification email',
  backToLoginLower: 'Back to login',
} as const;

/** The 'Almost There!' error card of a failed sign-up (S1 §2): the reason, Try Again and Back to Login. */
export function SignUpErrorCard({
  title = signUpResultText.errorTitle,
  message,
  onTryAgain,
  onBack,
}: {
  /** 'Almost There!' on /login; the registration view of the landing page says 'Registration Error' (S3 §2). */
  title?: string | undefined;
  message: string;
  onTryAgain: () => void;
  onBack: () => void;
}) {
  const tr = useLoginText();
  return (
    <SpaceBetween size="l">
      <Alert type="error" header={tr(title)}>
        <span dir="auto">{tr(message)}</span>
      </Alert>
      <SpaceBetween size="xs" direction="horizontal">
        <Button variant="primary" onClick={onTryAgain}>
          {tr(signUpResultText.tryAgain)}
        </Button>
        <Button onClick={onBack}>{tr(signUpResultText.backToLogin)}</Button>
      </SpaceBetween>
    </SpaceBetween>
  );
}

/** The 'Account Created Successfully' screen (S1 §2): check your e-mail, resend, back to login. */
export function SignUpSuccess({
  email,
  resending,
  onResend,
  onBack,
}: {
  email: string;
  resending: boolean;
  onResend: () => void;
  onBack: () => void;
}) {
  const tr = useLoginText();
  return (
    <SpaceBetween size="l">
      <Alert type="success">{tr(signUpMessages.created)}</Alert>
      <Box>
        {tr(signUpResultText.sentTo)} <strong dir="ltr">{email}</strong>.
      </Box>
      <DevMailboxNote />
      <SpaceBetween size="xs" direction="horizontal">
        <Button loading={resending} onClick={onResend}>
          {tr(signUpResultText.resend)}
        </Button>
        <Button variant="primary" onClick={onBack}>
          {tr(signUpResultText.backToLoginLower)}
        </Button>
      </SpaceBetween>
    </SpaceBetween>
  );
}
