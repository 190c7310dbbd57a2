import { useCallback, useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { CONNECTED_CALLBACK_DELAY_MS, type OnboardingState } from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { BotInstructions } from '../../communities/connect/bot-instructions';
import { ConnectCode } from '../../communities/connect/connect-code';
import { useGroupVerification } from '../../communities/connect/use-group-verification';
import { GroupIdForm } from '../../communities/connect/group-id-form';
import { useToast } from '../../components/toast/use-toast';
import { onboardingText as T } from './onboarding-text';
import { isConnected, useConnectionPolling } from './use-connection-polling';

/**
 * Onboarding step 1 (S1 §2, §4): the Instructions toggle with the bot number, the user's connect code
 * (sent in the group from their WhatsApp; a new one when it expired or failed; a number asked for
 * when the profile has none), the pending connection polled every 3 s with the hints after 5 and 15
 * checks, and manual group-id entry as the alternative. Once connected: a success toast, then the
 * next step after 2 s.
 */
export function ConnectStep({
  state,
  onConnected,
}: {
  state: OnboardingState;
  onConnected: (state: OnboardingState | null) => void;
}) {
  const callApi = useCallApi();
  const toast = useToast();
  // The state that showed the connection (null after a manual connect): the step moves on 2 s later.
  const [done, setDone] = useState<{ next: OnboardingState | null } | null>(null);
  const connected = done !== null || isConnected(state);

  const finish = useCallback(
    (next: OnboardingState | null, message: string) => {
      toast.success(message);
      setDone({ next });
    },
    [toast],
  );

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onConnected(done.next), CONNECTED_CALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, onConnected]);

  const verification = useGroupVerification(state.community.id, { initial: state.connection, follow: false });
  const { connection, update } = verification;
  const onChecked = useCallback((polled: OnboardingState) => update(polled.connection), [update]);

  const waitingForBot = connection?.status === 'pending' && !connected;
  const { hint } = useConnectionPolling(waitingForBot, (next) => finish(next, T.connected), onChecked);

  const manual = useMutation({
    mutationFn: (groupId: string) =>
      callApi(routes.connectGroup, { params: { communityId: state.community.id }, body: { group_id: groupId } }),
    onSuccess: (result) => finish(null, result.message || T.connected),
    onError: (error) => toast.error(messageOr(error, T.connectFailed)),
  });

  return (
    <SpaceBetween size="l">
      <Box>{T.connectIntro}</Box>
      <BotInstructions />
      {connected ? (
        <StatusIndicator type="success">{T.connected}</StatusIndicator>
      ) : (
        <SpaceBetween size="s">
          {!connection && <Alert type="info">{T.noPhone}</Alert>}
          <ConnectCode
            connection={connection}
            onNewCode={verification.open}
            busy={verification.opening}
            error={verification.openError}
          />
          {waitingForBot && connection && (
            <SpaceBetween size="s">
              <StatusIndicator type="loading">{T.waiting}</StatusIndicator>
              <Box color="text-body-secondary" fontSize="body-s">
                {T.yourNumber(connection.admin_phone)} {T.detection}
              </Box>
              {hint === 'slow' && <Alert type="info">{T.hintSlow}</Alert>}
              {hint === 'stuck' && <Alert type="warning">{T.hintStuck}</Alert>}
            </SpaceBetween>
          )}
        </SpaceBetween>
      )}
      {!connected && (
        <SpaceBetween size="s">
          <Header variant="h3">{T.manualTitle}</Header>
          <GroupIdForm submitLabel={T.connectButton} busy={manual.isPending} onSubmit={(id) => manual.mutate(id)} />
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}
