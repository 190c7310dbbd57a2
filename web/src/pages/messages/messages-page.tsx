import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import {
  MANUAL_REFRESH_MIN_MS,
  MESSAGES_TEXTS,
  messageMatchesFilters,
  navigationFilter,
  navigationToast,
  type Message,
  type RealtimeStatus,
  type UserCommunity,
} from '@kehila/shared';
import { LARGE_BREAKPOINT_PX } from '../../components/breakpoints';
import { useCurrentCommunity } from '../../communities/current-community';
import { useMediaQuery } from '../../components/use-media-query';
import { useToast } from '../../components/toast/use-toast';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { MessagesHeader } from './components/messages-header';
import { SuggestedActionsNotice } from './components/suggested-actions-notice';
import { ThreadOverview } from './components/thread-overview';
import { flattenPages } from './live-cache';
import { useAiSearch } from './use-ai-search';
import { useAiSummary } from './use-ai-summary';
import { useIsMobile } from './use-is-mobile';
import { useLiveMessages } from './use-live-messages';
import { useMessageFilters } from './use-message-filters';
import { useLatestMessages, useMessageList } from './use-message-list';

// The screen opens on the Overview: the All Messages tab (table, filters, search), the dialogs and the
// summary arrive as their own chunks when they are first shown.
const AllMessages = lazy(() => import('./components/all-messages'));
const CreateActionModal = lazy(() =>
  import('../../components/messages/create-action-modal').then((m) => ({ default: m.CreateActionModal })),
);
const SummaryPanel = lazy(() =>
  import('../../components/messages/summary-panel').then((m) => ({ default: m.SummaryPanel })),
);
const ImportModal = lazy(() => import('./components/import-modal').then((m) => ({ default: m.ImportModal })));

/** The two tabs (S2 §2.1): Overview (Threads on mobile) and All Messages (All on mobile). */
export type MessagesTab = 'overview' | 'all';

const TAB_LABELS: Record<MessagesTab, { desktop: string; mobile: string }> = {
  overview: { desktop: 'Overview', mobile: 'Threads' },
  all: { desktop: 'All Messages', mobile: 'All' },
};

/**
 * The Messages screen (/messages, S2 §2.1 and §4) for the selected community: without a WhatsApp
 * group it shows 'No Group Associated'; otherwise the live workspace.
 */
export function MessagesPage() {
  const { community, isLoading } = useCurrentCommunity();
  const groupId = community?.group_id ?? null;

  if (community && groupId) {
    // Keyed by community: switching community starts the screen afresh (filters, live channel).
    return <MessagesWorkspace key={community.community_id} community={community} groupId={groupId} />;
  }
  return (
    <SpaceBetween size="l">
      <MessagesHeader
        status={null}
        groupId={null}
        reconnecting={false}
        onReconnect={() => undefined}
        summaryExists={false}
        generating={false}
        suggesting={false}
        onGenerate={() => undefined}
        onSuggest={() => undefined}
        canImport={false}
        onImport={() => undefined}
      />
      {isLoading ? (
        <Container>
          <Spinner size="large" />
        </Container>
      ) : (
        <Alert type="warning" header={MESSAGES_TEXTS.noGroupTitle}>
          {MESSAGES_TEXTS.noGroupBody}
        </Alert>
      )}
    </SpaceBetween>
  );
}

