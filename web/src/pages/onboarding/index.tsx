import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  ONBOARDING_REDIRECT_MS,
  ONBOARDING_STEPS,
  onboardingProgress,
  type Community,
  type OnboardingState,
  type OnboardingStep,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { useMe } from '../../auth/use-me';
import { paths } from '../../navigation/paths';
import { useSignOut } from '../../auth/use-sign-out';
import { useCurrentCommunity } from '../../communities/current-community';
import { CommunityInfoForm } from '../../communities/info/community-info-form';
import { communityInfoText } from '../../communities/info/community-info-text';
import { PublicPage } from '../../components/public-page';
import { ConnectStep } from './connect-step';
import { onboardingText as T } from './onboarding-text';
import { isConnected } from './use-connection-polling';

/**
 * /onboarding (S1 §2, §4): three steps with a progress bar (step / 3) — connect the WhatsApp group,
 * describe the community, complete (then /dashboard after 1 s). The user's community is reused or
 * created by the server when the page opens; signed-out visitors never get here (the auth guard).
 */
export default function OnboardingPage() {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const { select, refresh } = useCurrentCommunity();
  const { signOut, signingOut } = useSignOut();
  const [step, setStep] = useState<OnboardingStep>('whatsapp');
  const [state, setState] = useState<OnboardingState | null>(null);
  const started = useRef(false);

  const start = useMutation({
    mutationFn: () => callApi(routes.startOnboarding),
    onSuccess: (result) => {
      setState(result);
      // A community whose group is already connected goes straight to its details.
      if (isConnected(result)) setStep('metadata');
    },
  });
  const { mutate: begin } = start;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    begin();
  }, [begin]);

  /** Everything that shows the user's communities or setup must see the connection now. */
  const refreshAll = useCallback(async () => {
    await Promise.all([
      refresh(),
      queryClient.invalidateQueries({ queryKey: ['onboarding'] }),
      queryClient.invalidateQueries({ queryKey: ['me'] }),
    ]);
  }, [queryClient, refresh]);

  const onConnected = useCallback(
    (next: OnboardingState | null) => {
      if (next) setState(next);
      void refreshAll();
      setStep('metadata');
    },
    [refreshAll],
  );

  const onDetailsSaved = (community: Community) => {
    select(community.id);
    void refreshAll();
    setStep('complete');
  };

  useEffect(() => {
    if (step !== 'complete') return;
    const timer = setTimeout(() => navigate(paths.dashboard, { replace: true }), ONBOARDING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, navigate]);

  const stepNumber = ONBOARDING_STEPS.indexOf(step) + 1;
  const userName = me.data?.profile?.username ?? me.data?.email ?? '';

  let body;
  if (start.isError) {
    body = (
      <Alert
        type="error"
        header={messageOr(start.error, T.initFailed)}
        action={<Button onClick={() => begin()}>{T.tryAgain}</Button>}
      />
    );
  } else if (!state) {
    body = <StatusIndicator type="loading">{T.title}</StatusIndicator>;
  } else if (step === 'whatsapp') {
    body = <ConnectStep state={state} onConnected={onConnected} />;
  } else if (step === 'metadata') {
    body = (
      <SpaceBetween size="l">
        <Box>{T.detailsIntro}</Box>
        <CommunityInfoForm
          community={state.community}
          failureText={communityInfoText.saveFailedOnboarding}
          saveLabel={T.saveAndContinue}
          onSaved={onDetailsSaved}
        />
      </SpaceBetween>
    );
  } else {
    body = (
      <SpaceBetween size="s">
        <StatusIndicator type="success">{T.completeTitle}</StatusIndicator>
        <Box color="text-body-secondary">{T.completeBody}</Box>
      </SpaceBetween>
    );
  }

  return (
    <PublicPage>
      <SpaceBetween size="l">
        <Container header={<Header variant="h1">{T.title}</Header>}>
          <ProgressBar
            value={Math.round(onboardingProgress(step))}
            label={T.progress(stepNumber, ONBOARDING_STEPS.length)}
            additionalInfo={T.stepTitles[step]}
          />
        </Container>
        <Container header={<Header variant="h2">{T.stepTitles[step]}</Header>}>{body}</Container>
        <Box textAlign="center">
          <Button variant="link" loading={signingOut} onClick={() => void signOut(userName)}>
            {T.signOut}
          </Button>
        </Box>
      </SpaceBetween>
    </PublicPage>
  );
}
