import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useMe } from '../../api/use-me';
import { useAuth } from '../../auth/use-auth';
import { useSignOut } from '../../auth/use-sign-out';
import { LoadingScreen } from '../loading-screen';
import { useToast } from '../toast/use-toast';
import { AppShell } from './app-shell';
import { CurrentCommunityProvider, useCurrentCommunity } from '../../communities/current-community';

/** S1 §8 "Profile query error". */
export const PROFILE_LOAD_FAILED = 'Failed to load your profile';

/**
 * The protected screens' layout: the shell around the current screen, named after the profile's username
 * (the e-mail until the profile arrives). Role, selector and trial banner arrive with later work.
 */
export default function ShellLayout() {
  return (
    <CurrentCommunityProvider>
      <ShellWithCommunity />
    </CurrentCommunityProvider>
  );
}

function ShellWithCommunity() {
  const { state } = useAuth();
  const me = useMe();
  const toast = useToast();
  const { signOut, signingOut } = useSignOut();
  const { community } = useCurrentCommunity();

  useEffect(() => {
    if (me.isError) toast.error(PROFILE_LOAD_FAILED);
  }, [me.isError, toast]);

  // The guard renders this only for a signed-in user; the fallback covers the moment of signing out.
  const user = state.status === 'signedIn' ? state.user : null;
  const userName = me.data?.profile?.username ?? user?.email ?? user?.username ?? '';

  return (
    <AppShell
      userName={userName}
      {...(community ? { role: community.role } : {})}
      signingOut={signingOut}
      onSignOut={() => void signOut(userName)}
    >
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
