/**
 * What each Lambda carries: synthesises the CDK app with asset bundling on (the same esbuild build
 * `cdk deploy` uploads), then prints per function the minified bytes its handler loads at import
 * (the entry and the chunks it imports statically), the bytes of the chunks it loads only when a
 * route first needs them (`import()`: Bedrock, S3, the local lexicons), the median of 5 cold imports
 * of the handler in a fresh Node process, and what the loaded part is made of (from esbuild's
 * metafile) with why: the ports its routes or queue declare. Targets for HTTP handlers: ≤ 400 KB and
 * ≤ 100 ms; workers are reported with their contents.
 *
 *   npm run bench:lambda              # every function
 *   npm run bench:lambda -- --runs 9  # more cold imports per function
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { App } from 'aws-cdk-lib';
import { buildKehila } from '../infra/cdk/build';
import { parseDeployConfig } from '../infra/cdk/config';
import { SCHEDULES } from '../infra/cdk/constructs/FunctionSchedule';
import { BUNDLE_METAFILE_CONTEXT } from '../infra/cdk/constructs/ServiceFunction';
import { usesOf } from '../infra/cdk/function-uses';
import { queues } from '../functions/src/core/queues';
import { portsOf } from '../functions/src/http/areas';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Math.max(1, Number(values.runs));
const HTTP_MAX_KB = 400;
const HTTP_MAX_IMPORT_MS = 100;
const repoRoot = resolve(import.meta.dirname, '..');

interface FunctionResource {
  readonly Type: string;
  readonly Metadata?: Record<string, unknown>;
  readonly Properties: { Environment?: { Variables?: Record<string, unknown> } };
}

/** Synthesises the app with bundling and returns each function's service name and bundle directory. */
function synthesise(outdir: string): { service: string; dir: string }[] {
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({
    outdir,
    context: { ...cdkJson.context, [BUNDLE_METAFILE_CONTEXT]: true, 'aws:cdk:enable-asset-metadata': true },
  });
  buildKehila(app, parseDeployConfig({}));
  const assembly = app.synth();
  const out: { service: string; dir: string }[] = [];
  for (const stack of assembly.stacks) {
    const resources = (stack.template as { Resources: Record<string, FunctionResource> }).Resources;
    for (const r of Object.values(resources)) {
      if (r.Type !== 'AWS::Lambda::Function') continue;
      const assetPath = r.Metadata?.['aws:asset:path'];
      const service = r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME;
      if (typeof assetPath !== 'string' || typeof service !== 'string') continue;
      out.push({ service, dir: join(outdir, assetPath) });
    }
  }
  return out.sort((a, b) => a.service.localeCompare(b.service));
}

/** Milliseconds to import the bundle in a fresh process (what a cold start pays before the handler runs). */
function coldImportMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'us-east-1',
      TABLE_NAME: 'kehila',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    encoding: 'utf8',
  });
  return Number(out);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

interface Metafile {
  outputs: Record<
    string,
    { bytes: number; inputs: Record<string, { bytesInOutput: number }>; imports: { path: string; kind: string }[] }
  >;
}

/**
 * What importing the handler loads (its entry and every chunk it imports statically) and what it
 * loads only when a route first needs it (chunks reached by `import()`), in bytes, from the metafile
 * (its output paths are relative to esbuild's working directory, the repository).
 */
function loadedAtImport(dir: string): { atImport: number; lazy: number; files: string[] } {
  const meta = JSON.parse(readFileSync(join(dir, 'index.meta.json'), 'utf8')) as Metafile;
  const names = Object.keys(meta.outputs).filter((n) => n.endsWith('.mjs'));
  const entry = names.find((n) => n.endsWith('/index.mjs'));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const i of meta.outputs[name]?.imports ?? [])
      if (i.kind === 'import-statement' && i.path in meta.outputs) visit(i.path);
  };
  if (entry) visit(entry);
  // Paths name the directory esbuild wrote to (CDK's temporary one); sizes are read in the asset.
  const base = entry ? dirname(entry) : '';
  const size = (list: string[]) => list.reduce((n, name) => n + statSync(join(dir, relative(base, name))).size, 0);
  const atImport = [...seen];
  return { atImport: size(atImport), lazy: size(names.filter((n) => !seen.has(n))), files: atImport };
}

