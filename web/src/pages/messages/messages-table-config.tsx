import type { ReactNode } from 'react';
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
import styles from './messages-page.module.css';

/** How a cell is drawn: on a narrow (below large) screen the table cuts text at 60 characters. */
export interface CellContext {
  readonly narrow: boolean;
}

/** A column of the message table. */
export interface MessageColumn {
  readonly id: 'time' | 'sender' | 'topic' | 'keywords' | 'message' | 'priority';
  readonly header: string;
  /** Column width (CSS); the message column takes the rest. */
  readonly width?: string;
  readonly cell: (m: Message, ctx: CellContext) => ReactNode;
}

/** The sender as S2 §2.1 shows it: the name, and the phone form of the sender id below it. */
export function SenderCell({ message }: { message: Message }) {
  const id = senderPhoneForm(message.sender_hash);
  const name = message.Sender_name?.trim();
  return (
    <span className={styles.senderCell}>
      <span className={styles.senderName} dir="auto">
        {name || id || UNKNOWN_SENDER}
      </span>
      {name && id && (
        <span className={styles.senderId} dir="ltr">
          {id}
        </span>
      )}
    </span>
  );
}

/** Keywords of a message as small labels. */
export function Keywords({ keywords, max }: { keywords: readonly string[]; max?: number }) {
  const shown = max === undefined ? keywords : keywords.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <span className={styles.keywords}>
      {shown.map((k) => (
        <span key={k} className={styles.keyword} dir="auto">
          {k}
        </span>
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

/** The desktop table's columns (S2 §2.1): Time, Sender, Topic, Keywords, Message, Priority. */
export const MESSAGE_COLUMNS: readonly MessageColumn[] = [
  { id: 'time', header: 'Time', width: '96px', cell: (m) => <MessageTime iso={m.timestamp} desktop /> },
  { id: 'sender', header: 'Sender', width: '140px', cell: (m) => <SenderCell message={m} /> },
  { id: 'topic', header: 'Topic', width: '120px', cell: (m) => <TopicBadge topic={m.topic} /> },
  { id: 'keywords', header: 'Keywords', width: '130px', cell: (m) => <Keywords keywords={m.keywords} /> },
  {
    id: 'message',
    header: 'Message',
    cell: (m, ctx) => (
      <span className={styles.messageLine}>
        <SentimentDot sentiment={m.sentiment} />
        {m.media_type && <ColorBadge color="grey">{m.media_type}</ColorBadge>}
        <MessageText
          text={m.content}
          max={ctx.narrow ? MESSAGE_TRUNCATE_CHARS_MOBILE_TABLE : MESSAGE_TRUNCATE_CHARS}
          block
        />
      </span>
    ),
  },
  { id: 'priority', header: 'Priority', width: '88px', cell: (m) => <UrgencyBadge urgency={m.urgency} /> },
];
