import { useMemo, useReducer } from 'react';
import {
  DEFAULT_MESSAGE_SORT,
  datePresetRange,
  presetAfterDateChange,
  toggleUrgency,
  type DatePreset,
  type MessageFilters,
  type MessageListQuery,
  type NavigationFilter,
  type SearchType,
  type SortOrder,
  type Urgency,
} from '@kehila/shared';

/** The filter panel, search panel and chips of the Messages screen (S2 §4). */
export interface MessageFilterState {
  /** What the standard search box holds. */
  readonly searchInput: string;
  /** The standard search term the list is filtered by (committed after a pause or Enter). */
  readonly searchTerm: string;
  readonly searchType: SearchType;
  readonly urgency: Urgency | null;
  readonly order: SortOrder;
  readonly groupByTopic: boolean;
  readonly datePreset: DatePreset;
  /** Local days (YYYY-MM-DD) of a custom range. */
  readonly customStart: string | null;
  readonly customEnd: string | null;
  /** ISO range of the preset, fixed when it was chosen (so the list query stays the same). */
  readonly from: string | null;
  readonly to: string | null;
  readonly sender: string | null;
  readonly topic: string | null;
  /** The filters came from navigation (S2 §2.1: 'Search filters applied from navigation'). */
  readonly fromNavigation: boolean;
}

/** Changes to the filters. */
export type FilterAction =
  | { type: 'searchInput'; value: string }
  | { type: 'commitSearch'; value?: string }
  | { type: 'searchType'; value: SearchType }
  | { type: 'urgency'; value: Urgency }
  | { type: 'toggleOrder' }
  | { type: 'groupByTopic'; value: boolean }
  | { type: 'datePreset'; value: DatePreset; now: Date }
  | { type: 'customRange'; start: string | null; end: string | null }
  | { type: 'clearDates' }
  | { type: 'clearSender' }
  | { type: 'clearTopic' }
  | { type: 'navigate'; filter: NavigationFilter }
  | { type: 'resetAll' };

/** The filters a fresh screen starts with: newest first, all dates, nothing else. */
export const initialFilters: MessageFilterState = {
  searchInput: '',
  searchTerm: '',
  searchType: 'standard',
  urgency: null,
  order: DEFAULT_MESSAGE_SORT,
  groupByTopic: false,
  datePreset: 'all',
  customStart: null,
  customEnd: null,
  from: null,
  to: null,
  sender: null,
  topic: null,
  fromNavigation: false,
};

/** A local day (YYYY-MM-DD) as a Date at its local midnight. */
export function localDay(value: string | null): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The filter state machine (S2 §4 "Message filters and list"). */
export function filtersReducer(state: MessageFilterState, action: FilterAction): MessageFilterState {
  switch (action.type) {
    case 'searchInput':
      // Clearing the box clears the search at once.
      return action.value.trim()
        ? { ...state, searchInput: action.value }
        : { ...state, searchInput: action.value, searchTerm: '' };
    case 'commitSearch':
      return { ...state, searchTerm: (action.value ?? state.searchInput).trim() };
    case 'searchType':
      return { ...state, searchType: action.value };
    case 'urgency':
      return { ...state, urgency: toggleUrgency(state.urgency, action.value) };
    case 'toggleOrder':
      return { ...state, order: state.order === 'desc' ? 'asc' : 'desc' };
    case 'groupByTopic':
      return { ...state, groupByTopic: action.value };
    case 'datePreset': {
      if (action.value === 'custom') return { ...state, datePreset: 'custom' };
      const r = datePresetRange(action.value, action.now);
      return {
        ...state,
        datePreset: action.value,
        customStart: null,
        customEnd: null,
        from: iso(r.from),
        to: iso(r.to),
      };
    }
    case 'customRange': {
      const start = localDay(action.start);
      const end = localDay(action.end);
      const preset = presetAfterDateChange(state.datePreset, start, end);
      if (preset !== 'custom') return { ...state, customStart: null, customEnd: null };
      const r = datePresetRange('custom', new Date(), { start, end });
      return {
        ...state,
        datePreset: 'custom',
        customStart: action.start,
        customEnd: action.end,
        from: iso(r.from),
        to: iso(r.to),
      };
    }
    case 'clearDates':
      return { ...state, datePreset: 'all', customStart: null, customEnd: null, from: null, to: null };
    case 'clearSender':
      return { ...state, sender: null, fromNavigation: state.topic !== null && state.fromNavigation };
    case 'clearTopic':
      return { ...state, topic: null, fromNavigation: state.sender !== null && state.fromNavigation };
    case 'navigate': {
      const base = {
        ...state,
        sender: null,
        topic: null,
        searchInput: '',
        searchTerm: '',
        searchType: 'standard' as const,
        fromNavigation: true,
      };
      const f = action.filter;
      if (f.kind === 'sender') return { ...base, sender: f.value };
      if (f.kind === 'topic') return { ...base, topic: f.value };
      const term = f.kind === 'id' ? `id:${f.value}` : f.value;
      return { ...base, searchInput: term, searchTerm: term };
    }
    case 'resetAll':
      return { ...initialFilters, order: state.order, groupByTopic: state.groupByTopic, searchType: state.searchType };
  }
}

/** The list query and live-match filters the state stands for. */
export function listFilters(state: MessageFilterState): Omit<MessageListQuery, 'limit' | 'cursor'> & MessageFilters {
  return {
    order: state.order,
    ...(state.searchTerm ? { q: state.searchTerm } : {}),
    ...(state.topic ? { topic: state.topic } : {}),
    ...(state.urgency ? { urgency: state.urgency } : {}),
    ...(state.sender ? { sender: state.sender } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
}

/** The Messages screen's filters and their list query. */
export function useMessageFilters() {
  const [state, dispatch] = useReducer(filtersReducer, initialFilters);
  const query = useMemo(() => listFilters(state), [state]);
  return { state, dispatch, query };
}
