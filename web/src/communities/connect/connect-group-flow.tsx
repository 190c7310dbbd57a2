import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { nextStepAfterConnect, type ConnectGroupResult } from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { paths } from '../../navigation/paths';
import { useToast } from '../../components/toast/use-toast';
import { communityText as T } from '../community-text';
import { useCurrentCommunity } from '../current-community';
import { CommunityInfoForm } from '../info/community-info-form';
import { markSetupSkipped } from '../setup/setup-skip';
import { useCommunity } from '../use-community';
import { BotInstructions } from './bot-instructions';
import { ConnectCode } from './connect-code';
import { connectText } from './connect-text';
import { GroupIdForm } from './group-id-form';
import { useGroupVerification } from './use-group-verification';

type Step = 'connect' | 'metadata' | 'complete';

function StepLabels({ current }: { current: 0 | 1 }) {
  return (
    <SpaceBetween size="l" direction="horizontal">
      {T.connectSteps.map((label, i) => (
        <Box
          key={label}
          fontWeight={i === current ? 'bold' : 'normal'}
          color={i === current ? 'text-status-info' : 'text-body-secondary'}
        >
          <span aria-current={i === current ? 'step' : undefined}>{label}</span>
        </Box>
      ))}
    </SpaceBetween>
  );
}

function MetadataStep({ communityId, onDone }: { communityId: string; onDone: (skipped: boolean) => void }) {
  const community = useCommunity(communityId);
  if (community.isPending) return <StatusIndicator type="loading">{T.connectSteps[1]}</StatusIndicator>;
  return (
    <CommunityInfoForm
      community={community.data ?? null}
      onSaved={() => onDone(false)}
      secondaryActions={<Button onClick={() => onDone(true)}>{T.skip}</Button>}
    />
  );
}

/**
 * The Settings connect-group flow (S2 §2.4, §4), shown alone while the selected community has no
 * group: '1 Connect Group' (instructions with the bot number and support e-mail, the user's connect
 * code, then the group id), '2 Community Info' only when the server says needs_metadata and the user
 * is Admin, then 'All Set!'. The bot connects the group as soon as it sees the code; the flow then
 * moves on by itself (the connect call, repeated for the same group, reads the result).
 */
export function ConnectGroupFlow({ communityId }: { communityId: string }) {
  const callApi = useCallApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { refresh } = useCurrentCommunity();
  const [step, setStep] = useState<Step>('connect');
  const [result, setResult] = useState<ConnectGroupResult | null>(null);
  const [skipped, setSkipped] = useState(false);

  const connect = useMutation({
    mutationFn: (groupId: string) =>
      callApi(routes.connectGroup, { params: { communityId }, body: { group_id: groupId } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      setResult(res);
      setStep(nextStepAfterConnect(res));
    },
    onError: (error) => toast.error(messageOr(error, T.connectFailed)),
  });

  const verification = useGroupVerification(communityId);
  const { connection, open: openVerification } = verification;
  const needsCode = !connection && !verification.opening && !verification.openError;
  useEffect(() => {
    if (needsCode) openVerification();
  }, [needsCode, openVerification]);

  // The bot saw the code and connected the group: the same call as the manual entry gives the next step.
  const verifiedGroup = connection?.status === 'connected' ? connection.group_id : null;
  const { mutate: connectMutate, isPending: connecting } = connect;
  const autoConnected = useRef<string | null>(null);
  useEffect(() => {
    if (!verifiedGroup || step !== 'connect' || connecting || autoConnected.current === verifiedGroup) return;
    autoConnected.current = verifiedGroup;
    connectMutate(verifiedGroup);
  }, [verifiedGroup, step, connecting, connectMutate]);

  const finish = async () => {
    // Refreshing shows the settings tabs (the community now has its group), so it waits until the user leaves.
    await refresh();
    navigate(paths.dashboard);
  };

  return (
    <Container header={<Header variant="h1">{T.connectHeading}</Header>}>
      <SpaceBetween size="l">
        {step !== 'complete' && <StepLabels current={step === 'connect' ? 0 : 1} />}
        {step === 'connect' && (
          <SpaceBetween size="l">
            <BotInstructions />
            <ConnectCode
              connection={connection}
              onNewCode={openVerification}
              busy={verification.opening}
              error={verification.openError}
            />
            {connection?.status === 'pending' && (
              <StatusIndicator type="loading">{connectText.codeWaiting}</StatusIndicator>
            )}
            <GroupIdForm
              submitLabel={T.connectGroup}
              busy={connect.isPending}
              onSubmit={(groupId) => connect.mutate(groupId)}
              suggested={verifiedGroup}
            />
          </SpaceBetween>
        )}
        {step === 'metadata' && result && (
          <MetadataStep
            communityId={result.community_id}
            onDone={(wasSkipped) => {
              // Skipped here means "later, in Settings" (S2 §4): the setup screen does not come back at once.
              if (wasSkipped) markSetupSkipped(result.community_id);
              setSkipped(wasSkipped);
              setStep('complete');
            }}
          />
        )}
        {step === 'complete' && (
          <SpaceBetween size="m">
            <Header variant="h2">{T.allSet}</Header>
            <Box>{T.allSetBody}</Box>
            {skipped && <Box color="text-body-secondary">{T.skipped}</Box>}
            <Box>
              <Button variant="primary" onClick={() => void finish()}>
                {T.goToDashboard}
              </Button>
            </Box>
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
}
