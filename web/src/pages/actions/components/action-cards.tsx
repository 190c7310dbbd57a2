import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { parseGeneratedActionDetails, textDirection, type Action } from '@kehila/shared';
import { ACTIONS_TEXTS, formatActionDate } from '../actions-texts';
import { DerivedBadges, PriorityBadge } from './action-badges';
import { CollapsibleText } from './collapsible-text';

/** The address of an action's dialog (S2 §2.3 deep link), so a title is a real link. */
export function actionHref(a: Pick<Action, 'action_id'>): string {
  return `/actions?action=${encodeURIComponent(a.action_id)}`;
}

/** What a card or row can do to its action. */
export interface ActionItemHandlers {
  readonly onOpen: (a: Action) => void;
  readonly onDone: (a: Action) => void;
  readonly onSnooze: (a: Action) => void;
  readonly onDelete: (a: Action) => void;
}

/**
 * The grid view (S2 §2.3, §4): one card per action with its badges, details, due date and the
 * card actions (Done and Snooze for pending actions, Delete); cards are selectable for the bulk bar.
 */
export function ActionCards({
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
    <Cards
      items={items}
      loading={loading}
      loadingText="Loading actions"
      trackBy="action_id"
      selectionType="multi"
      selectedItems={selected}
      onSelectionChange={({ detail }) => onSelect(detail.selectedItems)}
      ariaLabels={{
        itemSelectionLabel: (_s, a) => `Select ${a.title}`,
        selectionGroupLabel: 'Action selection',
      }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      empty={empty}
      cardDefinition={{
        header: (a) => (
          <span dir={textDirection(a.title)}>
            <Link
              fontSize="heading-s"
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
        sections: [
          {
            id: 'badges',
            content: (a) => (
              <SpaceBetween direction="horizontal" size="xs">
                <PriorityBadge priority={a.priority} />
                <DerivedBadges action={a} now={now} />
              </SpaceBetween>
            ),
          },
          {
            id: 'details',
            content: (a) => {
              const body = parseGeneratedActionDetails(a.details ?? '').details;
              return body ? <CollapsibleText text={body} /> : null;
            },
          },
          {
            id: 'due',
            header: ACTIONS_TEXTS.dueDate,
            content: (a) => <Box variant="small">{formatActionDate(a.due_date)}</Box>,
          },
          {
            id: 'actions',
            content: (a) => (
              <SpaceBetween direction="horizontal" size="xs">
                {a.status === 'pending' && (
                  <Button iconName="check" ariaLabel={`${ACTIONS_TEXTS.done}: ${a.title}`} onClick={() => handlers.onDone(a)}>
                    {ACTIONS_TEXTS.done}
                  </Button>
                )}
                {a.status === 'pending' && (
                  <Button iconName="calendar" ariaLabel={`${ACTIONS_TEXTS.snooze}: ${a.title}`} onClick={() => handlers.onSnooze(a)}>
                    {ACTIONS_TEXTS.snooze}
                  </Button>
                )}
                <Button iconName="remove" ariaLabel={`${ACTIONS_TEXTS.delete}: ${a.title}`} onClick={() => handlers.onDelete(a)}>
                  {ACTIONS_TEXTS.delete}
                </Button>
              </SpaceBetween>
            ),
          },
        ],
      }}
    />
  );
}
