/**
 * Imports a WhatsApp "Export chat" file into a community of the running local stack:
 *
 *   npm run import -- <file.txt|file.zip> [--community <id>] [--day-first|--month-first] [--tz <zone>]
 *
 * It runs the import service in-process with the stack's environment (read from
 * `<data dir>/stack.json`, as `npm run admin` does): an operator command on the machine that holds
 * the data needs no login and can target any community. The file still travels the app's way: a
 * presigned form POST to the gateway's object store, then the import queue, whose worker (in the stack's
 * process) parses it and sends the messages through the ingest queue and the enrich worker. It
 * waits until the job is done and prints one JSON line:
 * {"imported":N,"duplicates":N,"system":N,"unparsed":N}. docs/import.md has the details.
 */
import { existsSync, openAsBlob, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportJob } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { AppError } from '@kehila/functions/core/errors';
import { createImport, getImport, startImport } from '@kehila/functions/core/imports/service';
import { IMPORT_DEFAULT_TIME_ZONE } from '@kehila/functions/core/imports/limits';
import { fail, readRunningStack } from './running-stack';

const USAGE = `Usage: npm run import -- <file.txt|file.zip> [options]

Options:
  --community <id>   community to import into (default: demo-community)
  --day-first        dates are day/month (31/12/23); only needed when the file cannot tell
  --month-first      dates are month/day (12/31/23)
  --tz <zone>        IANA time zone of the phone that exported the chat (default: ${IMPORT_DEFAULT_TIME_ZONE})
  --data-dir <dir>   the local stack's data directory (default: $KEHILA_DATA_DIR or .data)
  --base <url>       the local stack's URL (default: http://localhost:$PORT when PORT is set, else the
                     URL the stack recorded in <data dir>/stack.json)
  --stall <seconds>  give up when the job makes no progress for this long (default: 120)
`;

/** The running local stack: its gateway URL and the environment its handlers run with. */
async function runningStack(opts: {
  base: string | undefined;
  dataDir: string | undefined;
}): Promise<{ url: string; env: Record<string, string> }> {
  const stack = readRunningStack(opts);
  const start = 'Start it with `npm start` (with the same PORT and KEHILA_DATA_DIR), then run the import again.';
  try {
    const res = await fetch(`${stack.url}/api/health`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (err) {
    fail(`The local stack at ${stack.url} does not answer (${(err as Error).message}). ${start}`);
  }
  return stack;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    community: { type: 'string', default: 'demo-community' },
    'day-first': { type: 'boolean', default: false },
    'month-first': { type: 'boolean', default: false },
    tz: { type: 'string', default: IMPORT_DEFAULT_TIME_ZONE },
    'data-dir': { type: 'string' },
    base: { type: 'string' },
    stall: { type: 'string', default: '120' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const path = positionals[0];
if (!path || positionals.length > 1) fail(USAGE, 2);
if (values['day-first'] && values['month-first']) fail('Choose one of --day-first and --month-first.', 2);
const stallSeconds = Number(values.stall);
if (!Number.isFinite(stallSeconds) || stallSeconds <= 0) fail('--stall must be a number of seconds.', 2);
const file = resolve(path);
if (!existsSync(file) || !statSync(file).isFile()) fail(`There is no file at ${file}.`);

const stack = await runningStack({ base: values.base, dataDir: values['data-dir'] });
// The AWS SDK reads the local engines' dummy credentials from the environment, as the handlers do.
Object.assign(process.env, stack.env);
const deps = createLocalDeps(loadConfig(stack.env));
const communityId = values.community;

const progress = (job: ImportJob) => {
  const line = `${job.status}: ${job.processed}/${job.total} processed (${job.imported} imported, ${job.duplicates} duplicates)`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
  else console.error(line);
};

try {
  const { job, upload } = await createImport(deps, {
    communityId,
    userId: 'cli',
    filename: basename(file),
    size: statSync(file).size,
    dayFirst: values['day-first'] ? true : values['month-first'] ? false : null,
    tz: values.tz,
  });
  // The browser's way: the form's fields as given, then the file (streamed from disk).
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', await openAsBlob(file), basename(file));
  const posted = await fetch(new URL(upload.url, stack.url), { method: 'POST', body: form });
  if (!posted.ok) fail(`The upload was refused (${posted.status}): ${await posted.text()}`);
  await startImport(deps, communityId, job.id);

  let last = '';
  let lastChange = Date.now();
  for (;;) {
    const current = await getImport(deps, communityId, job.id);
    const state = `${current.status}|${current.processed}|${current.total}`;
    if (state !== last) {
      last = state;
      lastChange = Date.now();
      progress(current);
    }
    if (current.status === 'done') {
      if (process.stderr.isTTY) process.stderr.write('\n');
      const { imported, duplicates, system, unparsed } = current;
      console.log(JSON.stringify({ imported, duplicates, system, unparsed }));
      process.exit(0);
    }
    if (current.status === 'needs_date_order') {
      fail(
        `\nThe dates in ${basename(file)} read correctly both as day/month and as month/day. ` +
          'Run the import again with --day-first or --month-first.',
        2,
      );
    }
    if (current.status === 'failed') fail(`\nThe import failed: ${current.error ?? 'no reason given'}`);
    if (Date.now() - lastChange > stallSeconds * 1000) {
      fail(
        `\nThe import made no progress for ${stallSeconds} s (${current.status}, ${current.processed} of ${current.total} ` +
          `messages processed; job ${current.id}). Is the stack's import or enrich worker running? Its console shows errors.`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
} catch (err) {
  if (err instanceof AppError) fail(err.message);
  throw err;
}
