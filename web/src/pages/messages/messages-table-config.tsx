import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import {
  MESSAGE_TRUNCATE_CHARS,
  MESSAGE_TRUNCATE_CHARS_MOBILE_TABLE,
  UNKNOWN_SENDER,
  senderPhoneForm,
  type Message,
} from '@kehila/shared';
import { SentimentDot, UrgencyBadge } from '../../components/messages/message-badges';
import { MessageText } from '../../components/messages/message-text';
import { MessageTime } from '../../components/messages/message-time';
import { ColorBadge } from '../../components/messages/color-badge';
import styles from './messages-page.module.scss';

/** What the cells need besides the message. */
export interface CellContext {
  /** Below the large breakpoint the table cuts text at 60 characters (S2 §2.1 "mobile table"). */
  readonly narrow: boolean;
  /** Messages that arrived live in the last 5 seconds (their rows are lit). */
  readonly highlighted: ReadonlySet<string>;
  readonly onCreateAction: (m: Message) => void;
}

/**
 * The sender as S2 §2.1 shows it: the name, and the phone form of the sender id below it. Each part is
 * isolated in its own direction, so a Latin name in a Hebrew list (or the reverse) and the +digits
 * keep their order.
 */
export function SenderCell({ message }: { message: Message }) {
  const id = senderPhoneForm(message.sender_hash);
  const name = message.Sender_name?.trim();
  return (
    <span className={styles.senderCell}>
      <bdi className={styles.senderName} dir="auto">
        {name || id || UNKNOWN_SENDER}
      </bdi>
      {name && id && (
        <bdi className={styles.senderId} dir="ltr">
          {id}
        </bdi>
      )}
    </span>
  );
}

/** Keywords of a message as small labels, each in its own direction. */
export function Keywords({ keywords, max }: { keywords: readonly string[]; max?: number }) {
  const shown = max === undefined ? keywords : keywords.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <span className={styles.keywords}>
      {shown.map((k) => (
        <bdi key={k} className={styles.keyword} dir="auto">
          {k}
        </bdi>
      ))}
    </span>
  );
}

/** The topic of a message, General when it has none. */
export function TopicBadge({ topic }: { topic: string | null }) {
  const label = topic?.trim() || 'General';
  return (
    <ColorBadge color="blue" title={label}>
      {label}
    </ColorBadge>
  );
}

/** The 'Create Action' link of a row, card or thread (S2 §2.1). */
export function CreateActionButton({
  message,
  onCreateAction,
  ariaLabel,
}: {
  message: Message;
  onCreateAction: (m: Message) => void;
  ariaLabel?: string;
}) {
  return (
    <Button
      variant="inline-link"
      iconName="add-plus"
      {...(ariaLabel ? { ariaLabel } : {})}
      onClick={(e) => {
        e.stopPropagation();
        onCreateAction(message);
      }}
    >
      Create Action
    </Button>
  );
}

/** The message column's text: cut at 100 characters, 60 below the large breakpoint (S2 §2.1). */
export function messageTextLimit(narrow: boolean): number {
  return narrow ? MESSAGE_TRUNCATE_CHARS_MOBILE_TABLE : MESSAGE_TRUNCATE_CHARS;
}

/**
 * The desktop table's columns (S2 §2.1): Time, Sender, Topic, Keywords, Message, Priority. The time
 * cell carries the arrival mark that lights the row for 5 seconds (S2 §4).
 */
export function messageColumns(ctx: CellContext): TableProps.ColumnDefinition<Message>[] {
  return [
    {
      id: 'time',
      header: 'Time',
      width: 100,
      cell: (m) => (
        <span
          className={ctx.highlighted.has(m.msg_id) ? styles.arrived : undefined}
          data-arrived={ctx.highlighted.has(m.msg_id) || undefined}
        >
          <MessageTime iso={m.timestamp} desktop />
        </span>
      ),
    },
    { id: 'sender', header: 'Sender', width: 160, cell: (m) => <SenderCell message={m} /> },
    { id: 'topic', header: 'Topic', width: 140, cell: (m) => <TopicBadge topic={m.topic} /> },
    { id: 'keywords', header: 'Keywords', width: 140, cell: (m) => <Keywords keywords={m.keywords} /> },
    {
      id: 'message',
      header: 'Message',
      minWidth: 240,
      cell: (m) => (
        <div className={styles.messageCell}>
          <span className={styles.messageLine}>
            <SentimentDot sentiment={m.sentiment} />
            {m.media_type && <ColorBadge color="grey">{m.media_type}</ColorBadge>}
            <MessageText text={m.content} max={messageTextLimit(ctx.narrow)} block />
          </span>
          <span className={styles.rowAction}>
            <CreateActionButton message={m} onCreateAction={ctx.onCreateAction} />
          </span>
        </div>
      ),
    },
    { id: 'priority', header: 'Priority', width: 112, cell: (m) => <UrgencyBadge urgency={m.urgency} /> },
  ];
}
