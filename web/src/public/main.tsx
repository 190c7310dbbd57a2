import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGES, type PublicPageName } from '@kehila/shared/public-pages';
import { PublicApp } from './public-app';

// The entry of the prerendered public pages (docs/public-pages.md): React and the page itself, no
// router, no Amplify, no Cloudscape. The build wrote the page's HTML; this makes it interactive.

const root = document.getElementById('root');
const page = root?.dataset.page as PublicPageName | undefined;
if (!root || !page || !Object.values(PUBLIC_PAGES).includes(page)) throw new Error('not a prerendered public page');
const lang = document.documentElement.lang === 'he' ? 'he' : 'en';
hydrateRoot(
  root,
  <StrictMode>
    <PublicApp page={page} lang={lang} />
  </StrictMode>,
);
