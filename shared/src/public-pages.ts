/**
 * The public pages prerendered to static HTML at build time (docs/public-pages.md), one file per
 * page and language; /login's sign-in view too (its own template and entry, no app shell). The web build writes them; the local static server and CloudFront's viewer
 * request function serve them for their paths, and the SPA's index.html for every other route.
 */
export const PUBLIC_PAGES = {
  '/': 'landing',
  '/pricing': 'pricing',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/login': 'login',
} as const;
export type PublicPagePath = keyof typeof PUBLIC_PAGES;
export type PublicPageName = (typeof PUBLIC_PAGES)[PublicPagePath];

/** Languages of the public pages: English, and Hebrew (right to left) with `?lang=he`. */
export const PUBLIC_LANGS = ['en', 'he'] as const;
export type PublicLang = (typeof PUBLIC_LANGS)[number];

/** The query parameter that chooses the language. */
export const LANG_PARAM = 'lang';

/** The language a query string asks for (English unless `lang=he`). */
export function publicLangOf(search: string): PublicLang {
  // Read by hand: shared/ runs where URLSearchParams may not be typed (no DOM or Node library).
  const pairs = search.replace(/^\?/, '').split('&');
  return pairs.includes(`${LANG_PARAM}=he`) ? 'he' : 'en';
}

/** A link that keeps the chosen language (`?lang=he`, after any query the link already has). */
export function localHref(path: string, lang: PublicLang): string {
  if (lang === 'en') return path;
  const [base = '', hash] = path.split('#');
  return `${base}${base.includes('?') ? '&' : '?'}${LANG_PARAM}=${lang}${hash ? `#${hash}` : ''}`;
}

/** The prerendered file of a page in a language: `landing.html`, `landing.he.html`. */
export function prerenderedFileName(page: PublicPageName, lang: PublicLang): string {
  return lang === 'en' ? `${page}.html` : `${page}.${lang}.html`;
}

/** The prerendered file serving a path (without a trailing slash but `/`), or null for an app route. */
export function prerenderedFileFor(pathname: string, lang: PublicLang): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = (PUBLIC_PAGES as Record<string, PublicPageName | undefined>)[path];
  return page ? prerenderedFileName(page, lang) : null;
}
