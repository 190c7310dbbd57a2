import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { missingBasicFields, type Community } from '@kehila/shared';
import { useCommunity } from '../use-community';
import { CommunityInfoForm } from './community-info-form';
import { communityInfoText as T } from './community-info-text';

function show(value: string | null | undefined) {
  return value?.trim() ? <span dir="auto">{value}</span> : <Box color="text-body-secondary">{T.notSet}</Box>;
}

/** The read view of the community information (S1 §2). */
function ReadView({ community }: { community: Community }) {
  return (
    <KeyValuePairs
      columns={2}
      items={[
        { label: T.groupDescription, value: show(community.group_description) },
        { label: T.groupGoals, value: show(community.group_goals) },
        { label: T.adminName, value: show(community.admin_name) },
        { label: T.adminGender, value: show(community.admin_gender) },
        { label: T.groupLanguage, value: show(community.group_language) },
        { label: T.adminPhone, value: show(community.admin_phone) },
        {
          label: T.businessFocus,
          value: community.business_focus.length ? show(community.business_focus.join(', ')) : show(null),
        },
        { label: T.summaryDestination, value: T.destinations[community.summary_destination] },
        { label: T.weeklySummary, value: community.weekly_summary ? T.on : T.off },
        { label: T.dailySummary, value: community.daily_summary ? T.on : T.off },
        { label: T.meaningfulId, value: show(community.meaningful_id) },
        { label: T.memberOnboardingInfo, value: show(community.member_onboarding_info) },
        { label: T.groupRules, value: show(community.group_rules) },
        { label: T.pineCoinManagerId, value: show(community.pine_coin_manager_id) },
      ]}
    />
  );
}

/**
 * The community information card of Settings (S1 §2, §4): a loading state, then for admins the read
 * view with Edit (or Add Community Information when nothing was collected yet) and the edit form;
 * non-admins see 'Admin Access Required'.
 */
export function CommunityInfoCard({ communityId, role }: { communityId: string; role: 'Admin' | 'Member' }) {
  const query = useCommunity(communityId);
  const [editing, setEditing] = useState(false);
  const community = query.data ?? null;
  const isEmpty = community ? missingBasicFields(community).length > 0 && !community.metadata_collected_at : false;

  let body;
  let action = null;
  if (query.isPending) {
    body = <StatusIndicator type="loading">{T.loading}</StatusIndicator>;
  } else if (role !== 'Admin') {
    body = (
      <SpaceBetween size="xs">
        <Box variant="h3">
          <StatusIndicator type="warning">{T.adminRequired}</StatusIndicator>
        </Box>
        <Box>{T.adminRequiredBody}</Box>
      </SpaceBetween>
    );
  } else if (query.isError || !community) {
    // S1 §8 "Community load connection problem", with Try Again reloading the page.
    body = (
      <Alert
        type="error"
        header={T.loadFailedTitle}
        action={<Button onClick={() => window.location.reload()}>{T.tryAgain}</Button>}
      >
        {T.loadFailed}
      </Alert>
    );
  } else if (editing) {
    body = (
      <CommunityInfoForm
        key={community.updated_at}
        community={community}
        onSaved={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  } else {
    body = isEmpty ? <Box color="text-body-secondary">{T.emptyIntro}</Box> : <ReadView community={community} />;
    action = (
      <Button iconName={isEmpty ? 'add-plus' : 'edit'} onClick={() => setEditing(true)}>
        {isEmpty ? T.add : T.edit}
      </Button>
    );
  }

  return (
    <Container
      header={
        <Header variant="h2" actions={action}>
          {T.cardTitle}
        </Header>
      }
    >
      {body}
    </Container>
  );
}
