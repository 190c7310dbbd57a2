import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useMe } from '../../auth/use-me';
import { useAuth } from '../../auth/use-auth';
import { useSignOut } from '../../auth/use-sign-out';
import { TrialBanner } from '../../billing/trial-banner';
import { UpgradePrompt } from '../../billing/upgrade-prompt';
import { useFreePlanLink } from '../../billing/use-free-plan-link';
import { useTrialBanner } from '../../billing/use-trial-banner';
import { CommunitySelector } from '../../communities/community-selector';
import { useCurrentCommunity } from '../../communities/current-community';
import { MetadataGate } from '../../communities/setup/metadata-gate';
import { LoadingScreen } from '../../components/loading-screen';
import { CommunityThemeApplier } from '../../theme/community-theme';
import { CommunityLogo } from '../../theme/community-logo';
import { useCommunityTheme } from '../../theme/theme-query';
import { AppShell } from './app-shell';

/**
 * The protected screens' layout: the shell around the current screen, named after the profile's username
 * (the e-mail until the profile arrives), with the community selector and the trial banner in the header,
 * the user's role in the selected community, the community's theme and logo (S2 §2.4), and the metadata
 * guard (S1 §4) around the screen.
 */
export default function ShellLayout() {
  const { state } = useAuth();
  const me = useMe();
  const { signOut, signingOut } = useSignOut();
  const { community } = useCurrentCommunity();
  const banner = useTrialBanner();
  useFreePlanLink();
  const theme = useCommunityTheme(community?.community_id ?? null);
  const logoUrl = theme.data?.logo_url ?? null;

  // The guard renders this only for a signed-in user; the fallback covers the moment of signing out.
  const user = state.status === 'signedIn' ? state.user : null;
  const userName = me.data?.profile?.username ?? user?.email ?? user?.username ?? '';

  return (
    <AppShell
      userName={userName}
      {...(community ? { role: community.role } : {})}
      communitySelector={<CommunitySelector />}
      brandLogo={logoUrl && community ? <CommunityLogo url={logoUrl} name={community.display_name} /> : undefined}
      trialBanner={banner.warning ? <TrialBanner warning={banner.warning} onDismiss={banner.dismiss} /> : undefined}
      signingOut={signingOut}
      onSignOut={() => void signOut(userName)}
    >
      <CommunityThemeApplier communityId={community?.community_id ?? null} />
      <MetadataGate>
        <UpgradePrompt />
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </MetadataGate>
    </AppShell>
  );
}
