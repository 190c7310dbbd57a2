import { useEffect, useRef, useState } from 'react';
import type { VerifyOutcome } from '../../auth/sign-up';
import { signUpMessages } from '../../auth/sign-up-messages';
import { useSessionReady } from '../../app/use-session-ready';
import { useLoginNav } from './login-nav';

/** The verification link's state on /login: none, verifying, or its outcome. */
export type VerificationState = { readonly status: 'none' | 'verifying' } | VerifyOutcome;

/**
 * Reads /login?verify=<code>&email=<email> (the link of the verification e-mail), confirms the account
 * once, and takes the code out of the address (the e-mail stays, to prefill sign-in). `?email=` alone
 * only prefills.
 */
export function useEmailVerification(): { state: VerificationState; email: string } {
  const { address: location, navigate } = useLoginNav();
  const ready = useSessionReady();
  const params = new URLSearchParams(location.search);
  const code = params.get('verify');
  const email = params.get('email') ?? '';
  const [state, setState] = useState<VerificationState>(() => {
    if (!code) return { status: 'none' };
    // A link without its address cannot confirm anything.
    if (!email) return { status: 'failed', message: signUpMessages.linkInvalid, canResend: false };
    return { status: 'verifying' };
  });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!code || !email || started.current === code) return;
    started.current = code;
    setState({ status: 'verifying' });
    void ready()
      .then(() => import('../../auth/sign-up'))
      .then(({ verifyEmail }) => verifyEmail(email, code))
      .then(setState);
    navigate(`${location.pathname}?email=${encodeURIComponent(email)}`, { replace: true, state: location.state });
  }, [code, email, navigate, ready, location.pathname, location.state]);

  return { state, email: email || '' };
}
