import { useEffect, useRef, useState } from 'react';
import type { PublicLang } from '@kehila/shared/public-pages';
import { DEMO_FRAME_SIZE, DEMO_FRAMES } from './demo-frames';
import { publicTexts } from './texts';

/** How long each frame shows before the next. */
const FRAME_MS = 3500;

/**
 * The Watch Demo modal (S3 §2): the demo recorded from the running app (scripts/record-demo.ts),
 * shipped with the site, no third-party embed. It plays frame by frame; arrows step, Escape closes.
 */
export function DemoModal({ lang, onClose }: { lang: PublicLang; onClose: () => void }) {
  const t = publicTexts[lang].demo;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const closeButton = useRef<HTMLButtonElement>(null);
  const frame = DEMO_FRAMES[index] ?? DEMO_FRAMES[0];

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % DEMO_FRAMES.length), FRAME_MS);
    return () => window.clearTimeout(timer);
  }, [index, playing]);

  const step = (delta: number) => {
    setPlaying(false);
    setIndex((i) => (i + delta + DEMO_FRAMES.length) % DEMO_FRAMES.length);
  };

  return (
    <div className="pp-modal-backdrop" onClick={onClose}>
      <div
        className="pp-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="demo-title"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="pp-modal-head">
          <h2 id="demo-title">{t.title}</h2>
          <button ref={closeButton} type="button" className="pp-button pp-button-quiet" onClick={onClose}>
            {t.close}
          </button>
        </div>
        <p className="pp-muted">{t.intro}</p>
        {frame && (
          <figure className="pp-demo-figure">
            <img
              src={frame.src}
              width={DEMO_FRAME_SIZE.width}
              height={DEMO_FRAME_SIZE.height}
              alt={frame.caption[lang]}
              data-testid="demo-frame"
            />
            <figcaption aria-live="polite">
              {frame.caption[lang]} · {t.frame(index + 1, DEMO_FRAMES.length)}
            </figcaption>
          </figure>
        )}
        <div className="pp-modal-actions">
          <button type="button" className="pp-button pp-button-quiet" onClick={() => step(-1)}>
            {t.previous}
          </button>
          <button type="button" className="pp-button pp-button-quiet" onClick={() => step(1)}>
            {t.next}
          </button>
        </div>
      </div>
    </div>
  );
}
