import { useNavigate } from 'react-router-dom';
import {
  THREAD_CARD_MAX_AVATARS,
  THREAD_TEXT_COLLAPSE_CHARS,
  senderDisplayName,
  textDirection,
  threadLink,
  type BuiltThread,
  type Message,
} from '@kehila/shared';
import { SentimentBadge, UrgencyBadge } from '../../../components/messages/message-badges';
import { MessageText } from '../../../components/messages/message-text';
import { MessageTime } from '../../../components/messages/message-time';
import { CreateActionButton, Keywords } from '../messages-table-config';
import styles from '../messages-page.module.scss';

/** Initials of a sender for an avatar ('Dana Levi' → 'DL', '+972…' → '97'). */
export function initials(name: string): string {
  const words = name.replace(/^\+/, '').split(/\s+/).filter(Boolean);
  if (words.length >= 2)
    return `${Array.from(words[0] ?? '')[0] ?? ''}${Array.from(words[1] ?? '')[0] ?? ''}`.toUpperCase();
  return Array.from(words[0] ?? '?')
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/**
 * A thread card of the overview (S2 §2.1): topic, latest message (show more past 180 characters),
 * message count, last activity, senders (up to 3 avatars), urgency, sentiment on desktop and up to 3
 * keywords. Clicking it opens the list filtered by its topic, else its sender.
 */
export function ThreadCard({
  thread,
  mobile,
  highlighted,
  onCreateAction,
}: {
  thread: BuiltThread;
  mobile: boolean;
  highlighted: boolean;
  onCreateAction: (m: Message) => void;
}) {
  const navigate = useNavigate();
  const latest = thread.messages[0];
  const href = threadLink(thread);
  const title = thread.topic ?? 'General';
  const extra = thread.senders.length - THREAD_CARD_MAX_AVATARS;
  const open = () => navigate(href);

  return (
    <article
      className={styles.threadCard}
      data-highlighted={highlighted || undefined}
      data-testid="thread-card"
      role="link"
      tabIndex={0}
      aria-label={`${title}: ${thread.messageCount} messages`}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) open();
      }}
    >
      <div className={styles.threadTop}>
        <h4 className={styles.threadTopic}>
          <bdi dir="auto">{title}</bdi>
        </h4>
        <span className={styles.row}>
          <UrgencyBadge urgency={thread.urgency} />
          {!mobile && <SentimentBadge sentiment={thread.sentiment} />}
        </span>
      </div>
      {latest && (
        <div className={styles.threadLatest} dir={textDirection(latest.content)}>
          <bdi className={styles.threadLatestSender} dir="auto">
            {senderDisplayName(latest)}
          </bdi>
          {': '}
          <MessageText
            text={latest.content}
            max={THREAD_TEXT_COLLAPSE_CHARS}
            labels={{ more: 'show more', less: 'show less' }}
          />
        </div>
      )}
      <Keywords keywords={thread.keywords} />
      <div className={styles.threadFoot}>
        <span className={styles.avatars} aria-label={`Senders: ${thread.senders.join(', ')}`} role="img">
          {thread.senders.slice(0, THREAD_CARD_MAX_AVATARS).map((s) => (
            <span key={s} className={styles.avatar} title={s}>
              {initials(s)}
            </span>
          ))}
          {extra > 0 && <span className={`${styles.avatar} ${styles.avatarMore}`}>+{extra}</span>}
        </span>
        <span>
          {thread.messageCount} {thread.messageCount === 1 ? 'message' : 'messages'} ·{' '}
          <MessageTime iso={thread.lastActivity} desktop={!mobile} />
        </span>
      </div>
      {latest && (
        <div className={styles.threadAction}>
          <CreateActionButton
            message={latest}
            onCreateAction={onCreateAction}
            ariaLabel={`Create Action from ${title}`}
          />
        </div>
      )}
    </article>
  );
}
