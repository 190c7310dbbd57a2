import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  DEFAULT_DIRECTORY_LINK_EXPIRY_DAYS,
  DIRECTORY_ACTIVE_LINKS_SHOWN,
  DIRECTORY_LINK_EXPIRY_OPTIONS_DAYS,
  DIRECTORY_LINK_MESSAGES,
  type DirectoryLinkExpiry,
} from '@kehila/shared';
import { CopyButton } from '../../components/copy-button';
import { useToast } from '../../components/toast/use-toast';
import { MEMBERS_TEXTS as T } from './members-texts';
import { useDirectoryLinks, useMemberChanges } from './use-members';

/** The public address of a directory link. */
export const directoryUrl = (token: string) => `${window.location.origin}/directory/public/${token}`;

/** Share Member Directory (S3 §2): Create Link and up to 3 active links with their views. */
export function DirectoryLinksCard({ communityId }: { communityId: string }) {
  const toast = useToast();
  const links = useDirectoryLinks(communityId);
  const changes = useMemberChanges(communityId);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [days, setDays] = useState<DirectoryLinkExpiry>(DEFAULT_DIRECTORY_LINK_EXPIRY_DAYS);
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setCreating(false);
    setName('');
    setError(undefined);
  };
  const create = () => {
    if (!name.trim()) {
      setError(DIRECTORY_LINK_MESSAGES.linkNameRequired);
      return;
    }
    changes.createLink.mutate(
      { link_name: name.trim(), expires_in_days: days },
      { onSuccess: close, onError: () => toast.error(T.linkFailed) },
    );
  };
  const options = DIRECTORY_LINK_EXPIRY_OPTIONS_DAYS.map((d) => ({ value: String(d), label: T.days(d) }));
  const shown = (links.data?.items ?? []).slice(0, DIRECTORY_ACTIVE_LINKS_SHOWN);
  return (
    <Container
      header={
        <Header variant="h3" actions={<Button onClick={() => setCreating(true)}>{T.createLink}</Button>}>
          {T.shareDirectory}
        </Header>
      }
    >
      <SpaceBetween size="s">
        {shown.map((l) => (
          <SpaceBetween key={l.id} size="s" direction="horizontal" alignItems="center">
            <a href={directoryUrl(l.access_token)} target="_blank" rel="noreferrer" data-testid="directory-link-url">
              <b>{l.link_name}</b>
            </a>
            <Box color="text-body-secondary">
              {T.expires} {new Date(l.expires_at).toLocaleDateString()}
            </Box>
            <Box>
              {T.views}: {l.analytics.total_views}
            </Box>
            <Box>
              {T.uniqueVisitors}: {l.analytics.unique_visitors}
            </Box>
            <CopyButton text={directoryUrl(l.access_token)} label={T.copyLink} />
            <Button
              variant="inline-icon"
              iconName="remove"
              ariaLabel={T.delete}
              onClick={() => changes.deleteLink.mutate(l.id, { onError: () => toast.error(T.deleteLinkFailed) })}
            />
          </SpaceBetween>
        ))}
      </SpaceBetween>
      <Modal
        visible={creating}
        onDismiss={close}
        header={T.createShareableLink}
        footer={
          <Box float="right">
            <SpaceBetween size="xs" direction="horizontal">
              <Button onClick={close}>{T.cancel}</Button>
              <Button variant="primary" loading={changes.createLink.isPending} onClick={create}>
                {T.create}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <FormField label={T.linkName} errorText={error}>
            <Input
              value={name}
              onChange={({ detail }) => {
                setName(detail.value);
                setError(undefined);
              }}
            />
          </FormField>
          <FormField label={T.expiresIn}>
            <Select
              selectedOption={options.find((o) => o.value === String(days)) ?? null}
              options={options}
              onChange={({ detail }) => setDays(Number(detail.selectedOption.value) as DirectoryLinkExpiry)}
            />
          </FormField>
        </SpaceBetween>
      </Modal>
    </Container>
  );
}
