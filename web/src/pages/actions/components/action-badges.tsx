import { isDueSoon, isOverdue, type Action, type ActionPriority } from '@kehila/shared';
import { ColorBadge, type BadgeColor } from '../../../components/messages/color-badge';
import { ACTIONS_TEXTS } from '../actions-texts';

const PRIORITY_COLOR: Record<ActionPriority, BadgeColor> = { high: 'red', medium: 'amber', low: 'green' };

/** The priority badge (S2 §9 colours: high red, medium amber, low green). */
export function PriorityBadge({ priority }: { priority: ActionPriority }) {
  return <ColorBadge color={PRIORITY_COLOR[priority]}>{ACTIONS_TEXTS.priorities[priority]}</ColorBadge>;
}

/** The status badge of the detail dialog (S2 §2.3): Completed or Pending. */
export function StatusBadge({ action }: { action: Pick<Action, 'status'> }) {
  return action.status === 'done' ? (
    <ColorBadge color="green">{ACTIONS_TEXTS.completed}</ColorBadge>
  ) : (
    <ColorBadge color="blue">{ACTIONS_TEXTS.pending}</ColorBadge>
  );
}

/** The derived badges of a card (S2 §4): Completed for done actions; Overdue, else Due Soon, for pending ones. */
export function DerivedBadges({ action, now }: { action: Pick<Action, 'status' | 'due_date'>; now: Date }) {
  if (action.status === 'done') return <ColorBadge color="green">{ACTIONS_TEXTS.completed}</ColorBadge>;
  if (isOverdue(action, now)) return <ColorBadge color="red">{ACTIONS_TEXTS.overdue}</ColorBadge>;
  if (isDueSoon(action, now)) return <ColorBadge color="amber">{ACTIONS_TEXTS.dueSoon}</ColorBadge>;
  return null;
}
