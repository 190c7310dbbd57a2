import { Suspense, lazy, useState, type ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { guardCompletenessScore, metadataGuard } from '@kehila/shared';
import { LoadingScreen } from '../../components/loading-screen';
import { useToast } from '../../components/toast/use-toast';
import { useCurrentCommunity } from '../current-community';
import { useCommunity } from '../use-community';
import { metadataGateText as T } from './metadata-gate-text';
import { isSetupSkipped, markSetupSkipped } from './setup-skip';

// Most visits pass the guard: the setup form (and its form controls) loads only when it is shown.
const SetupScreen = lazy(() => import('./setup-screen').then((m) => ({ default: m.SetupScreen })));

/**
 * The metadata guard (S1 §4) around the shell's screens: members and users without a community pass;
 * an admin whose community lacks a basic field sees the setup screen until it is completed or skipped;
 * an admin below 100 % sees a yellow banner above the screen with Complete, which reopens the setup
 * screen. The community read behind it is cached for 5 minutes (saving the form refreshes it).
 */
export function MetadataGate({ children }: { children: ReactNode }) {
  const { community: selected } = useCurrentCommunity();
  const toast = useToast();
  // A community without its group gets the connect flow first (S2 §2.4), which asks for the information.
  const adminCommunityId = selected?.role === 'Admin' && selected.group_id ? selected.community_id : null;
  const info = useCommunity(adminCommunityId);
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [reopened, setReopened] = useState(false);

  if (adminCommunityId && info.isPending) return <LoadingScreen />;
  const community = info.data ?? null;
  // A failed read proves nothing about the information: the screen stays usable.
  if (!adminCommunityId || !community || info.isError) return <>{children}</>;

  const setupSkipped = skipped.has(community.id) || isSetupSkipped(community.id);
  const outcome = metadataGuard({ role: 'Admin', community, setupSkipped });

  if (outcome === 'setup' || (reopened && outcome === 'banner')) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SetupScreen
          key={community.id}
          community={community}
          onSkip={() => {
            markSetupSkipped(community.id);
            setSkipped((s) => new Set(s).add(community.id));
            setReopened(false);
            toast.info(T.skipTip);
          }}
          onSaved={() => setReopened(false)}
        />
      </Suspense>
    );
  }
  if (outcome === 'banner') {
    return (
      <>
        <Box margin={{ bottom: 'l' }}>
          <Alert type="warning" action={<Button onClick={() => setReopened(true)}>{T.bannerAction}</Button>}>
            {T.bannerText(guardCompletenessScore(community))}
          </Alert>
        </Box>
        {children}
      </>
    );
  }
  return <>{children}</>;
}
