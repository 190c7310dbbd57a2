import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { MESSAGES_TEXTS } from '@kehila/shared';

/**
 * Removable chips for the active sender and topic filters (S2 §2.1), each dismissed with 'Clear
 * filter', and the note that filters came from navigation.
 */
export function FilterChips({
  sender,
  topic,
  fromNavigation,
  onClearSender,
  onClearTopic,
}: {
  sender: string | null;
  topic: string | null;
  fromNavigation: boolean;
  onClearSender: () => void;
  onClearTopic: () => void;
}) {
  const items = [
    ...(sender ? [{ id: 'sender', label: `Sender: ${sender}`, dismissLabel: MESSAGES_TEXTS.clearFilter }] : []),
    ...(topic ? [{ id: 'topic', label: `Topic: ${topic}`, dismissLabel: MESSAGES_TEXTS.clearFilter }] : []),
  ];
  if (items.length === 0 && !fromNavigation) return null;
  return (
    <SpaceBetween size="xs">
      {fromNavigation && <Alert type="info">{MESSAGES_TEXTS.appliedFromNavigation}</Alert>}
      {items.length > 0 && (
        <TokenGroup
          items={items}
          onDismiss={({ detail }) => (items[detail.itemIndex]?.id === 'sender' ? onClearSender() : onClearTopic())}
          i18nStrings={{ limitShowMore: 'Show more', limitShowFewer: 'Show fewer' }}
        />
      )}
    </SpaceBetween>
  );
}
