import { useEffect, useMemo, useRef } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Skeleton from '@cloudscape-design/components/skeleton';
import Table, { type TableProps } from '@cloudscape-design/components/table';
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
import { CreateActionButton, Keywords, SenderCell, TopicBadge, messageColumns } from '../messages-table-config';
import styles from '../messages-page.module.scss';

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

/** "Load more", which also fires by itself when it scrolls into view. */
function LoadMore({ props }: { props: MessageListProps }) {
  const sentinel = useAutoLoad(!!props.hasMore && !props.loadingMore && !props.loading, props.onLoadMore);
  return (
    <div className={styles.loadMore} ref={sentinel}>
      <Button onClick={props.onLoadMore} loading={props.loadingMore}>
        Load more
      </Button>
    </div>
  );
}

function EmptyList() {
  return (
    <Box textAlign="center" color="inherit" padding="l" data-testid="messages-empty">
      {MESSAGES_TEXTS.noMessages}
    </Box>
  );
}

/**
 * The desktop list (S2 §2.1): Cloudscape tables over the loaded server pages, one for the flat list or
 * one per topic with its counts in the header. The server filters, sorts and pages; the collection
 * holds what has been loaded, and its empty state reads 'No messages found'.
 */
function MessageTables(props: MessageListProps) {
  const { items, collectionProps } = useCollection(props.messages, { filtering: { empty: <EmptyList /> } });
  const { narrow, highlighted, onCreateAction } = props;
  const columns = useMemo(
    () => messageColumns({ narrow, highlighted, onCreateAction }),
    [narrow, highlighted, onCreateAction],
  );
  const groups = useMemo(() => (props.grouped ? groupMessagesByTopic(items) : null), [props.grouped, items]);
  const common: Omit<TableProps<Message>, 'items'> = {
    ...collectionProps,
    columnDefinitions: columns,
    trackBy: 'msg_id',
    variant: 'container',
    wrapLines: true,
    // Fixed column widths (the message takes the rest), which the user may drag wider or narrower.
    resizableColumns: true,
    cellVerticalAlign: 'top',
    loadingText: 'Loading messages',
  };

  return (
    <div className={styles.tables}>
      {groups && !props.loading && items.length > 0 ? (
        groups.map((g) => (
          <Table
            key={g.label}
            {...common}
            items={g.messages}
            ariaLabels={{ tableLabel: `${g.label}: ${groupCounts(g)}` }}
            header={
              <Header variant="h3">
                <span data-testid="group-header">
                  <bdi dir="auto">{g.label}</bdi>
                  <span className={styles.groupCounts}>{groupCounts(g)}</span>
                </span>
              </Header>
            }
          />
        ))
      ) : (
        <Table
          {...common}
          items={items}
          loading={props.loading}
          skeleton={{ totalRows: SKELETON_ROWS }}
          ariaLabels={{ tableLabel: 'Messages' }}
        />
      )}
      {props.hasMore && !props.loading && <LoadMore props={props} />}
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

/** The mobile list (S2 §2.1): cards, flat or under topic headings. */
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
  if (props.messages.length === 0) {
    return (
      <div className={styles.empty} data-testid="messages-empty">
        {MESSAGES_TEXTS.noMessages}
      </div>
    );
  }
  const list = props.grouped ? (
    <div>
      {groupMessagesByTopic(props.messages).map((g) => (
        <section key={g.label} aria-label={g.label}>
          <h3 className={styles.groupTitle} data-testid="group-header">
            <bdi dir="auto">{g.label}</bdi>
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
  ) : (
    <ul className={styles.cards}>
      {props.messages.map((m) => (
        <MessageCard key={m.msg_id} message={m} props={props} />
      ))}
    </ul>
  );
  return (
    <div>
      {list}
      {props.hasMore && <LoadMore props={props} />}
    </div>
  );
}

/**
 * The message list (S2 §2.1): Cloudscape tables on desktop, cards on mobile; flat or grouped by topic
 * with message and participant counts; skeleton rows while loading; 'No messages found' when empty; the
 * next server page by "Load more" or on scrolling to the end.
 */
export function MessageList(props: MessageListProps) {
  return props.mobile ? <MessageCards {...props} /> : <MessageTables {...props} />;
}
