import type { ReactNode } from 'react';
import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { textDirection, type Action } from '@kehila/shared';

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

/** What the grid and the table views both take. */
export interface ActionCollectionProps {
  readonly items: Action[];
  readonly loading: boolean;
  readonly selected: Action[];
  readonly onSelect: (items: Action[]) => void;
  readonly empty: ReactNode;
  readonly now: Date;
  readonly handlers: ActionItemHandlers;
}

/** The props Cloudscape's Cards and Table share: items, loading, multi-selection for the bulk bar. */
export function collectionProps({ items, loading, selected, onSelect, empty }: ActionCollectionProps) {
  return {
    items,
    loading,
    loadingText: 'Loading actions',
    trackBy: 'action_id',
    selectionType: 'multi',
    selectedItems: selected,
    onSelectionChange: ({ detail }: { detail: { selectedItems: Action[] } }) => onSelect(detail.selectedItems),
    empty,
  } as const;
}

/** An action's title as a link to its dialog's address that opens the dialog in place. */
export function ActionTitleLink({
  action,
  onOpen,
  fontSize,
}: {
  action: Action;
  onOpen: (a: Action) => void;
  fontSize?: LinkProps.FontSize;
}) {
  return (
    <span dir={textDirection(action.title)}>
      <Link
        {...(fontSize ? { fontSize } : {})}
        href={actionHref(action)}
        onFollow={(e) => {
          e.preventDefault();
          onOpen(action);
        }}
      >
        {action.title}
      </Link>
    </span>
  );
}
