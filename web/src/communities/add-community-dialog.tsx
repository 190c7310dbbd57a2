import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { DIALOG_RESET_DELAY_MS, nextStepAfterConnect, type ConnectGroupResult } from '@kehila/shared';
import { routes } from '../api/routes';
import { ApiRequestError } from '../api/client';
import { serverMessage } from '../api/api-error';
import { useCallApi } from '../api/use-call-api';
import { useToast } from '../components/toast/use-toast';
import { BotNumber, InstructionSteps, SupportContact } from './connect/bot-instructions';
import { ConnectCode } from './connect/connect-code';
import { connectText } from './connect/connect-text';
import { useGroupVerification } from './connect/use-group-verification';
import { GroupIdForm } from './connect/group-id-form';
import { communityText as T } from './community-text';
import { useCurrentCommunity } from './current-community';
import { CommunityInfoForm } from './info/community-info-form';
import { markSetupSkipped } from './setup/setup-skip';
import { useCommunity } from './use-community';

type Step = 'instructions' | 'groupId' | 'metadata' | 'success';

/**
 * The failure text of adding a community (S1 §8): the server's message, else 'Failed to add
 * community', else 'An unexpected error occurred'; without a session, 'User not authenticated'.
 */
export function addCommunityError(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'unauthenticated') return T.notAuthenticated;
  if (error instanceof ApiRequestError) return serverMessage(error) ?? T.addFailed;
  return T.unexpected;
}

function MetadataStep({ communityId, onDone }: { communityId: string; onDone: (skipped: boolean) => void }) {
  const community = useCommunity(communityId);
  if (community.isPending) return <StatusIndicator type="loading">{T.dialogSteps.metadata}</StatusIndicator>;
  return (
    <CommunityInfoForm
      community={community.data ?? null}
      onSaved={() => onDone(false)}
      secondaryActions={<Button onClick={() => onDone(true)}>{T.skip}</Button>}
    />
  );
}

/**
 * The Add Community dialog (S1 §2): instructions (bot number, copyable, the user's connect code and
 * the support contact), group-id entry (filled in once the bot has seen the code in the group), then
 * success; with the community information step in between when the server says needs_metadata for
 * an admin (S1 §4). The server adds only a group the user's own verification saw. Closing resets it
 * after 300 ms.
 */
export function AddCommunityDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const callApi = useCallApi();
  const toast = useToast();
  const { refresh, select } = useCurrentCommunity();
  const [step, setStep] = useState<Step>('instructions');
  const [result, setResult] = useState<ConnectGroupResult | null>(null);
  const [skipped, setSkipped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Kept in the page while open and for the 300 ms after closing (its closing animation), then dropped.
  const [mounted, setMounted] = useState(visible);
  if (visible && !mounted) setMounted(true);
  const verification = useGroupVerification(null);
  const { connection, open: openVerification, reset: resetVerification } = verification;
  const needsCode = visible && !connection && !verification.opening && !verification.openError;

  // Each time the dialog opens, a code for this user's WhatsApp (the profile's number).
  useEffect(() => {
    if (needsCode) openVerification();
  }, [needsCode, openVerification]);

  const add = useMutation({
    mutationFn: (groupId: string) => callApi(routes.addCommunity, { body: { group_id: groupId } }),
    onSuccess: (res) => {
      toast.success(res.message || T.added);
      setResult(res);
      setError(null);
      void refresh();
      setStep(nextStepAfterConnect(res) === 'metadata' ? 'metadata' : 'success');
    },
    onError: (err) => setError(addCommunityError(err)),
  });
  const { reset: resetMutation } = add;

  // S1 §2, §9: the dialog starts over 300 ms after it closes (after its closing animation).
  useEffect(() => {
    if (visible) return;
    const timer = setTimeout(() => {
      setMounted(false);
      setStep('instructions');
      setResult(null);
      setSkipped(false);
      setError(null);
      resetMutation();
      resetVerification();
    }, DIALOG_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [visible, resetMutation, resetVerification]);

  // The new community becomes the selection when the dialog closes: selecting it earlier would put the
  // metadata guard's setup screen in front of the dialog.
  const close = () => {
    if (result) select(result.community_id);
    onClose();
  };

  const stepNumber = step === 'instructions' ? 1 : step === 'success' ? 3 : 2;
  const codePanel = (
    <ConnectCode
      connection={connection}
      onNewCode={openVerification}
      busy={verification.opening}
      error={verification.openError}
    />
  );

  let body;
  let footer = null;
  switch (step) {
    case 'instructions':
      body = (
        <SpaceBetween size="m">
          <Box>{T.dialogIntro}</Box>
          <InstructionSteps />
          <BotNumber />
          {codePanel}
          <SupportContact />
        </SpaceBetween>
      );
      footer = (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="link" onClick={close}>
            {T.cancel}
          </Button>
          <Button variant="primary" onClick={() => setStep('groupId')}>
            {T.next}
          </Button>
        </SpaceBetween>
      );
      break;
    case 'groupId':
      body = (
        <SpaceBetween size="m">
          {error && <Alert type="error">{error}</Alert>}
          {codePanel}
          {connection?.status === 'pending' && (
            <StatusIndicator type="loading">{connectText.codeWaiting}</StatusIndicator>
          )}
          <GroupIdForm
            submitLabel={T.addCommunity}
            busy={add.isPending}
            onSubmit={(groupId) => add.mutate(groupId)}
            secondary={<Button onClick={() => setStep('instructions')}>{T.back}</Button>}
            suggested={connection?.group_id ?? null}
          />
          <SupportContact />
        </SpaceBetween>
      );
      break;
    case 'metadata':
      body = result ? (
        <MetadataStep
          communityId={result.community_id}
          onDone={(wasSkipped) => {
            // Skipped here means "later, in Settings" (S1 §4): the setup screen does not come back at once.
            if (wasSkipped) markSetupSkipped(result.community_id);
            setSkipped(wasSkipped);
            setStep('success');
          }}
        />
      ) : null;
      break;
    default:
      body = (
        <SpaceBetween size="s">
          <StatusIndicator type="success">{result?.message || T.added}</StatusIndicator>
          <Box>{T.addedBody}</Box>
          {skipped && <Box color="text-body-secondary">{T.skipped}</Box>}
        </SpaceBetween>
      );
      footer = (
        <Button variant="primary" onClick={close}>
          {T.done}
        </Button>
      );
  }

  const stepLabel = T.dialogSteps[step];
  if (!mounted) return null;

  return (
    <Modal
      visible={visible}
      onDismiss={close}
      closeAriaLabel={T.close}
      size={step === 'metadata' ? 'large' : 'medium'}
      header={T.dialogTitle}
      footer={footer ? <Box float="right">{footer}</Box> : undefined}
    >
      <SpaceBetween size="m">
        <Box color="text-body-secondary" fontSize="body-s">
          {`Step ${stepNumber} of 3 · ${stepLabel}`}
        </Box>
        {body}
      </SpaceBetween>
    </Modal>
  );
}
