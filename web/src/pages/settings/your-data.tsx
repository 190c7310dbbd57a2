import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DataJob } from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { useAuth } from '../../auth/use-auth';
import { useCurrentCommunity } from '../../communities/current-community';
import { useCommunity } from '../../communities/use-community';
import { useDataJob } from './use-data-job';
import { yourDataText as T } from './your-data-text';

/** The texts an export panel shows (the community's or the account's). */
export type ExportTexts = Readonly<
  Record<
    | 'exportHeading'
    | 'exportBody'
    | 'exportStart'
    | 'exportPreparing'
    | 'exportReady'
    | 'exportLink'
    | 'exportLinkNote'
    | 'exportFailed',
    string
  >
>;

/** Starts an export, shows its progress, then the link to its zip (a community's or the caller's own). */
export function ExportPanel({ start: startJob, texts }: { start: () => Promise<DataJob>; texts: ExportTexts }) {
  const start = useMutation({ mutationFn: startJob });
  const job = useDataJob(start.data?.id ?? null).data ?? start.data;
  return (
    <SpaceBetween size="s">
      <Box variant="h3">{texts.exportHeading}</Box>
      <Box color="text-body-secondary">{texts.exportBody}</Box>
      {start.isError && <Alert type="error">{messageOr(start.error, texts.exportFailed)}</Alert>}
      {job?.status === 'failed' && <Alert type="error">{job.error ?? texts.exportFailed}</Alert>}
      {job && job.status !== 'done' && job.status !== 'failed' && (
        <ProgressBar value={job.progress} label={texts.exportPreparing} />
      )}
      {job?.status === 'done' && job.download_url && (
        <Alert type="success" header={texts.exportReady}>
          <SpaceBetween size="xxs">
            <Button href={job.download_url} download iconName="download" variant="primary">
              {texts.exportLink}
            </Button>
            <Box fontSize="body-s" color="text-body-secondary">
              {texts.exportLinkNote}
            </Box>
          </SpaceBetween>
        </Alert>
      )}
      <Button
        iconName="download"
        loading={start.isPending || (job !== undefined && job.status !== 'done' && job.status !== 'failed')}
        onClick={() => start.mutate()}
      >
        {texts.exportStart}
      </Button>
    </SpaceBetween>
  );
}

function CommunityExport({ communityId }: { communityId: string }) {
  const callApi = useCallApi();
  return <ExportPanel start={() => callApi(routes.startCommunityExport, { params: { communityId } })} texts={T} />;
}

function CommunityDeletion({ communityId, name }: { communityId: string; name: string }) {
  const callApi = useCallApi();
  const { clear, refresh } = useCurrentCommunity();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const start = useMutation({
    mutationFn: () =>
      callApi(routes.startCommunityDeletion, { params: { communityId }, body: { confirm_name: typed } }),
  });
  const job = useDataJob(start.data?.id ?? null).data ?? start.data;
  const running = job !== undefined && job.status !== 'done' && job.status !== 'failed';
  const close = () => {
    if (running) return;
    setOpen(false);
    if (job?.status === 'done') {
      clear();
      void refresh();
    }
  };
  return (
    <SpaceBetween size="s">
      <Box variant="h3">{T.deleteHeading}</Box>
      <Box color="text-body-secondary">{T.deleteBody}</Box>
      <Button onClick={() => setOpen(true)}>{T.deleteStart}</Button>
      {open && (
        <Modal
          visible
          onDismiss={close}
          header={T.deleteTitle}
          footer={
            <Box float="right">
              {job?.status === 'done' ? (
                <Button variant="primary" onClick={close}>
                  {T.close}
                </Button>
              ) : (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="link" disabled={running} onClick={close}>
                    {T.cancel}
                  </Button>
                  <Button
                    variant="primary"
                    disabled={typed.trim() !== name.trim() || running}
                    loading={start.isPending || running}
                    onClick={() => start.mutate()}
                  >
                    {T.deleteConfirm}
                  </Button>
                </SpaceBetween>
              )}
            </Box>
          }
        >
          <SpaceBetween size="m">
            {start.isError && <Alert type="error">{messageOr(start.error, T.deleteFailed)}</Alert>}
            {job?.status === 'failed' && <Alert type="error">{job.error ?? T.deleteFailed}</Alert>}
            {job?.status === 'done' ? (
              <Alert type="success" header={T.deleted}>
                <KeyValuePairs
                  ariaLabel={T.deletedReport}
                  columns={2}
                  items={Object.entries(job.counts).map(([store, count]) => ({ label: store, value: String(count) }))}
                />
              </Alert>
            ) : running ? (
              <ProgressBar value={job.progress} label={T.deleting} />
            ) : (
              <>
                <Box>{T.deleteBody}</Box>
                <FormField label={T.deleteConfirmLabel(name)}>
                  <Input
                    value={typed}
                    onChange={({ detail }) => setTyped(detail.value)}
                    nativeInputAttributes={{ dir: 'auto' }}
                  />
                </FormField>
              </>
            )}
          </SpaceBetween>
        </Modal>
      )}
    </SpaceBetween>
  );
}

/**
 * The Settings 'Your data' card (GDPR Art. 15, 17, 20; docs/data-rights.md): the workspace owner
 * downloads the selected community's data or deletes the community. The server decides who may;
 * others read who can.
 */
export function YourData() {
  const { community } = useCurrentCommunity();
  const { state } = useAuth();
  const record = useCommunity(community?.community_id ?? null).data;
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  const isOwner = record !== undefined && userId !== null && record.owner_id === userId;
  return (
    <Container
      header={
        <Header variant="h2" description={T.description}>
          {T.title}
        </Header>
      }
    >
      {!community ? (
        <Box color="text-body-secondary">{T.noCommunity}</Box>
      ) : !isOwner ? (
        <Box color="text-body-secondary">{T.ownerOnly}</Box>
      ) : (
        <SpaceBetween size="l">
          <CommunityExport key={`export-${community.community_id}`} communityId={community.community_id} />
          <CommunityDeletion
            key={`delete-${community.community_id}`}
            communityId={community.community_id}
            name={community.display_name}
          />
        </SpaceBetween>
      )}
    </Container>
  );
}
