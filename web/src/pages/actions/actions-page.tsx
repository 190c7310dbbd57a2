import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import {
  ACTION_PRIORITY_FILTERS,
  ACTION_SORT_KEYS,
  ACTION_TABS,
  DEFAULT_ACTION_SORT_KEY,
  DEFAULT_ACTIONS_TAB,
  DEFAULT_ACTIONS_VIEW,
  type Action,
  type ActionCounts,
  type ActionSortKey,
  type ActionTab,
  type UserCommunity,
} from '@kehila/shared';
import { useCurrentCommunity } from '../../communities/current-community';
import { useToast } from '../../components/toast/use-toast';
import { ACTIONS_TEXTS } from './actions-texts';
import { ActionCards } from './components/action-cards';
import type { ActionItemHandlers } from './components/action-collection';
import { ActionDialog, actionDetailsText } from './components/action-dialog';
import { ActionsTable } from './components/actions-table';
import { BulkBar } from './components/bulk-bar';
import { useAction, useActionChanges, useActionList, type ActionFilters } from './use-actions';

const CreateDialog = lazy(() => import('./components/create-dialog').then((m) => ({ default: m.CreateDialog })));

type View = 'grid' | 'table';
type PriorityFilter = (typeof ACTION_PRIORITY_FILTERS)[number];

const COUNT_KEY: Record<ActionTab, keyof ActionCounts> = {
  pending: 'pending',
  due_soon: 'due_soon',
  completed: 'completed',
  all: 'all',
};

interface PageHeaderProps {
  disabled: boolean;
  suggesting: boolean;
  processing: boolean;
  onSuggest: () => void;
  onProcess: () => void;
  onCreate: () => void;
}

function PageHeader({ disabled, suggesting, processing, onSuggest, onProcess, onCreate }: PageHeaderProps) {
  return (
    <Header
      variant="h1"
      description={ACTIONS_TEXTS.subtitle}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="notification" disabled={disabled || processing} loading={processing} onClick={onProcess}>
            {ACTIONS_TEXTS.processReminders}
          </Button>
          <Button iconName="gen-ai" disabled={disabled || suggesting} loading={suggesting} loadingText={ACTIONS_TEXTS.suggesting} onClick={onSuggest}>
            {suggesting ? ACTIONS_TEXTS.suggesting : ACTIONS_TEXTS.suggest}
          </Button>
          <Button variant="primary" iconName="add-plus" disabled={disabled} onClick={onCreate}>
            {ACTIONS_TEXTS.create}
          </Button>
        </SpaceBetween>
      }
    >
      {ACTIONS_TEXTS.title}
    </Header>
  );
}

/**
 * The Actions screen (/actions, S2 §2.3, §4): the caller's own actions of the selected community.
 * Without a WhatsApp group it says 'No Group Associated' and every button is disabled.
 */
export function ActionsPage() {
  const { community, isLoading } = useCurrentCommunity();
  if (community?.group_id) return <ActionsWorkspace key={community.community_id} community={community} />;
  return (
    <SpaceBetween size="l">
      <PageHeader
        disabled
        suggesting={false}
        processing={false}
        onSuggest={() => undefined}
        onProcess={() => undefined}
        onCreate={() => undefined}
      />
      {isLoading ? (
        <Container>
          <Spinner size="large" />
        </Container>
      ) : (
        <Alert type="warning" header={ACTIONS_TEXTS.noGroupTitle}>
          {ACTIONS_TEXTS.noGroupBody}
        </Alert>
      )}
    </SpaceBetween>
  );
}

