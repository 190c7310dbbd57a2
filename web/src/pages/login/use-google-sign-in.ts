import { useState } from 'react';
import { GOOGLE_SIGN_IN_FAILED } from '../../auth/auth-provider';
import { readGoogleConsent, storeGoogleConsent } from '../../auth/google-consent';
import { startGoogleSignIn } from '../../auth/sign-in';
import { useToast } from '../../components/toast/use-toast';
import { useSessionReady } from '../../app/use-session-ready';
import { loginText } from './login-form';

/**
 * Google sign-in and sign-up (S1 §4): without an OAuth domain the button explains that Google needs a
 * deployment; otherwise the terms dialog shows unless a readable consent is stored, the consent is
 * stored (S1 §3 record), and the hosted-UI redirect starts.
 */
export function useGoogleSignIn(returnTo: string | null) {
  const ready = useSessionReady();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);

  const redirect = async () => {
    setBusy(true);
    try {
      await startGoogleSignIn(returnTo);
    } catch {
      setBusy(false);
      setTermsOpen(false);
      toast.error(GOOGLE_SIGN_IN_FAILED);
    }
  };

  return {
    busy,
    note,
    termsOpen,
    clearNote: () => setNote(null),
    start: () => {
      void ready().then(({ config }) => {
        if (!config.oauthDomain) {
          setNote(loginText.googleNotConfigured);
          return;
        }
        if (readGoogleConsent()) void redirect();
        else setTermsOpen(true);
      });
    },
    accept: () => {
      storeGoogleConsent();
      void redirect();
    },
    cancel: () => setTermsOpen(false),
  };
}
