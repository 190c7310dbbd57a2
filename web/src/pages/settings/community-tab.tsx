import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { communityDisplayLabel, needsNameBadge, type UserCommunity } from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { AddCommunityDialog } from '../../communities/add-community-dialog';
import { communityText as T } from '../../communities/community-text';
import { useCurrentCommunity } from '../../communities/current-community';
import { CommunityInfoCard } from '../../communities/info/community-info-card';
import { DeliverySettingsCard } from '../../communities/summaries/delivery-settings-card';
import { SummaryPromptManager } from '../../communities/summaries/summary-prompt-manager';
import { useToast } from '../../components/toast/use-toast';
import { CommunityNameEditor } from './community-name-editor';
import { OwnershipExplanation, OwnershipTransfer } from './workspace-ownership';
import styles from './settings.module.css';

/** One entry of the community list: display name, its label (S2 §4), Needs Name, role, active members, Leave. */
function CommunityRow({
  community,
  selected,
  onLeave,
}: {
  community: UserCommunity;
  selected: boolean;
  onLeave: () => void;
}) {
  const source = { name: community.community_name, meaningful_id: community.meaningful_id };
  return (
    <li className={styles.communityRow}>
      <div className={styles.communityMain}>
        <SpaceBetween size="xxs">
          <SpaceBetween size="xs" direction="horizontal" alignItems="center">
            <CommunityNameEditor community={community} />
            <Badge color="grey">{communityDisplayLabel(source)}</Badge>
            {needsNameBadge(source) && <Badge color="severity-medium">{T.needsName}</Badge>}
            {selected && <Badge color="blue">{T.selected}</Badge>}
          </SpaceBetween>
          <Box color="text-body-secondary" fontSize="body-s">
            {community.role} · {T.activeMembers(community.member_count)}
          </Box>
        </SpaceBetween>
      </div>
      <Button onClick={onLeave}>{T.leave}</Button>
    </li>
  );
}

/**
 * Community Management (S2 §2.4): the active-community switcher, the Add Community dialog and the
 * user's communities with their count; leaving one says 'Left community successfully' (S1 §8), and
 * leaving the selected one selects the first remaining, or none (S1 §4).
 */
function CommunityManagement() {
  const callApi = useCallApi();
  const toast = useToast();
  const { communities, community, switchTo, clear, refresh } = useCurrentCommunity();
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState<UserCommunity | null>(null);

  const leave = useMutation({
    mutationFn: (communityId: string) => callApi(routes.leaveCommunity, { params: { communityId } }),
    onSuccess: async (_res, communityId) => {
      toast.success(T.left);
      setLeaving(null);
      // The first remaining community becomes the selection once the list reloads (or none is left).
      if (community?.community_id === communityId) clear();
      await refresh();
    },
    onError: (error) => {
      setLeaving(null);
      toast.error(messageOr(error, T.leaveFailed));
    },
  });

  const options = communities.map((c) => ({ value: c.community_id, label: c.display_name }));

  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button iconName="add-plus" onClick={() => setAdding(true)}>
              {T.addCommunity}
            </Button>
          }
        >
          {T.management}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {communities.length > 0 && (
          <FormField label={T.activeCommunity}>
            <Select
              selectedOption={options.find((o) => o.value === community?.community_id) ?? null}
              options={options}
              onChange={({ detail }) => {
                const id = detail.selectedOption.value;
                if (id && id !== community?.community_id) switchTo(id);
              }}
            />
          </FormField>
        )}
        <SpaceBetween size="xs">
          <Box variant="h3">{T.yourCommunities(communities.length)}</Box>
          {communities.length === 0 ? (
            <Box color="text-body-secondary">{T.noCommunities}</Box>
          ) : (
            <ul className={styles.communityList} aria-label={T.listLabel}>
              {communities.map((c) => (
                <CommunityRow
                  key={c.community_id}
                  community={c}
                  selected={c.community_id === community?.community_id}
                  onLeave={() => setLeaving(c)}
                />
              ))}
            </ul>
          )}
        </SpaceBetween>
      </SpaceBetween>
      <AddCommunityDialog visible={adding} onClose={() => setAdding(false)} />
      {leaving && (
        <Modal
          visible
          onDismiss={() => setLeaving(null)}
          header={T.leaveTitle(leaving.display_name)}
          footer={
            <Box float="right">
              <SpaceBetween size="xs" direction="horizontal">
                <Button variant="link" onClick={() => setLeaving(null)}>
                  {T.cancel}
                </Button>
                <Button variant="primary" loading={leave.isPending} onClick={() => leave.mutate(leaving.community_id)}>
                  {T.leaveConfirm}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {T.leaveBody}
        </Modal>
      )}
    </Container>
  );
}

/**
 * The Community tab (S2 §2.4), in the spec's order: Community Management, the Workspace Ownership
 * explanation, the selected community's information card, for its admins the AI Summary Prompt
 * Manager and the summary delivery settings, and the Workspace Ownership transfer card.
 */
export function CommunityTab() {
  const { community } = useCurrentCommunity();
  const id = community?.community_id;
  return (
    <SpaceBetween size="l">
      <CommunityManagement />
      {community && id && <OwnershipExplanation key={`owner-${id}`} communityId={id} />}
      {community && id && <CommunityInfoCard key={id} communityId={id} role={community.role} />}
      {community?.role === 'Admin' && id && <SummaryPromptManager key={`prompts-${id}`} communityId={id} />}
      {community?.role === 'Admin' && id && <DeliverySettingsCard key={`delivery-${id}`} communityId={id} />}
      {community && id && <OwnershipTransfer key={`transfer-${id}`} communityId={id} role={community.role} />}
    </SpaceBetween>
  );
}
