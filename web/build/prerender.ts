import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import {
  PUBLIC_LANGS,
  PUBLIC_PAGES,
  prerenderedFileName,
  type PublicLang,
  type PublicPageName,
} from '../../shared/src/public-pages';

/** The HTML template of the public pages (a second Vite input beside index.html). */
export const PUBLIC_TEMPLATE = 'public.html';
/** /login's template (a third input): its entry hydrates the sign-in view with Cloudscape, not the public pages' entry. */
export const LOGIN_TEMPLATE = 'login.html';

/** The template a page is filled into. */
function templateOf(page: PublicPageName): string {
  return page === 'login' ? LOGIN_TEMPLATE : PUBLIC_TEMPLATE;
}

/** What render.tsx exports (built for Node by this plugin). */
interface RenderModule {
  renderPublicPage(page: PublicPageName, lang: PublicLang): { html: string; title: string; description: string };
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Fills the built template for one page and language. */
export function fillTemplate(
  template: string,
  page: PublicPageName,
  lang: PublicLang,
  rendered: { html: string; title: string; description: string },
): string {
  return template
    .replace('<html lang="en" dir="ltr">', `<html lang="${lang}" dir="${lang === 'he' ? 'rtl' : 'ltr'}">`)
    .replace(
      '<meta name="description" content="" />',
      `<meta name="description" content="${escapeAttr(rendered.description)}" />`,
    )
    .replace('<title>Kehila</title>', `<title>${escapeAttr(rendered.title)}</title>`)
    .replace(
      '<div id="root" data-page=""><!--prerendered--></div>',
      `<div id="root" data-page="${page}">${rendered.html}</div>`,
    );
}

/**
 * Build only: after the client bundle is written, builds web/src/public/render.tsx for Node, renders
 * every public page in every language into the built public.html (its hashed script and stylesheet
 * already linked), writes `landing.html`, `landing.he.html`, `pricing.html`… (and `login.html`,
 * `login.he.html` from login.html) and removes the bare templates. The browser loads the page's HTML with its content, then hydrates it (docs/public-pages.md).
 */
export function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  let ssrBuild = false;
  return {
    name: 'kehila:prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssrBuild) return;
      // Read, then removed before the pages are written: login.html is both a template and a page's file.
      const templates = new Map(
        [PUBLIC_TEMPLATE, LOGIN_TEMPLATE].map((name) => [name, readFileSync(join(outDir, name), 'utf8')]),
      );
      for (const name of templates.keys()) unlinkSync(join(outDir, name));
      const tmp = mkdtempSync(join(tmpdir(), 'kehila-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react(), prerenderPublicPages()],
          ssr: { noExternal: true },
          build: {
            ssr: resolve(root, 'src/public/render.tsx'),
            outDir: tmp,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'render.mjs' } },
          },
        });
        const mod = (await import(pathToFileURL(join(tmp, 'render.mjs')).href)) as RenderModule;
        for (const page of Object.values(PUBLIC_PAGES)) {
          for (const lang of PUBLIC_LANGS) {
            const template = templates.get(templateOf(page)) ?? '';
            const html = fillTemplate(template, page, lang, mod.renderPublicPage(page, lang));
            writeFileSync(join(outDir, prerenderedFileName(page, lang)), html);
          }
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
