import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Message, SearchType } from '@kehila/shared';
import type { FilterAction, MessageFilterState } from '../use-message-filters';
import { FilterChips } from './filter-chips';
import { FilterPanel } from './filter-panel';
import { MessageList, type MessageListProps } from './message-list';
import { SearchPanel, type AiSearchView } from './search-panel';

/** What the All Messages tab shows and does; the workspace owns the state. */
export interface AllMessagesProps {
  readonly filters: MessageFilterState;
  readonly dispatch: (a: FilterAction) => void;
  readonly ai: AiSearchView;
  readonly onCommitSearch: () => void;
  readonly onClearDates: () => void;
  readonly onResetAll: () => void;
  readonly onClearSender: () => void;
  readonly onClearTopic: () => void;
  readonly onRefresh: () => void;
  readonly syncing: boolean;
  readonly onExport: () => void;
  readonly exporting: number | null;
  /** The list's failure, with a retry (not shown while AI results replace the list). */
  readonly listError: { readonly message: string; readonly retry: () => void } | null;
  readonly list: Omit<MessageListProps, 'grouped' | 'mobile'> & { readonly messages: readonly Message[] };
  readonly mobile: boolean;
}

/**
 * The All Messages tab (S2 §2.1, §4): search panel, filter panel (folded under 'Filters' on mobile),
 * the sender and topic chips, and the list. It is its own chunk: the Overview tab, where the screen
 * opens, does not need the table, the filters or their date pickers.
 */
export default function AllMessages(props: AllMessagesProps) {
  const { filters, dispatch } = props;
  const filterPanel = (
    <FilterPanel
      state={filters}
      dispatch={dispatch}
      onClearDates={props.onClearDates}
      onResetAll={props.onResetAll}
      onRefresh={props.onRefresh}
      syncing={props.syncing}
      onExport={props.onExport}
      exporting={props.exporting}
    />
  );
  const activeFilters = [
    filters.urgency,
    filters.datePreset !== 'all' ? filters.datePreset : null,
    filters.groupByTopic || null,
  ].filter(Boolean).length;

  return (
    <SpaceBetween size="m">
      <SearchPanel
        searchType={filters.searchType}
        onSearchType={(value: SearchType) => dispatch({ type: 'searchType', value })}
        standardInput={filters.searchInput}
        onStandardInput={(value) => dispatch({ type: 'searchInput', value })}
        onStandardCommit={props.onCommitSearch}
        ai={props.ai}
      />
      {props.mobile ? (
        <ExpandableSection headerText={activeFilters ? `Filters (${activeFilters})` : 'Filters'}>
          {filterPanel}
        </ExpandableSection>
      ) : (
        filterPanel
      )}
      <FilterChips
        sender={filters.sender}
        topic={filters.topic}
        fromNavigation={filters.fromNavigation}
        onClearSender={props.onClearSender}
        onClearTopic={props.onClearTopic}
      />
      {props.listError && (
        <Alert type="error" action={<Button onClick={props.listError.retry}>Retry</Button>}>
          {props.listError.message}
        </Alert>
      )}
      <MessageList {...props.list} grouped={filters.groupByTopic} mobile={props.mobile} />
    </SpaceBetween>
  );
}