function ActionsWorkspace({ community }: { community: UserCommunity }) {
  const communityId = community.community_id;
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState<ActionTab>(DEFAULT_ACTIONS_TAB);
  const [view, setView] = useState<View>(DEFAULT_ACTIONS_VIEW);
  const [priority, setPriority] = useState<PriorityFilter>('all');
  const [sort, setSort] = useState<ActionSortKey>(DEFAULT_ACTION_SORT_KEY);
  const [selected, setSelected] = useState<Action[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [creating, setCreating] = useState(false);

  const filters: ActionFilters = useMemo(() => ({ tab, priority, sort }), [tab, priority, sort]);
  const list = useActionList(communityId, filters);
  const changes = useActionChanges(communityId);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts;
  const now = useMemo(() => new Date(), [list.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps -- badges are derived at each fetch

  // A new tab, filter or sort starts with nothing selected.
  useEffect(() => setSelected([]), [tab, priority, sort]);

  // The query action={id} opens that action's dialog; opening and closing set and remove it (S2 §2.3).
  const openId = searchParams.get('action');
  const detail = useAction(communityId, openId);
  const open = useCallback(
    (a: Action) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('action', a.action_id);
        return next;
      }),
    [setSearchParams],
  );
  const close = useCallback(
    () =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete('action');
        return next;
      }),
    [setSearchParams],
  );

  const handlers: ActionItemHandlers = {
    onOpen: open,
    onDone: (a) =>
      changes.update.mutate({
        actionId: a.action_id,
        change: { kind: 'status', status: 'done' },
        success: ACTIONS_TEXTS.markedDone,
        failure: ACTIONS_TEXTS.updateFailed,
      }),
    onSnooze: (a) =>
      changes.update.mutate({
        actionId: a.action_id,
        change: { kind: 'snooze' },
        success: ACTIONS_TEXTS.snoozed,
        failure: ACTIONS_TEXTS.updateFailed,
      }),
    onDelete: (a) => {
      changes.remove.mutate(a.action_id);
      setSelected((s) => s.filter((x) => x.action_id !== a.action_id));
    },
  };

  const ids = selected.map((a) => a.action_id);
  const busy = changes.bulkUpdate.isPending || changes.bulkDelete.isPending;

  const empty = (
    <Box textAlign="center" color="inherit" padding="l">
      <SpaceBetween size="s">
        <Box variant="strong" color="inherit">
          {ACTIONS_TEXTS.empty}
        </Box>
        <Button iconName="gen-ai" disabled={changes.suggest.isPending} onClick={() => changes.suggest.mutate()}>
          {ACTIONS_TEXTS.aiSuggest}
        </Button>
      </SpaceBetween>
    </Box>
  );

  const content = list.isError ? (
    <Alert type="error" header={ACTIONS_TEXTS.loadFailed}>
      {ACTIONS_TEXTS.loadFailedHint}
    </Alert>
  ) : (
    <SpaceBetween size="m">
      {selected.length > 0 && (
        <BulkBar
          count={selected.length}
          busy={busy}
          onChange={(change) =>
            changes.bulkUpdate.mutate({ ids, change }, { onSuccess: () => setSelected([]) })
          }
          onDelete={() => setConfirmDelete(true)}
          onClear={() => setSelected([])}
        />
      )}
      {view === 'grid' ? (
        <ActionCards items={items} loading={list.isPending} selected={selected} onSelect={setSelected} empty={empty} now={now} handlers={handlers} />
      ) : (
        <ActionsTable items={items} loading={list.isPending} selected={selected} onSelect={setSelected} empty={empty} now={now} handlers={handlers} />
      )}
      {list.hasNextPage && (
        <Box textAlign="center">
          <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {ACTIONS_TEXTS.loadMore}
          </Button>
        </Box>
      )}
    </SpaceBetween>
  );

  const priorityOptions = ACTION_PRIORITY_FILTERS.map((p) => ({ value: p, label: ACTIONS_TEXTS.priorityFilter[p] }));
  const sortOptions = ACTION_SORT_KEYS.map((k) => ({ value: k, label: ACTIONS_TEXTS.sorts[k] }));

  return (
    <SpaceBetween size="l">
      <PageHeader
        disabled={false}
        suggesting={changes.suggest.isPending}
        processing={changes.processReminders.isPending}
        onSuggest={() => changes.suggest.mutate()}
        onProcess={() => changes.processReminders.mutate()}
        onCreate={() => setCreating(true)}
      />
      <SpaceBetween direction="horizontal" size="s" alignItems="end">
        <FormField label={ACTIONS_TEXTS.viewLabel}>
          <SegmentedControl
            selectedId={view}
            onChange={({ detail }) => setView(detail.selectedId as View)}
            options={[
              { id: 'grid', text: ACTIONS_TEXTS.views.grid, iconName: 'view-full' },
              { id: 'table', text: ACTIONS_TEXTS.views.table, iconName: 'view-horizontal' },
            ]}
          />
        </FormField>
        <FormField label={ACTIONS_TEXTS.priorityLabel}>
          <Select
            selectedOption={priorityOptions.find((o) => o.value === priority) ?? null}
            onChange={({ detail }) => setPriority(detail.selectedOption.value as PriorityFilter)}
            options={priorityOptions}
          />
        </FormField>
        <FormField label={ACTIONS_TEXTS.sortLabel}>
          <Select
            selectedOption={sortOptions.find((o) => o.value === sort) ?? null}
            onChange={({ detail }) => setSort(detail.selectedOption.value as ActionSortKey)}
            options={sortOptions}
          />
        </FormField>
      </SpaceBetween>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as ActionTab)}
        ariaLabel="Action tabs"
        tabs={ACTION_TABS.map((id) => ({
          id,
          label: (
            <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
              <span>{ACTIONS_TEXTS.tabs[id]}</span>
              <Badge color={id === tab ? 'blue' : 'grey'}>{counts ? counts[COUNT_KEY[id]] : '–'}</Badge>
            </SpaceBetween>
          ),
          content: id === tab ? content : null,
        }))}
      />
      {openId && (
        <ActionDialog
          key={openId}
          action={detail.data}
          loading={detail.isPending}
          error={detail.isError ? detail.error.message : null}
          saving={changes.update.isPending}
          onClose={close}
          onCopy={(a) => {
            navigator.clipboard.writeText(actionDetailsText(a)).then(
              () => toast.success(ACTIONS_TEXTS.copied),
              () => toast.error(ACTIONS_TEXTS.copyFailed),
            );
          }}
          onCopyTitle={(a) => {
            navigator.clipboard.writeText(a.title).then(
              () => toast.success(ACTIONS_TEXTS.titleCopied),
              () => toast.error(ACTIONS_TEXTS.copyFailed),
            );
          }}
          onViewMessage={(msgId) => navigate(`/messages?id=${encodeURIComponent(msgId)}`)}
          onMarkComplete={(a) =>
            changes.update.mutate({
              actionId: a.action_id,
              change: { kind: 'status', status: 'done' },
              success: ACTIONS_TEXTS.markedComplete,
              failure: ACTIONS_TEXTS.markCompleteFailed,
            })
          }
          onSave={(a, change, done) =>
            changes.update.mutate(
              { actionId: a.action_id, change, success: ACTIONS_TEXTS.updated, failure: ACTIONS_TEXTS.updateFailed },
              { onSuccess: done },
            )
          }
        />
      )}
      {confirmDelete && (
        <Modal
          visible
          closeAriaLabel="Close"
          onDismiss={() => setConfirmDelete(false)}
          header={ACTIONS_TEXTS.confirmDeleteTitle}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setConfirmDelete(false)}>
                  {ACTIONS_TEXTS.cancel}
                </Button>
                <Button
                  variant="primary"
                  loading={changes.bulkDelete.isPending}
                  onClick={() =>
                    changes.bulkDelete.mutate(ids, {
                      onSettled: () => setConfirmDelete(false),
                      onSuccess: () => setSelected([]),
                    })
                  }
                >
                  {ACTIONS_TEXTS.delete}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {ACTIONS_TEXTS.confirmDelete(selected.length)}
        </Modal>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateDialog communityId={communityId} onClose={() => setCreating(false)} onCreated={() => setTab('pending')} />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
