import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { localHref, type PublicLang, type PublicPageName } from '@kehila/shared/public-pages';
import { StandaloneLogin } from '../pages/login/standalone';
import { PAGE_HEAD, PublicApp } from './public-app';

/** Renders a public page to HTML at build time (web/build/prerender.ts); the browser hydrates the same tree. */
export function renderPublicPage(
  page: PublicPageName,
  lang: PublicLang,
): { html: string; title: string; description: string } {
  const html = renderToString(
    <StrictMode>
      {page === 'login' ? (
        // /login's sign-in view as a visitor without a session sees it first (web/src/pages/login/main.tsx).
        <StandaloneLogin url={localHref('/login', lang)} />
      ) : (
        <PublicApp page={page} lang={lang} />
      )}
    </StrictMode>,
  );
  return { html, ...PAGE_HEAD[page][lang] };
}
