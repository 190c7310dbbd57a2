import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { plainErrorFallback } from '../../../web/build/plain-error-fallback';

const FALLBACK = '/repo/node_modules/@cloudscape-design/components/error-boundary/fallback.js';

function resolve(plugin: Plugin, source: string, importer: string | undefined): unknown {
  return (plugin.resolveId as (source: string, importer: string | undefined) => unknown)(source, importer);
}

describe("the error-boundary fallback's stand-in for intl-messageformat", () => {
  it("resolves intl-messageformat to the stand-in for Cloudscape's error-boundary fallback only", () => {
    const plugin = plainErrorFallback();
    expect(plugin.apply).toBe('build');
    expect(resolve(plugin, 'intl-messageformat', FALLBACK)).toEqual(expect.any(String));
    expect(
      resolve(
        plugin,
        'intl-messageformat',
        '/repo/node_modules/@cloudscape-design/components/i18n/utils/i18n-formatter.js',
      ),
    ).toBeNull();
    expect(resolve(plugin, 'react', FALLBACK)).toBeNull();
  });

  it('gives a class that throws when constructed, which the fallback catches to show its text as written', async () => {
    const plugin = plainErrorFallback();
    const id = resolve(plugin, 'intl-messageformat', FALLBACK) as string;
    const code = (plugin.load as (id: string) => string)(id);
    const mod = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`)) as {
      default: new (message: string) => unknown;
    };
    expect(() => new mod.default('{hasFeedback, select, true {x} other {y}}')).toThrow(/not bundled/);
  });
});
