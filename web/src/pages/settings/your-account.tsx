import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useAuth } from '../../auth/use-auth';
import { useMe } from '../../auth/use-me';
import { useSignOut } from '../../auth/use-sign-out';
import { DeletionPanel, ExportPanel } from './data-panels';
import { yourAccountText as T } from './your-data-text';

/**
 * Deleting one's own account: the e-mail typed exactly as shown, then the job's progress and its
 * deletion report; closing signs out. The server refuses a workspace owner (409), shown as it says.
 */
function AccountDeletion({ email }: { email: string }) {
  const callApi = useCallApi();
  const { signOut } = useSignOut();
  const { state } = useAuth();
  return (
    <DeletionPanel
      start={(typed) => callApi(routes.startAccountDeletion, { body: { confirm_email: typed } })}
      texts={T}
      note={T.ownerNote}
      confirmLabel={T.deleteConfirmLabel(email)}
      confirms={(typed) => typed.trim().toLowerCase() === email.trim().toLowerCase()}
      inputType="email"
      inputDir="ltr"
      doneText={T.signOut}
      onDone={() => void signOut(state.status === 'signedIn' ? (state.user.email ?? email) : email)}
    />
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
