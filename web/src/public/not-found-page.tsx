import type { PublicLang } from '@kehila/shared/public-pages';
import { SitePage } from './site-chrome';
import { localHref, publicTexts } from './texts';

/** The 404 page (S1 §2): 'Oops! Page not found' and a link home. */
export function NotFoundContent({ lang, path }: { lang: PublicLang; path: string }) {
  const t = publicTexts[lang].notFound;
  return (
    <SitePage lang={lang} path={path} variant="plain">
      <section className="pp-hero pp-not-found">
        <p className="pp-404" aria-hidden="true">
          404
        </p>
        <h1>{t.title}</h1>
        <p>
          <a className="pp-button" href={localHref('/', lang)}>
            {t.home}
          </a>
        </p>
      </section>
    </SitePage>
  );
}
