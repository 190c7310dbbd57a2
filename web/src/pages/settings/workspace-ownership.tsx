import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { SETTINGS_MESSAGES, type Ownership } from '@kehila/shared';
import { messageOr } from '../../api/api-error';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useCurrentCommunity } from '../../communities/current-community';
import { useToast } from '../../components/toast/use-toast';
import { themeQueryKey } from '../../theme/theme-query';
import { ownershipQueryKey, useOwnership } from './use-ownership';
import { settingsText as T } from './settings-text';

/** The owner's name as others see it: their name, else their e-mail, else 'an admin'. */
export function ownerName(ownership: Ownership | undefined): string {
  const o = ownership?.owner;
  return o?.owner_name || o?.owner_email || T.unknownOwner;
}

/** The Workspace Ownership explanation card (S2 §2.4): what the owner may do, and who it is. */
export function OwnershipExplanation({ communityId }: { communityId: string }) {
  const ownership = useOwnership(communityId);
  return (
    <Container header={<Header variant="h2">{T.ownershipTitle}</Header>}>
      <SpaceBetween size="s">
        <Box>{T.ownershipExplained}</Box>
        {ownership.isPending ? (
          <StatusIndicator type="loading">{T.ownershipTitle}</StatusIndicator>
        ) : ownership.data?.is_owner ? (
          <StatusIndicator type="success">{T.youAreOwner}</StatusIndicator>
        ) : ownership.data?.owner ? (
          <Box fontWeight="bold">
            <span dir="auto">{T.workspaceOwner(ownerName(ownership.data))}</span>
          </Box>
        ) : (
          <Box color="text-body-secondary">{T.noOwner}</Box>
        )}
      </SpaceBetween>
    </Container>
  );
}

/**
 * The Workspace Ownership transfer card (S2 §2.4, §5, §6): the owner picks another admin ('Please
 * select an admin to transfer ownership to' without one) and confirms with the spec's question; with
 * no other admin, a notice says to add more admins first. Other admins see who owns it; members are
 * told to contact the owner. After a transfer the owner's abilities are gone on the server; the
 * screen reloads what depends on them.
 */
export function OwnershipTransfer({ communityId, role }: { communityId: string; role: 'Admin' | 'Member' }) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refresh } = useCurrentCommunity();
  const ownership = useOwnership(communityId);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const transfer = useMutation({
    mutationFn: (newOwnerId: string) =>
      callApi(routes.transferOwnership, { params: { communityId }, body: { new_owner_id: newOwnerId } }),
    onSuccess: async () => {
      setConfirming(false);
      setSelected(null);
      toast.success(T.transferred);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownershipQueryKey(communityId) }),
        queryClient.invalidateQueries({ queryKey: themeQueryKey(communityId) }),
        refresh(),
      ]);
    },
    onError: (err) => {
      setConfirming(false);
      toast.error(messageOr(err, T.transferFailed));
    },
  });

  const data = ownership.data;
  const header = <Header variant="h2">{T.transferTitle}</Header>;
  if (!data) {
    return (
      <Container header={header}>
        <StatusIndicator type={ownership.isError ? 'error' : 'loading'}>{T.transferTitle}</StatusIndicator>
      </Container>
    );
  }
  if (!data.is_owner) {
    return (
      <Container header={header}>
        <SpaceBetween size="xs">
          <Box fontWeight="bold">
            <span dir="auto">{T.workspaceOwner(ownerName(data))}</span>
          </Box>
          <Box color="text-body-secondary">
            {role === 'Admin' ? T.onlyOwnerTransfers : T.contactOwner(ownerName(data))}
          </Box>
        </SpaceBetween>
      </Container>
    );
  }

  const candidates = data.admins.filter((a) => !a.is_workspace_owner);
  const options = candidates.map((a) => ({
    value: a.admin_id,
    label: a.admin_name || a.admin_email || a.admin_id,
    ...(a.admin_name && a.admin_email ? { description: a.admin_email } : {}),
  }));
  const chosen = options.find((o) => o.value === selected) ?? null;

  return (
    <Container header={header}>
      {candidates.length === 0 ? (
        <Alert type="info">{T.addAdminsFirst}</Alert>
      ) : (
        <SpaceBetween size="m">
          <Box>{T.transferIntro}</Box>
          <FormField label={T.newOwner} errorText={error ?? undefined}>
            <Select
              selectedOption={chosen}
              options={options}
              placeholder={T.chooseAdmin}
              onChange={({ detail }) => {
                setSelected(detail.selectedOption.value ?? null);
                setError(null);
              }}
            />
          </FormField>
          <Button
            onClick={() => {
              if (!selected) return setError(SETTINGS_MESSAGES.selectAdmin);
              setConfirming(true);
            }}
          >
            {T.transfer}
          </Button>
        </SpaceBetween>
      )}
      {confirming && selected && (
        <Modal
          visible
          onDismiss={() => setConfirming(false)}
          header={T.transferConfirmTitle}
          footer={
            <Box float="right">
              <SpaceBetween size="xs" direction="horizontal">
                <Button variant="link" onClick={() => setConfirming(false)}>
                  {T.cancel}
                </Button>
                <Button variant="primary" loading={transfer.isPending} onClick={() => transfer.mutate(selected)}>
                  {T.confirm}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {SETTINGS_MESSAGES.transferConfirm}
        </Modal>
      )}
    </Container>
  );
}
