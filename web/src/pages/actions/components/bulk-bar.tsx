import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ActionPriority, BulkActionChange } from '@kehila/shared';
import { ACTIONS_TEXTS } from '../actions-texts';

/** The bulk-action bar (S2 §2.3, §4), shown while actions are selected. */
export function BulkBar({
  count,
  busy,
  onChange,
  onDelete,
  onClear,
}: {
  count: number;
  busy: boolean;
  onChange: (change: BulkActionChange) => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <Container>
      <div role="toolbar" aria-label="Bulk actions">
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Box fontWeight="bold">{ACTIONS_TEXTS.selected(count)}</Box>
          <Button disabled={busy} onClick={() => onChange({ kind: 'status', status: 'done' })}>
            {ACTIONS_TEXTS.markComplete}
          </Button>
          <Button disabled={busy} onClick={() => onChange({ kind: 'status', status: 'pending' })}>
            {ACTIONS_TEXTS.markPending}
          </Button>
          <Button disabled={busy} onClick={() => onChange({ kind: 'snooze' })}>
            {ACTIONS_TEXTS.snooze}
          </Button>
          <ButtonDropdown
            disabled={busy}
            items={(['high', 'medium', 'low'] as const).map((p) => ({ id: p, text: ACTIONS_TEXTS.priorities[p] }))}
            onItemClick={({ detail }) => onChange({ kind: 'priority', priority: detail.id as ActionPriority })}
          >
            {ACTIONS_TEXTS.setPriority}
          </ButtonDropdown>
          <Button disabled={busy} onClick={onDelete}>
            {ACTIONS_TEXTS.delete}
          </Button>
          <Button variant="link" onClick={onClear}>
            {ACTIONS_TEXTS.clearSelection}
          </Button>
        </SpaceBetween>
      </div>
    </Container>
  );
}
