import { createHash } from 'node:crypto';
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

/** A stylesheet link as Vite writes it into a built HTML file. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">\s*/g;

/**
 * Joins the stylesheets a built template links into one file, in their order, and links that one
 * instead: /login's first paint waits for every stylesheet in its head, and each is one more request
 * on a slow link (Cloudscape's global styles and one per component, two dozen in all). Each original
 * link stays, `disabled` (not fetched, not applied): a view loaded later looks for its stylesheets
 * among the page's links before adding them (Vite's preload helper), so it does not fetch again what
 * the joined file holds. The separate files stay in assets/ for the app. `read` gets a file's text by
 * its URL path; `write` stores the joined file under its URL path.
 */
export function joinStylesheets(
  template: string,
  read: (path: string) => string,
  write: (path: string, css: string) => void,
  name: string,
): string {
  const paths = [...template.matchAll(STYLESHEET_LINK)].map((m) => m[1] ?? '');
  if (paths.length < 2) return template;
  const css = paths.map((path) => read(path)).join('\n');
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8);
  const joined = `/assets/${name}-${hash}.css`;
  write(joined, css);
  const link = (path: string, disabled: boolean) =>
    `<link rel="stylesheet" crossorigin href="${path}"${disabled ? ' disabled' : ''}>`;
  let first = true;
  return template.replace(STYLESHEET_LINK, (tag, path: string) => {
    const whitespace = /\s*$/.exec(tag)?.[0] ?? '';
    const kept = link(path, true) + whitespace;
    if (!first) return kept;
    first = false;
    return link(joined, false) + whitespace + kept;
  });
}

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
      // /login links Cloudscape's stylesheets, one per component: joined, its first paint waits for one file.
      templates.set(
        LOGIN_TEMPLATE,
        joinStylesheets(
          templates.get(LOGIN_TEMPLATE) ?? '',
          (path) => readFileSync(join(outDir, path), 'utf8'),
          (path, css) => writeFileSync(join(outDir, path), css),
          'login-styles',
        ),
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
