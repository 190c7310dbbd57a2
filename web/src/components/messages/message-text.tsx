import { useState } from 'react';
import { splitLinks, textDirection, truncateText } from '@kehila/shared';
import styles from './messages.module.scss';

/** Labels of the truncation toggle: More/Less for messages (S2 §2.1), show more/less for threads. */
export interface ToggleLabels {
  readonly more: string;
  readonly less: string;
}

const MORE_LESS: ToggleLabels = { more: 'More', less: 'Less' };

/**
 * A message text as S2 §2.1 shows it: right-to-left when it holds Hebrew, links clickable, cut at
 * `max` characters with a More/Less toggle.
 */
export function MessageText({
  text,
  max,
  labels = MORE_LESS,
  block = false,
}: {
  text: string | null;
  max: number;
  labels?: ToggleLabels;
  /** A block of its own (so right-to-left text also aligns right), else inline. */
  block?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const full = text ?? '';
  const cut = truncateText(full, max);
  const shown = expanded || !cut.truncated ? full : cut.text;
  const Tag = block ? 'div' : 'span';
  return (
    <Tag className={styles.text} dir={textDirection(full)} data-testid="message-text" data-block={block || undefined}>
      {splitLinks(shown).map((s, i) =>
        s.kind === 'link' ? (
          <a key={i} href={s.href} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
            {s.text}
          </a>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
      {cut.truncated && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          onClick={(e) => {
            e.stopPropagation();
            setExpanded((v) => !v);
          }}
        >
          {expanded ? labels.less : labels.more}
        </button>
      )}
    </Tag>
  );
}
