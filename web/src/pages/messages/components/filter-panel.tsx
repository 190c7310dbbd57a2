import { Suspense, lazy } from 'react';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Select from '@cloudscape-design/components/select';
import Spinner from '@cloudscape-design/components/spinner';
import Toggle from '@cloudscape-design/components/toggle';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import { MESSAGES_TEXTS, type DatePreset, type Urgency } from '@kehila/shared';
import { DATE_PRESET_OPTIONS, SORT_LABELS, URGENCY_OPTIONS } from '../filter-config';
import type { FilterAction, MessageFilterState } from '../use-message-filters';
import styles from '../messages-page.module.scss';

// The calendar (with its date library) is the heaviest part of the panel and only shows for a custom range.
const DateRangePicker = lazy(() => import('@cloudscape-design/components/date-range-picker'));

/** Words of the filter panel. */
export const FILTER_TEXTS = {
  urgency: 'Urgency',
  sort: 'Sort',
  dates: 'Dates',
  groupByTopic: 'Group by topic',
  clearDates: 'Clear dates',
  resetAll: 'Reset all filters',
  refresh: 'Refresh',
  exportCsv: 'Export CSV',
  exporting: (n: number) => `Exporting… ${n} messages`,
  customRange: 'Custom range',
} as const;

const validRange: DateRangePickerProps.ValidationFunction = (value) => {
  if (value?.type === 'absolute' && value.startDate && value.endDate && value.startDate > value.endDate) {
    return { valid: false, errorMessage: 'The start date must be on or before the end date.' };
  }
  return { valid: true };
};

/**
 * The filter panel (S2 §4): urgency (clicking the active one clears it), sort Newest/Oldest, group by
 * topic, date presets with a custom calendar range, clear dates, reset all, and a manual refresh that
 * shows 'Syncing...' for at least a second.
 */
export function FilterPanel({
  state,
  dispatch,
  onClearDates,
  onResetAll,
  onRefresh,
  syncing,
  onExport,
  exporting,
}: {
  state: MessageFilterState;
  dispatch: (a: FilterAction) => void;
  onClearDates: () => void;
  onResetAll: () => void;
  onRefresh: () => void;
  syncing: boolean;
  /** Export CSV of the list with these filters; `exporting` is the count so far while it runs. */
  onExport: () => void;
  exporting: number | null;
}) {
  const preset = DATE_PRESET_OPTIONS.find((o) => o.value === state.datePreset) ?? null;
  const range: DateRangePickerProps.Value | null =
    state.customStart && state.customEnd
      ? { type: 'absolute', startDate: state.customStart, endDate: state.customEnd }
      : null;

  return (
    <div className={styles.toolbar} role="group" aria-label="Filters">
      <div className={styles.toolbarItem}>
        <span className={styles.toolbarLabel} id="urgency-label">
          {FILTER_TEXTS.urgency}
        </span>
        <div className={styles.row} role="group" aria-labelledby="urgency-label">
          {URGENCY_OPTIONS.map((o) => (
            <ToggleButton
              key={o.value}
              pressed={state.urgency === o.value}
              onChange={() => dispatch({ type: 'urgency', value: o.value as Urgency })}
            >
              {o.label}
            </ToggleButton>
          ))}
        </div>
      </div>
      <div className={styles.toolbarItem}>
        <span className={styles.toolbarLabel}>{FILTER_TEXTS.sort}</span>
        <Button
          iconName={state.order === 'desc' ? 'arrow-down' : 'arrow-up'}
          onClick={() => dispatch({ type: 'toggleOrder' })}
          ariaLabel={`Sort: ${SORT_LABELS[state.order]}`}
        >
          {SORT_LABELS[state.order]}
        </Button>
      </div>
      <div className={styles.toolbarItem}>
        <span className={styles.toolbarLabel}>{FILTER_TEXTS.dates}</span>
        <div className={styles.row}>
          <div className={styles.presetSelect}>
            <Select
              selectedOption={preset}
              options={DATE_PRESET_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              onChange={({ detail }) =>
                dispatch({ type: 'datePreset', value: detail.selectedOption.value as DatePreset, now: new Date() })
              }
              ariaLabel="Date range"
            />
          </div>
          {state.datePreset === 'custom' && (
            <Suspense fallback={<Spinner />}>
              <DateRangePicker
                value={range}
                rangeSelectorMode="absolute-only"
                dateOnly
                relativeOptions={[]}
                isValidRange={validRange}
                placeholder="Choose dates"
                onChange={({ detail }) => {
                  const v = detail.value;
                  if (v?.type === 'absolute')
                    dispatch({ type: 'customRange', start: v.startDate || null, end: v.endDate || null });
                  else onClearDates();
                }}
                i18nStrings={{ applyButtonLabel: 'Apply', cancelButtonLabel: 'Cancel', clearButtonLabel: 'Clear' }}
              />
            </Suspense>
          )}
          {state.datePreset !== 'all' && <Button onClick={onClearDates}>{FILTER_TEXTS.clearDates}</Button>}
        </div>
      </div>
      <div className={styles.toolbarItem}>
        <Toggle
          checked={state.groupByTopic}
          onChange={({ detail }) => dispatch({ type: 'groupByTopic', value: detail.checked })}
        >
          {FILTER_TEXTS.groupByTopic}
        </Toggle>
      </div>
      <div className={styles.row}>
        <Button onClick={onResetAll}>{FILTER_TEXTS.resetAll}</Button>
        <Button iconName="refresh" onClick={onRefresh} disabled={syncing}>
          {syncing ? MESSAGES_TEXTS.syncing : FILTER_TEXTS.refresh}
        </Button>
        <Button iconName="download" onClick={onExport} loading={exporting !== null}>
          {exporting !== null ? FILTER_TEXTS.exporting(exporting) : FILTER_TEXTS.exportCsv}
        </Button>
      </div>
    </div>
  );
}