/** The largest parts of what a handler loads at import, by package (or our own folder), from the metafile. */
function contents(dir: string, files: readonly string[]): string {
  const meta = JSON.parse(readFileSync(join(dir, 'index.meta.json'), 'utf8')) as Metafile;
  const groups = new Map<string, number>();
  const inputs = files.flatMap((f) => Object.entries(meta.outputs[f]?.inputs ?? {}));
  for (const [input, { bytesInOutput }] of inputs) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const own = /(functions\/src\/[^/]+(?:\/[^/]+)?)\//.exec(input) ?? /(shared\/src)\//.exec(input);
    const key = m?.[1] ?? own?.[1] ?? input;
    groups.set(key, (groups.get(key) ?? 0) + bytesInOutput);
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, v]) => `${k} ${Math.round(v / 1024)}K`)
    .join(', ');
}

/** The scheduled functions, by service name, and the owner function-uses knows them by (their declarations). */
const SCHEDULE_OWNERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SCHEDULES).map(([name, def]) => [def.service, `schedules/${name}`]),
);

/**
 * The owner name function-uses knows a service by (`kehila-enrich` → `workers/enrich`): queue
 * workers come from the queue declarations, so a new queue's worker is never taken for an HTTP area.
 */
function ownerOf(service: string): { owner: string; kind: 'http' | 'worker' | 'schedule' | 'other' } {
  const name = service.replace(/^kehila-/, '');
  const worker = Object.values(queues).find((q) => q.worker.split('/').pop() === name)?.worker;
  if (worker) return { owner: worker, kind: 'worker' };
  const schedule = SCHEDULE_OWNERS[name];
  if (schedule) return { owner: schedule, kind: 'schedule' };
  if (['realtime', 'pre-sign-up', 'post-confirmation', 'custom-message', 'triggers'].includes(name)) {
    return { owner: name, kind: 'other' };
  }
  return { owner: name, kind: 'http' };
}

const outdir = mkdtempSync(join(tmpdir(), 'kehila-bench-lambda-'));
try {
  console.log('Synthesising the CDK app with bundling (esbuild, minified)…');
  const functions = synthesise(outdir);
  console.log(`\n${functions.length} functions, ${RUNS} cold imports each (median).\n`);
  const header = ['function', 'kind', 'loaded at import KB', 'lazy chunks KB', 'import ms', 'target', 'ports (why)'];
  const rows: string[][] = [];
  const details: string[] = [];
  let failures = 0;
  for (const f of functions) {
    const file = join(f.dir, 'index.mjs');
    const loaded = loadedAtImport(f.dir);
    const kb = loaded.atImport / 1024;
    const ms = median(Array.from({ length: RUNS }, () => coldImportMs(file)));
    const { owner, kind } = ownerOf(f.service);
    const ports = kind === 'other' ? '(table only)' : portsOf(usesOf(owner)).join(', ') || '(table only)';
    let target = '';
    if (kind === 'http') {
      const ok = kb <= HTTP_MAX_KB && ms <= HTTP_MAX_IMPORT_MS;
      if (!ok) failures += 1;
      target = ok ? `ok (≤ ${HTTP_MAX_KB} KB, ≤ ${HTTP_MAX_IMPORT_MS} ms)` : 'OVER';
    }
    rows.push([f.service, kind, kb.toFixed(0), (loaded.lazy / 1024).toFixed(0), ms.toFixed(0), target, ports]);
    details.push(`${f.service}: ${contents(f.dir, loaded.files)}`);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('\nWhat each bundle carries (largest parts):');
  for (const d of details) console.log(`  ${d}`);
  console.log(
    failures === 0
      ? `\nEvery HTTP handler is within ${HTTP_MAX_KB} KB and ${HTTP_MAX_IMPORT_MS} ms.`
      : `\n${failures} HTTP handler(s) over target.`,
  );
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
