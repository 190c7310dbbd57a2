import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import { PWA_ICONS, renderIcon } from './pwa-icons';
import { LOGIN_TEMPLATE } from './prerender';

/** The installable app's fixed facts (docs/pwa.md). */
export const PWA_MANIFEST = {
  id: '/',
  name: 'Kehila',
  short_name: 'Kehila',
  description: 'WhatsApp group communities, kept, found and acted on.',
  // The signed-in home; a signed-out launch goes on to /login from there.
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: '#0EA5E9',
  background_color: '#ffffff',
  icons: PWA_ICONS.filter((i) => i.purpose !== 'apple').map((i) => ({
    src: `/${i.file}`,
    sizes: `${i.size}x${i.size}`,
    type: 'image/png',
    purpose: i.purpose,
  })),
} as const;

export const MANIFEST_FILE = 'manifest.webmanifest';
export const SERVICE_WORKER_FILE = 'sw.js';
export const OFFLINE_FILE = 'offline.html';

/** The page the service worker shows for a navigation without a network: self-contained (no script, no request). */
export const OFFLINE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="${PWA_MANIFEST.theme_color}" />
    <title>Kehila – offline</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; color: #0f141a; background: #f9f9fa; }
      main { max-width: 28rem; padding: 2rem; text-align: center; }
      h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
      p { line-height: 1.5; margin: 0 0 .5rem; }
      a { display: inline-block; margin-top: 1rem; padding: .5rem 1.25rem; border-radius: 1rem; background: #0EA5E9; color: #fff; text-decoration: none; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>You're offline</h1>
      <p>Kehila needs a connection to load this page. Check your connection and try again.</p>
      <p lang="he" dir="rtl">אין חיבור לאינטרנט. בדקו את החיבור ונסו שוב.</p>
      <a href="">Try again</a>
    </main>
  </body>
</html>
`;

/** The hashed files index.html loads (its entry script, preloads, stylesheets): the app shell. */
export function shellFiles(indexHtml: string): string[] {
  const found = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  return [...new Set(found)].sort();
}

/**
 * Build only: writes the icons, the web manifest, the offline page and the service worker (from
 * web/src/sw/service-worker.ts, with this build's version and app-shell files) into the output, and
 * links the manifest from the app's index.html and from login.html (the prerendered /login, which
 * registers the same worker). The public pages (public.html) are left as they are: they register no
 * worker and load no manifest, so their first visit is unchanged.
 */
export function pwa(): Plugin {
  let root = '';
  let outDir = '';
  let ssrBuild = false;
  return {
    name: 'kehila:pwa',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The app and its prerendered sign-in page (login.html registers the same worker, docs/pwa.md).
        if (!ctx.filename.endsWith('/index.html') && !ctx.filename.endsWith(`/${LOGIN_TEMPLATE}`)) return html;
        return html.replace(
          '</head>',
          `    <link rel="manifest" href="/${MANIFEST_FILE}" />\n    <meta name="theme-color" content="${PWA_MANIFEST.theme_color}" />\n    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />\n  </head>`,
        );
      },
    },
    async closeBundle() {
      if (ssrBuild) return;
      for (const icon of PWA_ICONS) {
        const file = join(outDir, icon.file);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, renderIcon(icon.size, icon.purpose));
      }
      writeFileSync(join(outDir, MANIFEST_FILE), `${JSON.stringify(PWA_MANIFEST, null, 2)}\n`);
      writeFileSync(join(outDir, OFFLINE_FILE), OFFLINE_HTML);
      const precache = [
        ...shellFiles(readFileSync(join(outDir, 'index.html'), 'utf8')),
        `/${OFFLINE_FILE}`,
        ...PWA_ICONS.map((i) => `/${i.file}`),
      ];
      const source = readFileSync(join(root, 'src/sw/service-worker.ts'), 'utf8');
      // The version changes whenever the shell or the worker does: that is what makes browsers install an update.
      const version = createHash('sha256').update(JSON.stringify(precache)).update(source).digest('hex').slice(0, 12);
      const { code } = await transformWithOxc(source, 'service-worker.ts', { lang: 'ts', target: 'es2022' });
      const filled = code
        .replaceAll('__PWA_VERSION__', JSON.stringify(version))
        .replaceAll('__PWA_PRECACHE__', JSON.stringify(precache));
      // A classic script (no import or export), as every browser that installs apps can run it.
      writeFileSync(join(outDir, SERVICE_WORKER_FILE), filled);
    },
  };
}
