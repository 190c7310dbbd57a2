import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { RealtimeStatus } from '@kehila/shared';
import { IMPORT_TEXTS } from '../import-text';
import styles from '../messages-page.module.scss';

/** Words of the header (S2 §2.1). */
export const HEADER_TEXTS = {
  title: 'Messages',
  subtitle: 'Community conversations and insights',
  live: 'Live',
  group: (id: string) => `Group ${id}`,
  reconnect: 'Reconnect',
  generateSummary: 'Generate Summary',
  suggestActions: 'Suggest Actions',
} as const;

/**
 * The Messages header (S2 §2.1): title and subtitle, Live only while connected, the group, and the
 * reconnect, generate-summary and suggest-actions controls (Suggest Actions once a summary exists;
 * both disabled without a group or while one runs), plus the admins' import entry.
 */
export function MessagesHeader({
  status,
  groupId,
  reconnecting,
  onReconnect,
  summaryExists,
  generating,
  suggesting,
  onGenerate,
  onSuggest,
  canImport,
  onImport,
}: {
  status: RealtimeStatus | null;
  groupId: string | null;
  reconnecting: boolean;
  onReconnect: () => void;
  summaryExists: boolean;
  generating: boolean;
  suggesting: boolean;
  onGenerate: () => void;
  onSuggest: () => void;
  canImport: boolean;
  onImport: () => void;
}) {
  const processing = generating || suggesting;
  return (
    <Header
      variant="h1"
      description={
        <>
          {HEADER_TEXTS.subtitle}
          {(status === 'connected' || groupId) && (
            <span className={styles.headerMeta}>
              {status === 'connected' && (
                <span className={styles.live} data-testid="live-indicator">
                  <span className={styles.liveDot} aria-hidden="true" />
                  {HEADER_TEXTS.live}
                </span>
              )}
              {groupId && <span className={styles.group}>{HEADER_TEXTS.group(groupId)}</span>}
            </span>
          )}
        </>
      }
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {groupId && (
            <Button iconName="refresh" onClick={onReconnect} loading={reconnecting} disabled={reconnecting}>
              {HEADER_TEXTS.reconnect}
            </Button>
          )}
          <Button iconName="gen-ai" onClick={onGenerate} loading={generating} disabled={!groupId || processing}>
            {HEADER_TEXTS.generateSummary}
          </Button>
          {summaryExists && (
            <Button onClick={onSuggest} loading={suggesting} disabled={!groupId || processing}>
              {HEADER_TEXTS.suggestActions}
            </Button>
          )}
          {canImport && (
            <Button iconName="upload" onClick={onImport} disabled={!groupId}>
              {IMPORT_TEXTS.entry}
            </Button>
          )}
        </SpaceBetween>
      }
    >
      {HEADER_TEXTS.title}
    </Header>
  );
}
