import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MOBILE_ERROR_MESSAGES } from '@kehila/shared/rules/errors';
import { DEFAULT_SIGNED_IN_PATH } from '../../app/paths';
import { isSafeRedirect } from '../../app/redirect';
import type { LoginLocationState } from '../../app/require-auth';
import { signInWithEmail, startGoogleSignIn } from '../../auth/sign-in';
import { GOOGLE_SIGN_IN_FAILED } from '../../auth/auth-provider';
import { useAuth } from '../../auth/use-auth';
import { LoadingScreen } from '../../components/loading-screen';
import { PublicPage } from '../../components/public-page';
import { useToast } from '../../components/toast/use-toast';
import { useRuntimeConfig } from '../../config/use-runtime-config';
import { LoginForm, loginText } from './login-form';
import { validateLogin, type LoginErrors, type LoginValues } from './login-validation';

/** S1 §8 and the sign-up placeholder's texts. */
export const loginPageText = {
  signInTitle: 'Sign in to Kehila',
  success: 'Logged in successfully',
  signUpNotBuilt: 'Creating an account is not built yet. Sign in with an existing account for now.',
  backToLogin: 'Back to Login',
} as const;

type Mode = 'signIn' | 'signUp';

/** The /login screen (S1 §2): sign-in, and the entry to sign-up. Signed-in visitors go straight on. */
export default function LoginPage() {
  const { state, refresh } = useAuth();
  const config = useRuntimeConfig();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginLocationState | null)?.from;
  const target = isSafeRedirect(from) ? from : DEFAULT_SIGNED_IN_PATH;

  const [mode, setMode] = useState<Mode>('signIn');
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [googleNote, setGoogleNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'signedIn' && !busy) return <Navigate to={target} replace />;

  const switchMode = (next: Mode) => {
    // S1 §2: switching modes clears errors.
    setErrors({});
    setFormError(null);
    setGoogleNote(null);
    setMode(next);
  };

  const onChange = (field: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async () => {
    const found = validateLogin(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const outcome = await signInWithEmail(values.email.trim(), values.password, config.authFlowType);
    if (!outcome.ok) {
      setFormError(outcome.message);
      setBusy(false);
      return;
    }
    const next = await refresh();
    setBusy(false);
    if (next.status !== 'signedIn') {
      setFormError(MOBILE_ERROR_MESSAGES.default);
      return;
    }
    toast.success(loginPageText.success);
    navigate(target, { replace: true });
  };

  const onGoogle = async () => {
    setFormError(null);
    if (!config.oauthDomain) {
      setGoogleNote(loginText.googleNotConfigured);
      return;
    }
    setGoogleBusy(true);
    try {
      await startGoogleSignIn(isSafeRedirect(from) ? from : null);
    } catch {
      setGoogleBusy(false);
      toast.error(GOOGLE_SIGN_IN_FAILED);
    }
  };

  return (
    <PublicPage narrow>
      {mode === 'signIn' ? (
        <Container header={<Header variant="h1">{loginPageText.signInTitle}</Header>}>
          <LoginForm
            values={values}
            errors={errors}
            formError={formError}
            busy={busy}
            googleBusy={googleBusy}
            googleNote={googleNote}
            onChange={onChange}
            onSubmit={() => void onSubmit()}
            onGoogle={() => void onGoogle()}
            onCreateAccount={() => switchMode('signUp')}
          />
        </Container>
      ) : (
        <Container header={<Header variant="h1">{loginText.createAccount}</Header>}>
          <SpaceBetween size="l">
            <Alert type="info" header="Not built yet">
              {loginPageText.signUpNotBuilt}
            </Alert>
            <Button onClick={() => switchMode('signIn')}>{loginPageText.backToLogin}</Button>
          </SpaceBetween>
        </Container>
      )}
    </PublicPage>
  );
}
