import type { DatePreset, SortOrder, Urgency } from '@kehila/shared';

/** Urgency filter buttons, highest first (S2 §4). */
export const URGENCY_OPTIONS: readonly { value: Urgency; label: string }[] = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

/** Sort order labels (S2 §4): desc is Newest (default), asc is Oldest. */
export const SORT_LABELS: Record<SortOrder, string> = { desc: 'Newest', asc: 'Oldest' };

/** Date preset options (S2 §4). */
export const DATE_PRESET_OPTIONS: readonly { value: DatePreset; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'last7Days', label: 'Last 7 days' },
  { value: 'last30Days', label: 'Last 30 days' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom range' },
];

/** Messages per page of the list (the API pages; the list never loads everything). */
export const MESSAGE_PAGE_SIZE = 50;
