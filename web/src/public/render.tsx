import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicLang, PublicPageName } from '@kehila/shared/public-pages';
import { PAGE_HEAD, PublicApp } from './public-app';

/** Renders a public page to HTML at build time (web/build/prerender.ts); the browser hydrates the same tree. */
export function renderPublicPage(page: PublicPageName, lang: PublicLang): { html: string; title: string; description: string } {
  const html = renderToString(
    <StrictMode>
      <PublicApp page={page} lang={lang} />
    </StrictMode>,
  );
  return { html, ...PAGE_HEAD[page][lang] };
}
