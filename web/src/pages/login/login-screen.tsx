import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ACCOUNT_MESSAGES } from '@kehila/shared/rules/account-messages';
import { MOBILE_ERROR_MESSAGES } from '@kehila/shared/rules/errors';
import type { FieldErrors } from '@kehila/shared/rules/validation';
import { DEFAULT_SIGNED_IN_PATH } from '../../navigation/paths';
import { isSafeRedirect, type LoginLocationState } from '../../navigation/redirect';
import { clearGoogleCallback } from '../../auth/google-consent';
import { confirmTotpSignIn, signInWithEmail, type SignInOutcome } from '../../auth/sign-in';
import { signUpMessages } from '../../auth/sign-up-messages';
import { useSessionReady } from '../../app/use-session-ready';
import { useAuth } from '../../auth/use-auth';
import { LoadingScreen } from '../../components/loading-screen';
import { PublicFrame } from '../../components/public-frame';
import { useToast } from '../../components/toast/use-toast';
import { LoginForm } from './login-form';
import { useLoginNav, type LoginNav } from './login-nav';
import { validateLogin, type LoginErrors, type LoginValues } from './login-validation';
import { useEmailVerification, type VerificationState } from './use-email-verification';
import { useGoogleSignIn } from './use-google-sign-in';
import { LoginLangContext, translateLogin, useLoginText } from './login-lang';
import { localHref, publicLangOf } from '@kehila/shared/public-pages';

import { emptySignUpValues, type SignUpValues } from './sign-up-values';
import {
  LoginViewsBoundary,
  WithLoginViews,
  loadedLoginViews,
  onFirstInteraction,
  preloadLoginViews,
  type LoginViews,
} from './login-views';

// Shown only after a click on Google: its own chunk.
const GoogleTermsDialog = lazy(() => import('./google-terms-dialog').then((m) => ({ default: m.GoogleTermsDialog })));

/** The sign-up calls (the API contract, Amplify): loaded on first use. */
const signUpModule = () => import('../../auth/sign-up');
const preloadCommonPasswords = () => void signUpModule().then((m) => m.preloadCommonPasswords());

/** S1 §8 and the screen's own texts. */
export const loginPageText = {
  signInTitle: 'Sign in to Kehila',
  success: 'Logged in successfully',
  verifying: 'Verifying your email…',
  resendVerification: 'Resend verification email',
  /** The registration view opened by Start Free Trial (S3 §2). */
  backToHome: 'Back to Home',
  registrationError: 'Registration Error',
  /** While the view asked for is still loading (a click that beat its code). */
  loading: 'Loading',
} as const;

/** The query parameter of the registration view: Start Free Trial on the public pages links to `/login?register=1`. */
export const REGISTER_PARAM = 'register';

/**
 * The views of /login (S1 §2): sign-in, sign-up (account form, then the 'Almost There!' error card or
 * 'Account Created Successfully'), forgot password, and the two-factor code step of an e-mail sign-in.
 */
type Mode = 'signIn' | 'totpCode' | 'signUp' | 'signUpFailed' | 'signUpDone' | 'forgot';

function VerificationNotice({
  state,
  resending,
  onResend,
}: {
  state: VerificationState;
  resending: boolean;
  onResend: () => void;
}) {
  const tr = useLoginText();
  switch (state.status) {
    case 'none':
      return null;
    case 'verifying':
      return <StatusIndicator type="loading">{tr(loginPageText.verifying)}</StatusIndicator>;
    case 'verified':
      return <Alert type="success">{tr(signUpMessages.verified)}</Alert>;
    case 'alreadyVerified':
      return <Alert type="info">{tr(signUpMessages.alreadyVerified)}</Alert>;
    default:
      return (
        <Alert
          type="error"
          action={
            state.canResend ? (
              <Button loading={resending} onClick={onResend}>
                {tr(loginPageText.resendVerification)}
              </Button>
            ) : undefined
          }
        >
          {tr(state.message)}
        </Alert>
      );
  }
}

/** A signed-in visitor goes straight on (as react-router's `<Navigate replace>`: after the render). */
function GoOn({ nav, to }: { nav: LoginNav; to: string }) {
  useEffect(() => {
    nav.navigate(to, { replace: true });
  }, [nav, to]);
  return <LoadingScreen />;
}

/**
 * The /login screen (S1 §2): sign-in, sign-up, forgot password and the verification link. Signed-in
 * visitors go straight on. It reads the address and navigates through `useLoginNav()` (the app's router
 * or the prerendered page's window.location, login-nav.tsx).
 */
