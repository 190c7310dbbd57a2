import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../navigation/paths';
import { isolate } from '../components/bidi';
import { useToast } from '../components/toast/use-toast';
import { useAuth } from './use-auth';

/** S1 §8 "Sign-out" texts. */
export const signOutText = {
  success: (username: string) => `Goodbye, ${isolate(username)}! Signed out successfully`,
  failure: 'Failed to sign out',
} as const;

/** Signs out with the S1 §8 toasts, then goes to /login. */
export function useSignOut(): { signOut: (username: string) => Promise<void>; signingOut: boolean } {
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(
    async (username: string) => {
      setSigningOut(true);
      try {
        await auth.signOut();
        toast.success(signOutText.success(username));
        navigate(paths.login, { replace: true });
      } catch {
        toast.error(signOutText.failure);
      } finally {
        setSigningOut(false);
      }
    },
    [auth, toast, navigate],
  );

  return { signOut, signingOut };
}
