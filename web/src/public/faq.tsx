import { useId, useState } from 'react';

/** An FAQ accordion (S3 §2): one answer open at a time; opening another closes the first. */
export function Faq({ items, title }: { items: readonly { q: string; a: string }[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <section className="pp-section" id="faq" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="pp-faq">
        {items.map((item, i) => {
          const expanded = open === i;
          return (
            <div key={item.q} className="pp-faq-item" data-testid="faq-item">
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={`${id}-a${i}`}
                  id={`${id}-q${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                >
                  {item.q}
                  <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                </button>
              </h3>
              <div id={`${id}-a${i}`} role="region" aria-labelledby={`${id}-q${i}`} hidden={!expanded}>
                <p>{item.a}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
