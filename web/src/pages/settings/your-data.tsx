import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useAuth } from '../../auth/use-auth';
import { useCurrentCommunity } from '../../communities/current-community';
import { useCommunity } from '../../communities/use-community';
import { DeletionPanel, ExportPanel } from './data-panels';
import { yourDataText as T } from './your-data-text';

function CommunityExport({ communityId }: { communityId: string }) {
  const callApi = useCallApi();
  return <ExportPanel start={() => callApi(routes.startCommunityExport, { params: { communityId } })} texts={T} />;
}

function CommunityDeletion({ communityId, name }: { communityId: string; name: string }) {
  const callApi = useCallApi();
  const { clear, refresh } = useCurrentCommunity();
  return (
    <DeletionPanel
      start={(typed) =>
        callApi(routes.startCommunityDeletion, { params: { communityId }, body: { confirm_name: typed } })
      }
      texts={T}
      confirmLabel={T.deleteConfirmLabel(name)}
      confirms={(typed) => typed.trim() === name.trim()}
      inputDir="auto"
      doneText={T.close}
      onDone={() => {
        clear();
        void refresh();
      }}
    />
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
