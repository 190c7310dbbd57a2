import type { Plugin } from 'vite';

const STAND_IN = '\0kehila:intl-messageformat-stand-in';

/**
 * Build only: Cloudscape's error-boundary fallback imports `intl-messageformat` (with the ICU parser,
 * ~10 KB gzip) for one job, putting a `<Feedback>` link into its description text, and calls it inside a
 * try/catch that shows the plain text when formatting throws. The app renders no Cloudscape
 * `ErrorBoundary` (so that fallback never shows, and never with a Feedback component), yet the import
 * comes with every Container, Tooltip and Button. For that one importer the build resolves the package
 * to a stand-in that throws, so the fallback would show its text as written. Other importers (the
 * I18nProvider's formatter, if the app ever uses it) get the real package.
 */
export function plainErrorFallback(): Plugin {
  return {
    name: 'kehila:plain-error-fallback',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'intl-messageformat' || !importer) return null;
      return /[\\/]@cloudscape-design[\\/]components[\\/]error-boundary[\\/]fallback\.js$/.test(importer)
        ? STAND_IN
        : null;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return [
        'export default class IntlMessageFormat {',
        '  constructor() {',
        "    throw new Error('intl-messageformat is not bundled for the error-boundary fallback (web/build/plain-error-fallback.ts)');",
        '  }',
        '}',
        '',
      ].join('\n');
    },
  };
}
