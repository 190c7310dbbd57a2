import { Fragment, useEffect, useRef } from 'react';
import Button from '@cloudscape-design/components/button';
import Skeleton from '@cloudscape-design/components/skeleton';
import {
  MESSAGES_TEXTS,
  MESSAGE_TRUNCATE_CHARS,
  groupMessagesByTopic,
  type Message,
  type TopicGroup,
} from '@kehila/shared';
import { SentimentBadge, UrgencyBadge } from '../../../components/messages/message-badges';
import { MessageText } from '../../../components/messages/message-text';
import { MessageTime } from '../../../components/messages/message-time';
import { ColorBadge } from '../../../components/messages/color-badge';
import { Keywords, MESSAGE_COLUMNS, SenderCell, TopicBadge } from '../messages-table-config';
import styles from '../messages-page.module.css';

/** Skeleton rows shown while the first page loads (S2 §2.1). */
const SKELETON_ROWS = 6;

/** What the list shows and what it can do. */
export interface MessageListProps {
  readonly messages: readonly Message[];
  readonly loading: boolean;
  readonly grouped: boolean;
  /** Cards below 768 px, the table above (S2 §2.1). */
  readonly mobile: boolean;
  /** Below the large breakpoint the table cuts text at 60 characters (S2 §2.1 "mobile table"). */
  readonly narrow: boolean;
  readonly highlighted: ReadonlySet<string>;
  readonly onCreateAction: (m: Message) => void;
  /** Server-side paging: more pages exist, one is loading, load the next. */
  readonly hasMore?: boolean;
  readonly loadingMore?: boolean;
  readonly onLoadMore?: () => void;
}

/** "{n} messages · {p} participants" of a topic group header. */
export function groupCounts(g: TopicGroup): string {
  const m = g.messages.length;
  const p = g.participantCount;
  return `${m} ${m === 1 ? 'message' : 'messages'} · ${p} ${p === 1 ? 'participant' : 'participants'}`;
}

function CreateActionButton({ message, onCreateAction }: { message: Message; onCreateAction: (m: Message) => void }) {
  return (
    <Button
      variant="inline-link"
      iconName="add-plus"
      onClick={(e) => {
        e.stopPropagation();
        onCreateAction(message);
      }}
    >
      Create Action
    </Button>
  );
}

function TableRows({ messages, props }: { messages: readonly Message[]; props: MessageListProps }) {
  return (
    <>
      {messages.map((m) => (
        <tr key={m.msg_id} data-highlighted={props.highlighted.has(m.msg_id) || undefined} data-testid="message-row">
          {MESSAGE_COLUMNS.map((c) => (
            <td key={c.id}>
              {c.cell(m, { narrow: props.narrow })}
              {c.id === 'message' && (
                <div className={styles.rowAction}>
                  <CreateActionButton message={m} onCreateAction={props.onCreateAction} />
                </div>
              )}
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function MessageTable(props: MessageListProps) {
  const columns = MESSAGE_COLUMNS.length;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <colgroup>
          {MESSAGE_COLUMNS.map((c) => (
            <col key={c.id} style={c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {MESSAGE_COLUMNS.map((c) => (
              <th key={c.id} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={i} className={styles.skeletonRow} data-testid="skeleton-row">
                {Array.from({ length: columns }, (_, j) => (
                  <td key={j}>
                    <Skeleton width={j === 4 ? '90%' : '70%'} />
                  </td>
                ))}
              </tr>
            ))
          ) : props.grouped ? (
            groupMessagesByTopic(props.messages).map((g) => (
              <Fragment key={g.label}>
                <tr className={styles.groupHeader} data-testid="group-header">
                  <th colSpan={columns} scope="rowgroup">
                    <span dir="auto">{g.label}</span>
                    <span className={styles.groupCounts}>{groupCounts(g)}</span>
                  </th>
                </tr>
                <TableRows messages={g.messages} props={props} />
              </Fragment>
            ))
          ) : (
            <TableRows messages={props.messages} props={props} />
          )}
        </tbody>
      </table>
    </div>
  );
}

function MessageCard({ message: m, props }: { message: Message; props: MessageListProps }) {
  return (
    <li
      className={styles.card}
      data-highlighted={props.highlighted.has(m.msg_id) || undefined}
      data-testid="message-card"
    >
      <div className={styles.cardHead}>
        <SenderCell message={m} />
        <span className={styles.row}>
          <MessageTime iso={m.timestamp} desktop={false} />
          <CreateActionButton message={m} onCreateAction={props.onCreateAction} />
        </span>
      </div>
      {m.media_type && <ColorBadge color="grey">{m.media_type}</ColorBadge>}
      <MessageText text={m.content} max={MESSAGE_TRUNCATE_CHARS} />
      <div className={styles.cardMeta}>
        <TopicBadge topic={m.topic} />
        <UrgencyBadge urgency={m.urgency} />
        <SentimentBadge sentiment={m.sentiment} />
        <Keywords keywords={m.keywords} max={3} />
      </div>
    </li>
  );
}

function MessageCards(props: MessageListProps) {
  if (props.loading) {
    return (
      <ul className={styles.cards}>
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className={styles.card} data-testid="skeleton-row">
            <Skeleton width="40%" />
            <Skeleton width="95%" />
            <Skeleton width="70%" />
          </li>
        ))}
      </ul>
    );
  }
  if (props.grouped) {
    return (
      <div>
        {groupMessagesByTopic(props.messages).map((g) => (
          <section key={g.label} aria-label={g.label}>
            <h3 className={styles.groupTitle} data-testid="group-header">
              <span dir="auto">{g.label}</span>
              <span className={styles.groupCounts}>{groupCounts(g)}</span>
            </h3>
            <ul className={styles.cards} style={{ marginTop: 8 }}>
              {g.messages.map((m) => (
                <MessageCard key={m.msg_id} message={m} props={props} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }
  return (
    <ul className={styles.cards}>
      {props.messages.map((m) => (
        <MessageCard key={m.msg_id} message={m} props={props} />
      ))}
    </ul>
  );
}

/** Loads the next page when the end of the list scrolls into view (the button does the same by hand). */
function useAutoLoad(enabled: boolean, onLoadMore: (() => void) | undefined) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || !onLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, onLoadMore]);
  return ref;
}

/**
 * The message list (S2 §2.1): a table on desktop, cards on mobile; flat or grouped by topic with
 * message and participant counts; skeleton rows while loading; 'No messages found' when empty; the
 * next server page by "Load more" or on scrolling to the end.
 */
export function MessageList(props: MessageListProps) {
  const sentinel = useAutoLoad(!!props.hasMore && !props.loadingMore && !props.loading, props.onLoadMore);
  if (!props.loading && props.messages.length === 0) {
    return (
      <div className={styles.empty} data-testid="messages-empty">
        {MESSAGES_TEXTS.noMessages}
      </div>
    );
  }
  return (
    <div>
      {props.mobile ? <MessageCards {...props} /> : <MessageTable {...props} />}
      {props.hasMore && !props.loading && (
        <div className={styles.loadMore} ref={sentinel}>
          <Button onClick={props.onLoadMore} loading={props.loadingMore}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
