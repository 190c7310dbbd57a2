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
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { useAuth } from '../../auth/use-auth';
import { useMe } from '../../auth/use-me';
import { useSignOut } from '../../auth/use-sign-out';
import { useDataJob } from './use-data-job';
import { ExportPanel } from './your-data';
import { yourAccountText as T } from './your-data-text';

/**
 * Deleting one's own account: the e-mail typed exactly as shown, then the job's progress and its
 * deletion report; closing signs out. The server refuses a workspace owner (409), shown as it says.
 */
function AccountDeletion({ email }: { email: string }) {
  const callApi = useCallApi();
  const { signOut } = useSignOut();
  const { state } = useAuth();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const start = useMutation({
    mutationFn: () => callApi(routes.startAccountDeletion, { body: { confirm_email: typed } }),
  });
  const job = useDataJob(start.data?.id ?? null).data ?? start.data;
  const running = job !== undefined && job.status !== 'done' && job.status !== 'failed';
  const done = job?.status === 'done';
  const leave = () => void signOut(state.status === 'signedIn' ? (state.user.email ?? email) : email);
  const close = () => {
    if (running) return;
    if (done) leave();
    else setOpen(false);
  };
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();
  return (
    <SpaceBetween size="s">
      <Box variant="h3">{T.deleteHeading}</Box>
      <Box color="text-body-secondary">{T.deleteBody}</Box>
      <Box color="text-body-secondary" fontSize="body-s">
        {T.ownerNote}
      </Box>
      <Button onClick={() => setOpen(true)}>{T.deleteStart}</Button>
      {open && (
        <Modal
          visible
          onDismiss={close}
          header={T.deleteTitle}
          footer={
            <Box float="right">
              {done ? (
                <Button variant="primary" onClick={leave}>
                  {T.signOut}
                </Button>
              ) : (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="link" disabled={running} onClick={close}>
                    {T.cancel}
                  </Button>
                  <Button
                    variant="primary"
                    disabled={!matches || running}
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
            {done ? (
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
                <FormField label={T.deleteConfirmLabel(email)}>
                  <Input
                    type="email"
                    value={typed}
                    onChange={({ detail }) => setTyped(detail.value)}
                    autoComplete={false}
                    nativeInputAttributes={{ dir: 'ltr' }}
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
 * The Settings 'Your account' card (GDPR Art. 15, 17, 20; docs/data-rights.md): any signed-in user
 * downloads their own data or deletes their own account. Apart from the community's 'Your data'
 * card: this one is about the person, whatever community is selected.
 */
export function YourAccount() {
  const callApi = useCallApi();
  const me = useMe().data;
  return (
    <Container
      header={
        <Header variant="h2" description={T.description}>
          {T.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ExportPanel start={() => callApi(routes.startAccountExport, {})} texts={T} />
        {me && <AccountDeletion email={me.email} />}
      </SpaceBetween>
    </Container>
  );
}
