import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import { ACTION_TEXT_COLLAPSE_CHARS, textDirection } from '@kehila/shared';
import styles from '../actions.module.scss';

/** Long text collapses past 150 characters with Show more / Show less (S2 §9). */
export function CollapsibleText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const chars = Array.from(text);
  const long = chars.length > ACTION_TEXT_COLLAPSE_CHARS;
  const shown = long && !open ? `${chars.slice(0, ACTION_TEXT_COLLAPSE_CHARS).join('').trimEnd()}…` : text;
  return (
    <div>
      <div dir={textDirection(text)} className={styles.text}>
        {shown}
      </div>
      {long && (
        <Button variant="inline-link" onClick={() => setOpen((o) => !o)}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
