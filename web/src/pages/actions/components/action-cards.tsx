import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { parseGeneratedActionDetails } from '@kehila/shared';
import { ACTIONS_TEXTS, formatActionDate } from '../actions-texts';
import { DerivedBadges, PriorityBadge } from './action-badges';
import { ActionTitleLink, collectionProps, type ActionCollectionProps } from './action-collection';
import { CollapsibleText } from './collapsible-text';

/**
 * The grid view (S2 §2.3, §4): one card per action with its badges, details, due date and the
 * card actions (Done and Snooze for pending actions, Delete); cards are selectable for the bulk bar.
 */
export function ActionCards(props: ActionCollectionProps) {
  const { now, handlers } = props;
  return (
    <Cards
      {...collectionProps(props)}
      ariaLabels={{
        itemSelectionLabel: (_s, a) => `Select ${a.title}`,
        selectionGroupLabel: 'Action selection',
      }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      cardDefinition={{
        header: (a) => <ActionTitleLink action={a} onOpen={handlers.onOpen} fontSize="heading-s" />,
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
                  <Button
                    iconName="check"
                    ariaLabel={`${ACTIONS_TEXTS.done}: ${a.title}`}
                    onClick={() => handlers.onDone(a)}
                  >
                    {ACTIONS_TEXTS.done}
                  </Button>
                )}
                {a.status === 'pending' && (
                  <Button
                    iconName="calendar"
                    ariaLabel={`${ACTIONS_TEXTS.snooze}: ${a.title}`}
                    onClick={() => handlers.onSnooze(a)}
                  >
                    {ACTIONS_TEXTS.snooze}
                  </Button>
                )}
                <Button
                  iconName="remove"
                  ariaLabel={`${ACTIONS_TEXTS.delete}: ${a.title}`}
                  onClick={() => handlers.onDelete(a)}
                >
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
