import { useEffect, useRef, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter, { type TextFilterProps } from '@cloudscape-design/components/text-filter';
import {
  MEMBERS_PAGE_SIZE,
  MEMBER_STATUS_FILTERS,
  MOBILE_BREAKPOINT_PX,
  type BulkMemberResult,
  type Member,
} from '@kehila/shared';
import { useAuth } from '../../auth/use-auth';
import { useMediaQuery } from '../../components/use-media-query';
import { useCurrentCommunity } from '../../communities/current-community';
import { useToast } from '../../components/toast/use-toast';
import { BulkEditModal } from './bulk-edit-modal';
import { DirectoryLinksCard } from './directory-links-card';
import { MemberDetailModal } from './member-detail-modal';
import { memberName, pageNumbers } from './member-format';
import { MEMBERS_TEXTS as T } from './members-texts';
import { useMemberChanges, useMemberPage } from './use-members';

type StatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];
const STATUS_LABEL: Record<StatusFilter, string> = {
  all: T.all,
  pending: T.pending,
  approved: T.approved,
  rejected: T.rejected,
};
const BADGE: Record<Member['approval_status'], 'green' | 'red' | 'grey'> = {
  approved: 'green',
  rejected: 'red',
  pending: 'grey',
};

/** The Members tab (S3 §2): cards, filters, search, the list with its bulk bar and pages. */
export function MembersTab({ communityId }: { communityId: string }) {
  const toast = useToast();
  const auth = useAuth();
  const userId = auth.state.status === 'signedIn' ? auth.state.user.userId : '';
  const { communities, select } = useCurrentCommunity();
  const adminOf = communities.filter((c) => c.role === 'Admin');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // Narrow screens start on the cards: a table of six columns does not fit 375 px.
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [view, setView] = useState<'grid' | 'table'>(narrow ? 'grid' : 'table');
  const [selected, setSelected] = useState<Member[]>([]);
  const [open, setOpen] = useState<{ member: Member; edit: boolean } | null>(null);
  const [bulkEdit, setBulkEdit] = useState(false);
  const [toDelete, setToDelete] = useState<Member[] | null>(null);
  const search = useRef<TextFilterProps.Ref>(null);
  const list = useMemberPage(communityId, { status, q, page, pageSize: MEMBERS_PAGE_SIZE });
  const changes = useMemberChanges(communityId);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        search.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (list.isError) toast.error(T.loadMembersFailed);
  }, [list.isError, toast]);

  const data = list.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * MEMBERS_PAGE_SIZE + 1;
  const to = Math.min(total, page * MEMBERS_PAGE_SIZE);

  const approve = (m: Member, approved: boolean) =>
    changes.approval.mutate(
      { member: m, approved },
      {
        onSuccess: () => toast.success(approved ? T.memberApproved : T.memberRejected),
        onError: () => toast.error(`${T.actionFailed}: ${T.statusFailed}`),
      },
    );
  const report = (r: BulkMemberResult, failedTitle: string) => {
    if (r.failed === 0) toast.success(T.bulkResult(r.succeeded, 0));
    else toast.error(`${failedTitle}: ${T.bulkResult(r.succeeded, r.failed)}`);
  };
  const confirmDelete = () => {
    const ids = (toDelete ?? []).map((m) => m.id);
    setToDelete(null);
    if (ids.length === 1) {
      changes.remove.mutate(ids[0] ?? '', { onError: () => toast.error(`${T.deleteFailed}: ${T.deleteMemberFailed}`) });
    } else {
      changes.bulkDelete.mutate(ids, {
        onSuccess: (r) =>
          r.failed
            ? toast.error(`${T.someDeletionsFailed}: ${T.deletionsFailed(r.failed)}`)
            : toast.success(T.bulkResult(r.succeeded, 0)),
        onError: () => toast.error(T.bulkDeleteFailed),
      });
    }
    setSelected([]);
  };
  const rowActions = (m: Member) => (
    <SpaceBetween size="xxs" direction="horizontal">
      {m.approval_status !== 'approved' && (
        <Button
          variant="inline-icon"
          iconName="check"
          ariaLabel={m.approval_status === 'rejected' ? T.approveFromRejected : T.approve}
          onClick={() => approve(m, true)}
        />
      )}
      {m.approval_status !== 'rejected' && (
        <Button
          variant="inline-icon"
          iconName="close"
          ariaLabel={m.approval_status === 'approved' ? T.rejectFromApproved : T.reject}
          onClick={() => approve(m, false)}
        />
      )}
      {m.linkedin_profile_url && (
        <Button
          variant="inline-icon"
          iconName="external"
          ariaLabel={T.linkedIn}
          href={m.linkedin_profile_url}
          target="_blank"
        />
      )}
      <Button
        variant="inline-icon"
        iconName="edit"
        ariaLabel={T.edit}
        onClick={() => setOpen({ member: m, edit: true })}
      />
      <Button
        variant="inline-icon"
        iconName="search"
        ariaLabel={T.details}
        onClick={() => setOpen({ member: m, edit: false })}
      />
      <Button variant="inline-icon" iconName="remove" ariaLabel={T.delete} onClick={() => setToDelete([m])} />
    </SpaceBetween>
  );
  const statusBadge = (m: Member) => <Badge color={BADGE[m.approval_status]}>{STATUS_LABEL[m.approval_status]}</Badge>;
  const empty = (
    <Box textAlign="center" padding="l">
      <SpaceBetween size="s">
        <b>{T.noMembers}</b>
        {q !== '' && <Button onClick={() => setQ('')}>{T.clearSearch}</Button>}
      </SpaceBetween>
    </Box>
  );
  const name = (m: Member) => (
    <Button variant="link" onClick={() => setOpen({ member: m, edit: false })}>
      {memberName(m)}
    </Button>
  );

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        <Container header={<Header variant="h3">{T.currentUser}</Header>}>
          <ColumnLayout columns={3} variant="text-grid">
            <div>
              <Box variant="awsui-key-label">{T.userId}</Box>
              <Box fontSize="body-s">{userId}</Box>
            </div>
            <div>
              <Box variant="awsui-key-label">{T.adminCommunities}</Box>
              {adminOf.length}
            </div>
            <div>
              <Box variant="awsui-key-label">{T.memberCommunities}</Box>
              {communities.length - adminOf.length}
            </div>
          </ColumnLayout>
        </Container>
        <Container>
          <ColumnLayout columns={4} variant="text-grid">
            {(['total', 'pending', 'approved', 'rejected'] as const).map((k) => (
              <div key={k} data-testid={`members-count-${k}`}>
                <Box variant="awsui-key-label">{T[k]}</Box>
                <Box variant="awsui-value-large">{data?.counts[k] ?? 0}</Box>
              </div>
            ))}
          </ColumnLayout>
        </Container>
      </ColumnLayout>
      <DirectoryLinksCard communityId={communityId} />
      {adminOf.length > 1 && (
        <Select
          selectedOption={{ value: communityId }}
          options={adminOf.map((c) => ({
            value: c.community_id,
            label: T.communityOption(c.display_name, c.member_count),
          }))}
          onChange={({ detail }) => select(detail.selectedOption.value ?? communityId)}
          ariaLabel={T.community}
        />
      )}
      <SegmentedControl
        selectedId={status}
        label="Status"
        options={MEMBER_STATUS_FILTERS.map((s) => ({
          id: s,
          text: `${STATUS_LABEL[s]} (${s === 'all' ? (data?.matching.total ?? 0) : (data?.matching[s] ?? 0)})`,
        }))}
        onChange={({ detail }) => {
          setStatus(detail.selectedId as StatusFilter);
          setPage(1);
          setSelected([]);
        }}
      />
      <SpaceBetween size="s" direction="horizontal" alignItems="center">
        <TextFilter
          ref={search}
          filteringText={q}
          filteringPlaceholder={T.searchPlaceholder}
          filteringAriaLabel={T.searchPlaceholder}
          onChange={({ detail }) => {
            setQ(detail.filteringText);
            setPage(1);
          }}
        />
        <SegmentedControl
          selectedId={view}
          label="View"
          options={[
            { id: 'grid', text: T.grid, iconName: 'view-full' },
            { id: 'table', text: T.table, iconName: 'menu' },
          ]}
          onChange={({ detail }) => setView(detail.selectedId as 'grid' | 'table')}
        />
      </SpaceBetween>
      {/* a boolean, not the empty search text: SpaceBetween wraps a text child in a div without a key */}
      {q !== '' && total > 0 && <Alert type="info">{T.found(total)}</Alert>}
      {selected.length > 0 && (
        <Container>
          <SpaceBetween size="s" direction="horizontal" alignItems="center">
            <b>{T.selected(selected.length)}</b>
            <Button onClick={() => setSelected([])}>{T.clear}</Button>
            <Button onClick={() => setBulkEdit(true)}>{T.bulkEdit}</Button>
            <Button onClick={() => setToDelete(selected)}>{T.deleteSelected}</Button>
          </SpaceBetween>
        </Container>
      )}
      {view === 'table' ? (
        <Table
          items={items}
          trackBy="id"
          loading={list.isPending}
          loadingText={T.loading}
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          ariaLabels={{
            selectionGroupLabel: 'Members',
            allItemsSelectionLabel: () => 'Select all',
            itemSelectionLabel: (_s, m) => memberName(m),
          }}
          empty={empty}
          columnDefinitions={[
            { id: 'name', header: 'Name', cell: name, minWidth: 160 },
            { id: 'email', header: T.email, cell: (m) => m.email ?? '' },
            { id: 'company', header: T.company, cell: (m) => m.company ?? '' },
            { id: 'role', header: T.role, cell: (m) => m.role },
            { id: 'status', header: T.approvalStatus, cell: statusBadge },
            { id: 'actions', header: '', cell: rowActions },
          ]}
        />
      ) : (
        <Cards
          items={items}
          trackBy="id"
          loading={list.isPending}
          loadingText={T.loading}
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          empty={empty}
          cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
          cardDefinition={{
            header: name,
            sections: [
              {
                id: 'status',
                content: (m) => (
                  <SpaceBetween size="xs" direction="horizontal">
                    {statusBadge(m)}
                    <Badge>{m.role}</Badge>
                  </SpaceBetween>
                ),
              },
              { id: 'work', content: (m) => [m.job_role, m.company].filter(Boolean).join(' · ') },
              { id: 'email', content: (m) => m.email },
              { id: 'actions', content: rowActions },
            ],
          }}
        />
      )}
      <SpaceBetween size="xs" direction="horizontal" alignItems="center">
        <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {T.previous}
        </Button>
        {pageNumbers(page, pages).map((n) => (
          <Button key={n} variant={n === page ? 'primary' : 'normal'} onClick={() => setPage(n)}>
            {String(n)}
          </Button>
        ))}
        <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {T.next}
        </Button>
        <Box color="text-body-secondary" data-testid="members-showing">
          {T.showing(from, to, total)}
        </Box>
      </SpaceBetween>
      {open && (
        <MemberDetailModal
          member={items.find((m) => m.id === open.member.id) ?? open.member}
          startEditing={open.edit}
          isSelf={open.member.auth_id !== null && open.member.auth_id === userId}
          changes={changes}
          onClose={() => setOpen(null)}
        />
      )}
      {bulkEdit && (
        <BulkEditModal
          count={selected.length}
          onCancel={() => setBulkEdit(false)}
          onSubmit={(c) => {
            setBulkEdit(false);
            changes.bulkUpdate.mutate(
              { member_ids: selected.map((m) => m.id), changes: c },
              { onSuccess: (r) => report(r, T.bulkEditFailed), onError: () => toast.error(T.bulkEditFailed) },
            );
            setSelected([]);
          }}
        />
      )}
      <Modal
        visible={toDelete !== null}
        onDismiss={() => setToDelete(null)}
        header={T.deleteTitle}
        footer={
          <Box float="right">
            <SpaceBetween size="xs" direction="horizontal">
              <Button onClick={() => setToDelete(null)}>{T.cancel}</Button>
              <Button variant="primary" onClick={confirmDelete}>
                {T.delete}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="s">
          <Box>{T.deleteQuestion(toDelete?.length ?? 0)}</Box>
          <Box>{T.deleteWarning}</Box>
          <Box color="text-status-error">{T.cannotUndo}</Box>
        </SpaceBetween>
      </Modal>
    </SpaceBetween>
  );
}
