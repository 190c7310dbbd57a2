import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { StoredSummary } from '@kehila/shared';
import { useToast } from '../toast/use-toast';
import { fullDate } from './message-time';
import { boldRuns, summaryView, type SummaryLine, type SummarySection } from './summary-sections';
import styles from './messages.module.scss';

/** Texts of the summary card (S2 §8). */
export const SUMMARY_PANEL_TEXTS = {
  title: 'AI Summary',
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy summary',
  /** A part with nothing in the period's messages. */
  none: 'None',
  /** Accessible name of the n-th message a line cites. */
  citation: (n: number, of: number) => `Source message ${n} of ${of}`,
} as const;

/** Where a citation leads: the message on the Messages screen (All Messages, searched by its id). */
export function citationHref(msgId: string): string {
  return `/messages?view=table&id=${encodeURIComponent(msgId)}`;
}

/** The messages a line cites, as numbered links to each on the Messages screen. */
function Citations({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return (
    <span className={styles.citations}>
      {ids.map((id, i) => (
        <Link
          key={id}
          to={citationHref(id)}
          className={styles.citation}
          aria-label={SUMMARY_PANEL_TEXTS.citation(i + 1, ids.length)}
          title={id}
          data-msg-id={id}
        >
          {i + 1}
        </Link>
      ))}
    </span>
  );
}

function Line({ text }: { text: string }) {
  return (
    <>{boldRuns(text).map((r, i) => (r.bold ? <strong key={i}>{r.text}</strong> : <span key={i}>{r.text}</span>))}</>
  );
}

/** A section's lines: runs of bullets as lists, other lines as paragraphs; each line finds its own direction. */
function SectionItems({ items, part }: { items: SummarySection['items']; part: boolean }) {
  if (items.length === 0 && part) return <p className={styles.summaryNone}>{SUMMARY_PANEL_TEXTS.none}</p>;
  const blocks: { bullet: boolean; lines: SummaryLine[] }[] = [];
  for (const it of items) {
    const last = blocks[blocks.length - 1];
    if (last && last.bullet && it.bullet) last.lines.push(it);
    else blocks.push({ bullet: it.bullet, lines: [it] });
  }
  return (
    <>
      {blocks.map((b, i) =>
        b.bullet ? (
          <ul key={i}>
            {b.lines.map((l, j) => (
              <li key={j} dir="auto">
                <Line text={l.text} />
                <Citations ids={l.citations ?? []} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i} dir="auto">
            <Line text={b.lines[0]?.text ?? ''} />
          </p>
        ),
      )}
    </>
  );
}

/**
 * The AI summary card (S2 §4): split into Key Topics, Action Items, Recommended Actions and Quick
 * Stats, with copy and collapse; each line links the messages it cites to the Messages screen. `footer` holds what the page adds below (e.g. the suggested-actions
 * notice).
 */
export function SummaryPanel({ summary, footer }: { summary: StoredSummary; footer?: ReactNode }) {
  const toast = useToast();
  const [collapsed, setCollapsed] = useState(false);
  const sections = summaryView(summary);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(summary.summary);
      toast.success(SUMMARY_PANEL_TEXTS.copied);
    } catch {
      toast.error(SUMMARY_PANEL_TEXTS.copyFailed);
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`Generated ${fullDate(summary.created_at)}`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button iconName="copy" variant="icon" ariaLabel="Copy summary" onClick={() => void copy()} />
              <Button
                iconName={collapsed ? 'angle-down' : 'angle-up'}
                variant="icon"
                ariaLabel={collapsed ? 'Expand summary' : 'Collapse summary'}
                ariaExpanded={!collapsed}
                onClick={() => setCollapsed((v) => !v)}
              />
            </SpaceBetween>
          }
        >
          {SUMMARY_PANEL_TEXTS.title}
        </Header>
      }
    >
      {!collapsed && (
        <SpaceBetween size="m">
          <div className={styles.summaryBody} data-testid="summary-body">
            {sections.map((s, i) => (
              <section
                key={i}
                className={styles.summarySection}
                data-part={s.name ?? undefined}
                aria-label={s.name ?? s.title ?? undefined}
              >
                {s.title && <h3 dir="auto">{s.title}</h3>}
                <SectionItems items={s.items} part={s.name !== null} />
              </section>
            ))}
          </div>
          {footer}
        </SpaceBetween>
      )}
    </Container>
  );
}
