import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { MOBILE_BREAKPOINT_PX, type GroupParticipant, type Invitation, type MemberNotInGroup } from '@kehila/shared';
import { useMediaQuery } from '../../components/use-media-query';
import { useToast } from '../../components/toast/use-toast';
import { CreateInvitationModal } from './create-invitation-modal';
import { inviteUrl } from './invitations-tab';
import { MEMBERS_TEXTS as T } from './members-texts';
import { useGroupMembers, useSyncGroupMembers } from './use-members';

type View = 'not_registered' | 'not_in_group' | 'left';

const date = (iso: string | null, none: string = T.groupUnknown) => (iso ? new Date(iso).toLocaleDateString() : none);
const personName = (p: GroupParticipant) => p.member_name ?? p.display_name ?? T.groupUnknown;
const STATUS_LABEL: Record<MemberNotInGroup['approval_status'], string> = {
  pending: T.pending,
  approved: T.approved,
  rejected: T.rejected,
};
type Row = GroupParticipant | MemberNotInGroup;

/**
 * The members reconciled with the WhatsApp group (admins): who is in the group but not registered
 * (with an invite: the active invitation's link copied, or the Create Invitation dialog), who
 * registered but is not in the group, and who left, with the dates.
 */
export function GroupTab({
  communityId,
  invites,
}: {
  communityId: string;
  invites: UseQueryResult<{ items: Invitation[] }>;
}) {
  const toast = useToast();
  const group = useGroupMembers(communityId);
  const sync = useSyncGroupMembers(communityId);
  const [view, setView] = useState<View>('not_registered');
  const [creating, setCreating] = useState(false);
  // Narrow screens get cards: four columns do not fit 375 px.
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const data = group.data;
  const invite = invites.data?.items[0];

  const copyInvite = async (code: string) => {
    try {
      await navigator.clipboard.writeText(inviteUrl(code));
      toast.success(T.linkCopied);
    } catch {
      toast.error(inviteUrl(code));
    }
  };
  const inviteAction = () =>
    invite ? (
      <Button iconName="copy" onClick={() => void copyInvite(invite.code)}>
        {T.copyInviteLink}
      </Button>
    ) : (
      <Button onClick={() => setCreating(true)}>{T.createInvitation}</Button>
    );

  const participantColumns: TableProps.ColumnDefinition<GroupParticipant>[] = [
    {
      id: 'name',
      header: T.groupName,
      cell: (p) => (
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <span dir="auto">{personName(p)}</span>
          {p.is_admin && <Badge>{T.groupAdmin}</Badge>}
        </SpaceBetween>
      ),
    },
    {
      id: 'phone',
      header: T.groupPhone,
      // An @lid participant's number is hidden by WhatsApp's privacy ids.
      cell: (p) => (p.phone ? <bdi>{p.phone}</bdi> : p.wa_id.endsWith('@lid') ? T.groupPhoneHidden : T.groupUnknown),
    },
    // null: already in the group when the bot first saw them.
    { id: 'joined', header: T.groupJoined, cell: (p) => date(p.joined_at, T.groupJoinedBefore) },
  ];
  const columns: Record<View, TableProps.ColumnDefinition<Row>[]> = {
    not_registered: [
      ...(participantColumns as TableProps.ColumnDefinition<Row>[]),
      { id: 'invite', header: '', cell: () => inviteAction() },
    ],
    not_in_group: [
      { id: 'name', header: T.groupMember, cell: (m) => <span dir="auto">{(m as MemberNotInGroup).name}</span> },
      { id: 'phone', header: T.groupPhone, cell: (m) => <bdi>{(m as MemberNotInGroup).phone}</bdi> },
      { id: 'status', header: T.groupStatus, cell: (m) => STATUS_LABEL[(m as MemberNotInGroup).approval_status] },
    ],
    left: [
      ...(participantColumns as TableProps.ColumnDefinition<Row>[]),
      { id: 'left', header: T.groupLeftOn, cell: (p) => date((p as GroupParticipant).left_at) },
    ],
  };
  const items: Row[] = data ? data[view] : [];
  const empty = {
    not_registered: T.groupEmptyNotRegistered,
    not_in_group: T.groupEmptyNotInGroup,
    left: T.groupEmptyLeft,
  };

  const header = (
    <Header
      description={
        // The description is a <p>: text and a line break, no block elements.
        <>
          {T.groupDescription}
          {data && (
            <>
              <br />
              {T.groupInGroup(data.in_group)} ·{' '}
              {data.synced_at ? T.groupSyncedAt(new Date(data.synced_at).toLocaleString()) : T.groupNeverSynced}
            </>
          )}
        </>
      }
      actions={
        <Button
          iconName="refresh"
          loading={sync.isPending}
          disabled={!data?.group_connected}
          onClick={() => sync.mutate(undefined, { onError: () => toast.error(T.groupRefreshFailed) })}
        >
          {T.groupRefresh}
        </Button>
      }
    >
      {T.groupHeader}
    </Header>
  );
  const filter = (
    <SpaceBetween size="s">
      <SegmentedControl
        label={T.groupHeader}
        selectedId={view}
        onChange={({ detail }) => setView(detail.selectedId as View)}
        options={[
          { id: 'not_registered', text: T.groupNotRegistered(data?.not_registered.length ?? 0) },
          { id: 'not_in_group', text: T.groupNotInGroup(data?.not_in_group.length ?? 0) },
          { id: 'left', text: T.groupLeft(data?.left.length ?? 0) },
        ]}
      />
      {view === 'not_in_group' && !!data?.members_without_phone && (
        <Box variant="small">{T.groupWithoutPhone(data.members_without_phone)}</Box>
      )}
    </SpaceBetween>
  );
  const shared = {
    loading: group.isPending,
    loadingText: T.loading,
    items,
    trackBy: (i: Row) => ('wa_id' in i ? i.wa_id : i.member_id),
    empty: <Box textAlign="center">{empty[view]}</Box>,
    header,
    filter,
  };

  if (group.isError) return <Alert type="error">{T.groupLoadFailed}</Alert>;
  return (
    <SpaceBetween size="l">
      {data && !data.group_connected && <Alert type="info">{T.groupNotConnected}</Alert>}
      {narrow ? (
        <Cards
          {...shared}
          variant="container"
          cardDefinition={{
            header: (i) => columns[view][0]?.cell(i),
            sections: columns[view].slice(1).map((c) => ({
              id: c.id,
              ...(c.header ? { header: c.header } : {}),
              content: (i: Row) => c.cell(i),
            })),
          }}
        />
      ) : (
        <Table {...shared} variant="container" columnDefinitions={columns[view]} />
      )}
      {creating && <CreateInvitationModal communityId={communityId} onClose={() => setCreating(false)} />}
    </SpaceBetween>
  );
}
