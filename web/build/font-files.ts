import type { Plugin } from 'vite';

const FACE = /@font-face\s*\{([^}]*)\}/g;
const INLINE_WOFF2 = /url\(\s*(['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\s*\)/;

function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** `open-sans-700-italic` from a face's family, weight and style. */
function faceName(body: string): string {
  const family = /font-family:\s*(['"]?)([^;'"]+)\1/.exec(body)?.[2] ?? 'font';
  const weight = /font-weight:\s*([^;]+)/.exec(body)?.[1]?.trim() ?? '400';
  const style = /font-style:\s*([^;]+)/.exec(body)?.[1]?.trim() ?? 'normal';
  return `${family}-${weight}-${style}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/**
 * Takes the fonts that a stylesheet carries inline (Cloudscape's global styles hold eight Open Sans
 * faces as base64, ~130 KB gzip inside the render-blocking CSS) out into their own hashed .woff2 files,
 * and lets text show in a fallback font until a face arrives (`font-display: swap`). The browser then
 * fetches only the faces a page uses, in parallel with the app, and caches them apart from the CSS.
 * Build only: the dev server keeps the stylesheet as the package ships it.
 */
export function fontFiles(): Plugin {
  let base = '/';
  return {
    name: 'kehila:font-files',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const css = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
        if (!css.includes('data:font/woff2')) continue;
        file.source = css.replace(FACE, (face: string, body: string) => {
          const inline = INLINE_WOFF2.exec(body);
          if (!inline?.[2]) return face;
          const ref = this.emitFile({
            type: 'asset',
            name: `${faceName(body)}.woff2`,
            source: decodeBase64(inline[2]),
          });
          const display = /font-display\s*:/.test(body) ? '' : ';font-display:swap';
          return `@font-face{${body.replace(inline[0], `url(${base}${this.getFileName(ref)})`)}${display}}`;
        });
      }
    },
  };
}
