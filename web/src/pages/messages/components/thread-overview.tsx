import { useMemo } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Skeleton from '@cloudscape-design/components/skeleton';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router-dom';
import { MESSAGES_TEXTS, buildThreads, groupThreadsByDate, type Message } from '@kehila/shared';
import { ThreadCard } from './thread-card';
import styles from '../messages-page.module.scss';

/** Where View All leads (S2 §2.1). */
export const VIEW_ALL_PATH = '/messages?view=table';

/**
 * The Overview tab (S2 §2.1): "Recent Conversations" built from the latest 100 messages, thread
 * cards under Today, Yesterday and Earlier with their counts, and View All.
 */
export function ThreadOverview({
  messages,
  loading,
  mobile,
  highlighted,
  onCreateAction,
}: {
  messages: readonly Message[];
  loading: boolean;
  mobile: boolean;
  highlighted: ReadonlySet<string>;
  onCreateAction: (m: Message) => void;
}) {
  const navigate = useNavigate();
  const groups = useMemo(() => groupThreadsByDate(buildThreads(messages, new Date())), [messages]);

  return (
    <SpaceBetween size="m">
      <Header
        variant="h2"
        actions={
          <Button onClick={() => navigate(VIEW_ALL_PATH)} iconName="angle-right" iconAlign="right">
            View All
          </Button>
        }
      >
        Recent Conversations
      </Header>
      {loading ? (
        <ul className={styles.threadGrid}>
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className={styles.threadCard} data-testid="skeleton-row">
              <Skeleton width="50%" />
              <Skeleton width="90%" />
              <Skeleton width="70%" />
            </li>
          ))}
        </ul>
      ) : groups.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          {MESSAGES_TEXTS.noThreads}
        </Box>
      ) : (
        <div className={styles.threadGroups}>
          {groups.map((g) => (
            <section key={g.group} aria-label={g.group}>
              <h3 className={styles.threadGroupTitle}>
                {g.group}
                <span className={styles.groupCounts} data-testid="thread-group-count">
                  {g.threads.length} {g.threads.length === 1 ? 'thread' : 'threads'}
                </span>
              </h3>
              <ul className={styles.threadGrid}>
                {g.threads.map((t) => (
                  <li key={t.topic ?? '\u0000general'}>
                    <ThreadCard
                      thread={t}
                      mobile={mobile}
                      highlighted={t.messages.some((m) => highlighted.has(m.msg_id))}
                      onCreateAction={onCreateAction}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </SpaceBetween>
  );
}
