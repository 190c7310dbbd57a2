import type { PublicLang } from '@kehila/shared/public-pages';
import { legalTexts } from './legal-texts';
import { SitePage } from './site-chrome';
import { localHref, publicTexts } from './texts';

/** The privacy policy or the terms (S3 §2 "Legal pages"): static text with its last-updated date. */
export function LegalPage({ lang, doc }: { lang: PublicLang; doc: 'privacy' | 'terms' }) {
  const t = publicTexts[lang];
  const text = legalTexts[lang][doc];
  return (
    <SitePage lang={lang} path={`/${doc}`} variant="plain">
      <article className="pp-section pp-legal">
        <h1>{text.title}</h1>
        <p className="pp-muted">
          {t.legal.lastUpdated}: {text.updated}
        </p>
        {text.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((para) => (
              <p key={para}>{para}</p>
            ))}
          </section>
        ))}
        <p>
          <a href={localHref('/', lang)}>{t.legal.backHome}</a>
        </p>
      </article>
    </SitePage>
  );
}
