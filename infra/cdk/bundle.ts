import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

/**
 * ESM output needs a `require` for the CommonJS dependencies esbuild inlines (parts of Powertools
 * and the AWS SDK call `require` on Node built-ins).
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __kehilaCreateRequire } from 'node:module'; const require = __kehilaCreateRequire(import.meta.url);";

/**
 * Bundles one Lambda handler into `outdir`: `index.mjs` (exports `handler`) plus chunks for what it
 * imports lazily (`import()`: the Bedrock and S3 adapters), minified ESM for Node 22 with external
 * source maps. Everything is bundled, the AWS SDK parts included: the versions the tests ran against,
 * not whatever the runtime ships. `metafile` writes esbuild's account of each output's inputs
 * (`npm run bench:lambda` reads it).
 */
export function bundleFunction(options: {
  readonly entry: string;
  readonly outdir: string;
  readonly projectRoot: string;
  readonly metafile?: boolean;
}): void {
  const result = buildSync({
    entryPoints: { index: options.entry },
    outdir: options.outdir,
    absWorkingDir: options.projectRoot,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: ESM_REQUIRE_BANNER },
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    metafile: options.metafile === true,
    logLevel: 'warning',
  });
  // Written beside the bundle, where the benchmark finds it.
  if (options.metafile && result.metafile)
    writeFileSync(join(options.outdir, 'index.meta.json'), JSON.stringify(result.metafile));
}