function MessagesWorkspace({ community, groupId }: { community: UserCommunity; groupId: string }) {
  const communityId = community.community_id;
  const mobile = useIsMobile();
  const narrow = useMediaQuery(`(max-width: ${LARGE_BREAKPOINT_PX - 1}px)`);
  const toast = useToast();
  const callApi = useCallApi();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();

  const [tab, setTab] = useState<MessagesTab>(() => (searchParams.get('view') === 'table' ? 'all' : 'overview'));
  const { state: filters, dispatch, query } = useMessageFilters();
  const live = useLiveMessages(communityId);
  const list = useMessageList(communityId, query, live.status === 'connected');
  const latest = useLatestMessages(communityId, live.status === 'connected');
  const ai = useAiSearch(communityId, filters.searchType === 'pinecone');
  const summary = useAiSummary(communityId);
  const [actionSource, setActionSource] = useState<Message | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [exporting, setExporting] = useState<number | null>(null);

  // The tab returns to the overview when the group changes (S2 §2.1).
  const lastGroup = useRef(groupId);
  useEffect(() => {
    if (lastGroup.current !== groupId) {
      lastGroup.current = groupId;
      setTab('overview');
    }
  }, [groupId]);

  // Query parameters from navigation (S2 §2.1): applied once per distinct query string.
  const applied = useRef<string | null>(null);
  const aiReset = ai.reset;
  useEffect(() => {
    const key = searchParams.toString();
    if (applied.current === key) return;
    applied.current = key;
    if (searchParams.get('view') === 'table') setTab('all');
    const filter = navigationFilter({
      sender: searchParams.get('sender'),
      topic: searchParams.get('topic'),
      id: searchParams.get('id'),
      search: searchParams.get('search') ?? searchParams.get('q'),
    });
    if (!filter) return;
    dispatch({ type: 'navigate', filter });
    aiReset();
    setTab('all');
    const text = navigationToast(filter);
    if (text) toast.info(text);
  }, [searchParams, dispatch, aiReset, toast]);

  const clearQueryString = useCallback(() => {
    if (location.search) navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const clearSender = () => {
    dispatch({ type: 'clearSender' });
    clearQueryString();
  };
  const clearTopic = () => {
    dispatch({ type: 'clearTopic' });
    clearQueryString();
  };
  const clearDates = () => {
    dispatch({ type: 'clearDates' });
    toast.success(MESSAGES_TEXTS.dateFilterCleared);
  };
  const resetAll = () => {
    dispatch({ type: 'resetAll' });
    ai.reset();
    clearQueryString();
  };
  const commitSearch = useCallback(() => dispatch({ type: 'commitSearch' }), [dispatch]);

  const refresh = async () => {
    setSyncing(true);
    const started = Date.now();
    await Promise.allSettled([list.refetch(), latest.refetch()]);
    const left = MANUAL_REFRESH_MIN_MS - (Date.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    setSyncing(false);
  };

  // Export CSV (S2 §9: named with the date): AI results as shown, else every page of the filtered list.
  const exportCsv = async () => {
    if (exporting !== null) return;
    setExporting(0);
    try {
      const { EXPORT_TEXTS, exportMessagesCsv, exportShownMessagesCsv } = await import('./export-messages');
      try {
        const n = aiResults
          ? exportShownMessagesCsv(aiResults)
          : await exportMessagesCsv(callApi, communityId, query, setExporting);
        toast.success(EXPORT_TEXTS.exported(n));
      } catch (err) {
        toast.error(messageOr(err, EXPORT_TEXTS.failed));
      }
    } finally {
      setExporting(null);
    }
  };

  const status: RealtimeStatus | null = list.isError || latest.isError ? 'error' : live.status;
  const messages = useMemo(() => flattenPages(list.data), [list.data]);
  // AI results replace the list (S2 §4), in relevance order; the panel's other filters still apply to them.
  const aiResults = useMemo(() => {
    if (filters.searchType !== 'pinecone' || !ai.results || ai.results.length === 0) return null;
    return ai.results.filter((m) => messageMatchesFilters(m, { ...query, q: null }));
  }, [filters.searchType, ai.results, query]);
  const localModel = ai.stats?.ai_provider === 'local';

  const summaryPanel = summary.summary ? (
    <Suspense fallback={null}>
      <SummaryPanel
        summary={summary.summary}
        footer={
          summary.suggestedCount !== null ? (
            <SuggestedActionsNotice count={summary.suggestedCount} onDismiss={summary.dismissSuggested} />
          ) : undefined
        }
      />
    </Suspense>
  ) : null;

  const allMessages = (
    <Suspense fallback={<Spinner size="large" />}>
      <AllMessages
        filters={filters}
        dispatch={dispatch}
        ai={{ ...ai, localModel }}
        onCommitSearch={commitSearch}
        onClearDates={clearDates}
        onResetAll={resetAll}
        onClearSender={clearSender}
        onClearTopic={clearTopic}
        onRefresh={() => void refresh()}
        syncing={syncing}
        onExport={() => void exportCsv()}
        exporting={exporting}
        listError={
          list.isError && !aiResults ? { message: list.error.message, retry: () => void list.refetch() } : null
        }
        mobile={mobile}
        list={{
          messages: aiResults ?? messages,
          loading: aiResults ? false : list.isPending,
          narrow,
          highlighted: live.highlighted,
          onCreateAction: setActionSource,
          hasMore: !aiResults && list.hasNextPage,
          loadingMore: list.isFetchingNextPage,
          onLoadMore: () => void list.fetchNextPage(),
        }}
      />
    </Suspense>
  );

  return (
    <SpaceBetween size="l">
      <MessagesHeader
        status={status}
        groupId={groupId}
        reconnecting={live.reconnecting}
        onReconnect={() => void live.reconnect()}
        summaryExists={summary.summary !== null}
        generating={summary.generating}
        suggesting={summary.suggesting}
        onGenerate={summary.generate}
        onSuggest={summary.suggest}
        canImport={community.role === 'Admin'}
        onImport={() => setImportOpen(true)}
      />
      {!mobile && summaryPanel}
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as MessagesTab)}
        ariaLabel="Messages views"
        tabs={(['overview', 'all'] as const).map((id) => ({
          id,
          label: mobile ? TAB_LABELS[id].mobile : TAB_LABELS[id].desktop,
          content:
            id === 'overview' ? (
              <ThreadOverview
                messages={latest.data?.items ?? []}
                loading={latest.isPending}
                mobile={mobile}
                highlighted={live.highlighted}
                onCreateAction={setActionSource}
              />
            ) : (
              allMessages
            ),
        }))}
      />
      {mobile && summaryPanel}
      {actionSource && (
        <Suspense fallback={null}>
          <CreateActionModal communityId={communityId} message={actionSource} onClose={() => setActionSource(null)} />
        </Suspense>
      )}
      {community.role === 'Admin' && importOpen && (
        <Suspense fallback={null}>
          <ImportModal communityId={communityId} visible onClose={() => setImportOpen(false)} />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
