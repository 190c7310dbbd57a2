import { useState, type ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { StoredSummary } from '@kehila/shared';
import { useToast } from '../toast/use-toast';
import { fullDate } from './message-time';
import { boldRuns, parseSummarySections, type SummarySection } from './summary-sections';
import styles from './messages.module.scss';

/** Texts of the summary card (S2 §8). */
export const SUMMARY_PANEL_TEXTS = {
  title: 'AI Summary',
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy summary',
} as const;

function Line({ text }: { text: string }) {
  return (
    <>{boldRuns(text).map((r, i) => (r.bold ? <strong key={i}>{r.text}</strong> : <span key={i}>{r.text}</span>))}</>
  );
}

/** A section's lines: runs of bullets as lists, other lines as paragraphs; each line finds its own direction. */
function SectionItems({ items }: { items: SummarySection['items'] }) {
  const blocks: { bullet: boolean; texts: string[] }[] = [];
  for (const it of items) {
    const last = blocks[blocks.length - 1];
    if (last && last.bullet && it.bullet) last.texts.push(it.text);
    else blocks.push({ bullet: it.bullet, texts: [it.text] });
  }
  return (
    <>
      {blocks.map((b, i) =>
        b.bullet ? (
          <ul key={i}>
            {b.texts.map((t, j) => (
              <li key={j} dir="auto">
                <Line text={t} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i} dir="auto">
            <Line text={b.texts[0] ?? ''} />
          </p>
        ),
      )}
    </>
  );
}

/**
 * The AI summary card (S2 §4): split into Key Topics, Action Items, Recommended Actions and Quick
 * Stats, with copy and collapse. `footer` holds what the page adds below (e.g. the suggested-actions
 * notice).
 */
export function SummaryPanel({ summary, footer }: { summary: StoredSummary; footer?: ReactNode }) {
  const toast = useToast();
  const [collapsed, setCollapsed] = useState(false);
  const sections = parseSummarySections(summary.summary);

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
                <SectionItems items={s.items} />
              </section>
            ))}
          </div>
          {footer}
        </SpaceBetween>
      )}
    </Container>
  );
}