export function LoginScreen() {
  const nav = useLoginNav();
  const { address: location, navigate } = nav;
  // S3 §2: the Hebrew landing and pricing pages open /login in Hebrew, right to left (`?lang=he`).
  const lang = publicLangOf(location.search);
  const tr = <T extends string | null | undefined>(text: T): T => translateLogin(text, lang);
  const { state, refresh } = useAuth();
  const ready = useSessionReady();
  const toast = useToast();
  const from = (location.state as LoginLocationState | null)?.from;
  const target = isSafeRedirect(from) ? from : DEFAULT_SIGNED_IN_PATH;
  const verification = useEmailVerification();
  const google = useGoogleSignIn(isSafeRedirect(from) ? from : null);
  // S3 §2: Start Free Trial opens the registration view: sign-up first, Back to Home, 'Registration Error'.
  const registering = new URLSearchParams(location.search).get(REGISTER_PARAM) === '1';

  const [mode, setMode] = useState<Mode>(registering ? 'signUp' : 'signIn');
  const [values, setValues] = useState<LoginValues>({ email: verification.email, password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signUp, setSignUp] = useState<SignUpValues>(() => emptySignUpValues());
  const [signUpErrors, setSignUpErrors] = useState<FieldErrors>({});
  const [signUpFailure, setSignUpFailure] = useState('');
  const [resending, setResending] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  // A Google round trip that came back signed out has nothing left to finish.
  useEffect(() => {
    if (state.status === 'signedOut') clearGoogleCallback();
  }, [state.status]);
  useEffect(() => {
    if (registering) preloadCommonPasswords();
  }, [registering]);
  // The other views (sign-up, forgot password, two-factor) load when the visitor starts using the page.
  useEffect(() => onFirstInteraction(() => void preloadLoginViews().catch(() => undefined)), []);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'signedIn' && !busy) return <GoOn nav={nav} to={target} />;

  const switchMode = (next: Mode) => {
    // S1 §2: switching modes clears errors.
    setErrors({});
    setFormError(null);
    setSignUpErrors({});
    setCodeError(null);
    google.clearNote();
    // The common-password list is loaded on the sign-up screen only (its own chunk).
    if (next === 'signUp') preloadCommonPasswords();
    setMode(next);
  };

  const onChange = (field: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSignUpChange = <K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) => {
    setSignUp((v) => ({ ...v, [field]: value }));
    const key = field === 'countryIso' ? 'countryCode' : field;
    setSignUpErrors((e) => {
      if (!(key in e) && !(field === 'countryIso' && 'phone' in e)) return e;
      const rest = { ...e };
      delete rest[key];
      if (field === 'countryIso') delete rest.phone;
      return rest;
    });
  };

  const onSubmit = async () => {
    const found = validateLogin(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const { config } = await ready();
    const outcome = await signInWithEmail(values.email.trim(), values.password, config.authFlowType);
    if (!outcome.ok && 'next' in outcome) {
      // Two-factor sign-in is on for this account: the code step answers the challenge.
      setBusy(false);
      setCodeError(null);
      setMode('totpCode');
      return;
    }
    await finishSignIn(outcome, setFormError);
  };

  const onTotpCode = async (code: string) => {
    setCodeError(null);
    setBusy(true);
    await finishSignIn(await confirmTotpSignIn(code), setCodeError);
  };

  /** After Cognito's last answer: the session, the toast and the way on, as for every e-mail sign-in. */
  const finishSignIn = async (outcome: SignInOutcome, showError: (message: string) => void) => {
    if (!outcome.ok) {
      showError('message' in outcome ? outcome.message : MOBILE_ERROR_MESSAGES.default);
      setBusy(false);
      return;
    }
    const next = await refresh();
    setBusy(false);
    if (next.status !== 'signedIn') {
      showError(MOBILE_ERROR_MESSAGES.default);
      return;
    }
    toast.success(tr(loginPageText.success));
    navigate(target, { replace: true });
  };

  const onSignUp = async () => {
    // The account form is shown, so its module is loaded.
    const views = loadedLoginViews();
    if (!views) return;
    const result = views.validateSignUp(signUp);
    if (!result.valid) {
      setSignUpErrors(result.errors);
      toast.error(tr(ACCOUNT_MESSAGES.submitInvalid));
      return;
    }
    setSignUpErrors({});
    setBusy(true);
    const [{ callApi }, { commonPasswordError, signUpWithEmail }] = await Promise.all([ready(), signUpModule()]);
    const common = await commonPasswordError(result.data.password);
    if (common) {
      setBusy(false);
      setSignUpErrors({ password: common });
      return;
    }
    const outcome = await signUpWithEmail(callApi, result.data);
    setBusy(false);
    if (!outcome.ok) {
      // A password rule belongs under the password field; any other refusal is the 'Almost There!' card.
      if (outcome.field === 'password') {
        setSignUpErrors({ password: outcome.message });
        return;
      }
      setSignUpFailure(outcome.message);
      setMode('signUpFailed');
      return;
    }
    setSignUp((v) => ({ ...v, email: result.data.email, password: '' }));
    setMode('signUpDone');
  };

  const resend = async (email: string) => {
    setResending(true);
    const [, { resendVerification }] = await Promise.all([ready(), signUpModule()]);
    const outcome = await resendVerification(email);
    setResending(false);
    if (outcome.ok) toast.success(tr(signUpMessages.resent));
    else toast.error(tr(outcome.message));
  };

  const backToLogin = (email?: string) => {
    if (email) setValues((v) => ({ ...v, email }));
    switchMode('signIn');
  };

  const view = (title: string, body: ReactNode) => (
    <Container header={<Header variant="h1">{tr(title)}</Header>}>{body}</Container>
  );

  /** The views other than sign-in, from their own module (login-views.tsx). */
  const otherView = (views: LoginViews): ReactNode => {
    switch (mode) {
      case 'signUp':
        return view(
          views.signUpText.title,
          <views.SignUpForm
            values={signUp}
            errors={signUpErrors}
            busy={busy}
            googleBusy={google.busy}
            googleNote={google.note}
            onChange={onSignUpChange}
            onSubmit={() => void onSignUp()}
            onGoogle={google.start}
            onBack={() => backToLogin()}
          />,
        );
      case 'signUpFailed':
        return view(
          views.signUpText.title,
          <views.SignUpErrorCard
            title={registering ? loginPageText.registrationError : undefined}
            message={signUpFailure}
            onTryAgain={() => setMode('signUp')}
            onBack={() => backToLogin()}
          />,
        );
      case 'signUpDone':
        return view(
          views.signUpResultText.successTitle,
          <views.SignUpSuccess
            email={signUp.email}
            resending={resending}
            onResend={() => void resend(signUp.email)}
            onBack={() => backToLogin(signUp.email)}
          />,
        );
      case 'totpCode':
        return view(
          views.totpStepText.title,
          <views.TotpCodeStep
            error={codeError}
            busy={busy}
            onSubmit={(code) => void onTotpCode(code)}
            onBack={() => backToLogin()}
          />,
        );
      default:
        return view(
          views.forgotPasswordText.title,
          <views.ForgotPassword initialEmail={values.email} onBack={(email) => backToLogin(email)} />,
        );
    }
  };

  const content =
    mode === 'signIn' ? (
      view(
        loginPageText.signInTitle,
        <SpaceBetween size="l">
          <VerificationNotice
            state={verification.state}
            resending={resending}
            onResend={() => void resend(verification.email)}
          />
          <LoginForm
            values={values}
            errors={errors}
            formError={formError}
            busy={busy}
            googleBusy={google.busy}
            googleNote={google.note}
            onChange={onChange}
            onSubmit={() => void onSubmit()}
            onGoogle={google.start}
            onCreateAccount={() => switchMode('signUp')}
            onForgotPassword={() => switchMode('forgot')}
          />
        </SpaceBetween>,
      )
    ) : (
      <LoginViewsBoundary>
        <Suspense
          fallback={
            <Container>{<StatusIndicator type="loading">{tr(loginPageText.loading)}</StatusIndicator>}</Container>
          }
        >
          <WithLoginViews>{otherView}</WithLoginViews>
        </Suspense>
      </LoginViewsBoundary>
    );

  return (
    <LoginLangContext.Provider value={lang}>
      <div lang={lang} dir={lang === 'he' ? 'rtl' : 'ltr'}>
        <PublicFrame link={nav.Link} narrow>
          {registering && (
            <Box margin={{ bottom: 's' }}>
              {/* A full load: the landing page is prerendered, and leaving clears every error (S3 §2). */}
              <Button variant="link" iconName="arrow-left" href={localHref('/', lang)}>
                {tr(loginPageText.backToHome)}
              </Button>
            </Box>
          )}
          {content}
          {google.termsOpen && (
            <Suspense fallback={null}>
              <GoogleTermsDialog visible busy={google.busy} onAccept={google.accept} onCancel={google.cancel} />
            </Suspense>
          )}
        </PublicFrame>
      </div>
    </LoginLangContext.Provider>
  );
}
