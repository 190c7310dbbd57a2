import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useCurrentCommunity } from '../../communities/current-community';
import { LoadingScreen } from '../../components/loading-screen';
import { GroupTab } from './group-tab';
import { InvitationsTab } from './invitations-tab';
import { MembersTab } from './members-tab';
import { MEMBERS_TEXTS as T } from './members-texts';
import { useInvitations, useMemberPage } from './use-members';

function AccessDenied({ error }: { error: string }) {
  const navigate = useNavigate();
  return (
    <Box textAlign="center" padding={{ vertical: 'xxl' }}>
      <SpaceBetween size="m">
        <Box variant="h1">{T.accessDenied}</Box>
        <Box>{T.noPermission}</Box>
        <Alert type="error">{error}</Alert>
        <Button onClick={() => navigate('/dashboard')}>{T.backToDashboard}</Button>
      </SpaceBetween>
    </Box>
  );
}

/** The members screen (/members, S3 §2): admins only; Members and Invitations tabs with counts, and the WhatsApp group view. */
export default function MembersPage() {
  const { communities, community, isLoading, select } = useCurrentCommunity();
  const adminOf = communities.filter((c) => c.role === 'Admin');
  // S3 §2: an admin whose selected community they do not administer is sent to one they do.
  useEffect(() => {
    if (community && community.role !== 'Admin' && adminOf[0]) select(adminOf[0].community_id);
  }, [community, adminOf, select]);
  if (isLoading) return <LoadingScreen />;
  if (!community) return <AccessDenied error={T.noCommunity} />;
  if (community.role !== 'Admin') {
    return adminOf.length ? <LoadingScreen /> : <AccessDenied error={T.noAdminAccess} />;
  }
  return <MembersWorkspace key={community.community_id} communityId={community.community_id} />;
}

function MembersWorkspace({ communityId }: { communityId: string }) {
  const [tab, setTab] = useState('members');
  const counts = useMemberPage(communityId, { page: 1, pageSize: 1, status: 'all', q: '' });
  const invites = useInvitations(communityId);
  if (counts.isPending) return <Box padding="l">{T.loading}</Box>;
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={T.subtitle}>
        {T.title}
      </Header>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        tabs={[
          {
            id: 'members',
            label: T.membersTab(counts.data?.counts.total ?? 0),
            content: <MembersTab communityId={communityId} />,
          },
          {
            id: 'invitations',
            label: T.invitationsTab(invites.data?.items.length ?? 0),
            content: <InvitationsTab communityId={communityId} invites={invites} />,
          },
          {
            id: 'group',
            label: T.groupTab,
            content: <GroupTab communityId={communityId} invites={invites} />,
          },
        ]}
      />
    </SpaceBetween>
  );
}
