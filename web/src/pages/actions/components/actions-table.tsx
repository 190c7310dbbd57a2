import type { ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { actionSubject, actionTableStatus, textDirection, type Action, type ActionTableStatus } from '@kehila/shared';
import { ColorBadge, type BadgeColor } from '../../../components/messages/color-badge';
import { ACTIONS_TEXTS, formatActionDate } from '../actions-texts';
import { PriorityBadge } from './action-badges';
import { actionHref, type ActionItemHandlers } from './action-cards';

const STATUS_COLOR: Record<ActionTableStatus, BadgeColor> = {
  Completed: 'green',
  'No Due Date': 'grey',
  Overdue: 'red',
  'Due Today': 'amber',
  Pending: 'blue',
};

function columns(now: Date, handlers: ActionItemHandlers): TableProps.ColumnDefinition<Action>[] {
  return [
    { id: 'subject', header: ACTIONS_TEXTS.columns.subject, cell: (a) => <span dir="auto">{actionSubject(a.title)}</span> },
    {
      id: 'title',
      header: ACTIONS_TEXTS.columns.title,
      isRowHeader: true,
      // Readable on a phone: the table scrolls sideways rather than squeezing the title to a word a line.
      minWidth: 200,
      cell: (a) => (
        <span dir={textDirection(a.title)}>
          <Link
            href={actionHref(a)}
            onFollow={(e) => {
              e.preventDefault();
              handlers.onOpen(a);
            }}
          >
            {a.title}
          </Link>
        </span>
      ),
    },
    { id: 'priority', header: ACTIONS_TEXTS.columns.priority, cell: (a) => <PriorityBadge priority={a.priority} /> },
    {
      id: 'status',
      header: ACTIONS_TEXTS.columns.status,
      cell: (a) => {
        const label = actionTableStatus(a, now);
        return <ColorBadge color={STATUS_COLOR[label]}>{label}</ColorBadge>;
      },
    },
    { id: 'due', header: ACTIONS_TEXTS.columns.due, cell: (a) => formatActionDate(a.due_date) },
    {
      id: 'actions',
      header: ACTIONS_TEXTS.columns.actions,
      cell: (a) => (
        <SpaceBetween direction="horizontal" size="xxs">
          <Button variant="inline-icon" iconName="expand" ariaLabel={`${ACTIONS_TEXTS.view}: ${a.title}`} onClick={() => handlers.onOpen(a)} />
          <Button variant="inline-icon" iconName="remove" ariaLabel={`${ACTIONS_TEXTS.delete}: ${a.title}`} onClick={() => handlers.onDelete(a)} />
        </SpaceBetween>
      ),
    },
  ];
}

/** The table view (S2 §2.3, §4): subject from the title's bracketed segment, the table status label, a working delete. */
export function ActionsTable({
  items,
  loading,
  selected,
  onSelect,
  empty,
  now,
  handlers,
}: {
  items: Action[];
  loading: boolean;
  selected: Action[];
  onSelect: (items: Action[]) => void;
  empty: ReactNode;
  now: Date;
  handlers: ActionItemHandlers;
}) {
  return (
    <Table
      items={items}
      loading={loading}
      loadingText="Loading actions"
      trackBy="action_id"
      selectionType="multi"
      selectedItems={selected}
      onSelectionChange={({ detail }) => onSelect(detail.selectedItems)}
      ariaLabels={{
        itemSelectionLabel: (_s, a) => `Select ${a.title}`,
        allItemsSelectionLabel: () => 'Select all actions',
        selectionGroupLabel: 'Action selection',
      }}
      columnDefinitions={columns(now, handlers)}
      variant="container"
      wrapLines
      empty={empty}
    />
  );
}
