import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGES, type PublicPageName } from '@kehila/shared/public-pages';
import type { PublicLang } from '@kehila/shared/public-pages';
import type { ReactElement } from 'react';
// Linked from the prerendered HTML (render-blocking, 2 KB): the page is styled at its first paint.
import './public.css';

// The entry of the prerendered public pages (docs/public-pages.md): React and the one page shown, no
// router, no Amplify, no Cloudscape. The build wrote the page's HTML, painted before any script runs;
// this loads that page's module only and makes it interactive.

// /login is prerendered too, with its own entry (web/src/pages/login/main.tsx).
const LOADERS: Record<Exclude<PublicPageName, 'login'>, (lang: PublicLang) => Promise<ReactElement>> = {
  landing: (lang) => import('./landing-page').then(({ LandingPage }) => <LandingPage lang={lang} />),
  pricing: (lang) => import('./pricing-page').then(({ PricingPage }) => <PricingPage lang={lang} />),
  privacy: (lang) => import('./legal-page').then(({ LegalPage }) => <LegalPage lang={lang} doc="privacy" />),
  terms: (lang) => import('./legal-page').then(({ LegalPage }) => <LegalPage lang={lang} doc="terms" />),
};

const root = document.getElementById('root');
const page = root?.dataset.page as PublicPageName | undefined;
if (!root || !page || page === 'login' || !Object.values(PUBLIC_PAGES).includes(page))
  throw new Error('not a prerendered public page');
const lang: PublicLang = document.documentElement.lang === 'he' ? 'he' : 'en';
// Hydrated as a transition, as /login is: React then hydrates the page's shell in short pieces, yielding to
// the browser between them, where a plain hydrateRoot renders it without a pause (a blocking lane), one
// long task on a slow phone (TBT). Each HydrateLater section is a piece of its own after that.
void LOADERS[page](lang).then((element) =>
  startTransition(() => void hydrateRoot(root, <StrictMode>{element}</StrictMode>)),
);
