import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { actionSubject, actionTableStatus, type Action, type ActionTableStatus } from '@kehila/shared';
import { ColorBadge, type BadgeColor } from '../../../components/messages/color-badge';
import { ACTIONS_TEXTS, formatActionDate } from '../actions-texts';
import { PriorityBadge } from './action-badges';
import {
  ActionTitleLink,
  collectionProps,
  type ActionCollectionProps,
  type ActionItemHandlers,
} from './action-collection';

const STATUS_COLOR: Record<ActionTableStatus, BadgeColor> = {
  Completed: 'green',
  'No Due Date': 'grey',
  Overdue: 'red',
  'Due Today': 'amber',
  Pending: 'blue',
};

function columns(now: Date, handlers: ActionItemHandlers): TableProps.ColumnDefinition<Action>[] {
  return [
    {
      id: 'subject',
      header: ACTIONS_TEXTS.columns.subject,
      cell: (a) => <span dir="auto">{actionSubject(a.title)}</span>,
    },
    {
      id: 'title',
      header: ACTIONS_TEXTS.columns.title,
      isRowHeader: true,
      // Readable on a phone: the table scrolls sideways rather than squeezing the title to a word a line.
      minWidth: 200,
      cell: (a) => <ActionTitleLink action={a} onOpen={handlers.onOpen} />,
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
          <Button
            variant="inline-icon"
            iconName="expand"
            ariaLabel={`${ACTIONS_TEXTS.view}: ${a.title}`}
            onClick={() => handlers.onOpen(a)}
          />
          <Button
            variant="inline-icon"
            iconName="remove"
            ariaLabel={`${ACTIONS_TEXTS.delete}: ${a.title}`}
            onClick={() => handlers.onDelete(a)}
          />
        </SpaceBetween>
      ),
    },
  ];
}

/** The table view (S2 §2.3, §4): subject from the title's bracketed segment, the table status label, a working delete. */
export function ActionsTable(props: ActionCollectionProps) {
  return (
    <Table
      {...collectionProps(props)}
      ariaLabels={{
        itemSelectionLabel: (_s, a) => `Select ${a.title}`,
        allItemsSelectionLabel: () => 'Select all actions',
        selectionGroupLabel: 'Action selection',
      }}
      columnDefinitions={columns(props.now, props.handlers)}
      variant="container"
      wrapLines
    />
  );
}
