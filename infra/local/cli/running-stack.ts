/**
 * What the operator commands (`npm run admin`, `npm run import`, `npm run simulate`) share: how they
 * fail, and how they find the running local stack: its URL from `--base`, else `PORT`, else the
 * `stack.json` that `npm start` writes in its data directory; its environment from that `stack.json`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// These commands talk to the local engines only: the AWS SDK's notice about the Node versions its
// future releases need (README names Node 20.19+) is noise on their output. Read when a client is built.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Prints the message and exits (1: the command failed; 2: it was called wrongly). */
export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** A running local stack: its process, gateway URL and the environment its handlers run with. */
export interface RunningStack {
  readonly pid: number;
  readonly url: string;
  readonly env: Record<string, string>;
}

/** Where a command sends its requests, and the recorded stack behind that URL when there is one. */
export interface StackTarget {
  readonly url: string;
  /** The stack recorded in the data directory when it is the one at `url`; null otherwise. */
  readonly stack: RunningStack | null;
  /** Why `stack` is null, for a command that needs it. */
  readonly missing: string;
}

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The data directory: `--data-dir`, else $KEHILA_DATA_DIR, else the repository's `.data`. */
export function dataDirOf(option: string | undefined): string {
  return resolve(option ?? process.env.KEHILA_DATA_DIR ?? join(REPO_ROOT, '.data'));
}

/** The URL asked for: `--base`, else `http://localhost:$PORT`; undefined when neither is given. */
function requestedUrl(base: string | undefined): string | undefined {
  if (base !== undefined) {
    try {
      return new URL(base).origin;
    } catch {
      fail(`--base must be a URL such as http://localhost:5173, not "${base}".`, 2);
    }
  }
  const port = process.env.PORT?.trim();
  if (!port) return undefined;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    fail(`PORT must be a port number, not "${port}".`, 2);
  }
  return `http://localhost:${port}`;
}

/** Same scheme and port, with `localhost` and the loopback addresses taken as one host. */
function sameStack(a: string, b: string): boolean {
  const loopback = (host: string) => (['localhost', '127.0.0.1', '[::1]'].includes(host) ? 'loopback' : host);
  const x = new URL(a);
  const y = new URL(b);
  return x.protocol === y.protocol && x.port === y.port && loopback(x.hostname) === loopback(y.hostname);
}

/**
 * Finds the local stack a command should talk to. The URL is `--base`, else `PORT`, else the one the
 * stack recorded in `<data dir>/stack.json` (so `PORT=5180 npm start` then `npm run simulate` reaches
 * port 5180). The recorded environment is used only when it belongs to the stack at that URL.
 */
export function findStack(opts: { base?: string | undefined; dataDir?: string | undefined }): StackTarget {
  const dataDir = dataDirOf(opts.dataDir);
  const file = join(dataDir, 'stack.json');
  const start = 'Start it with `npm start` (with the same KEHILA_DATA_DIR), or pass --data-dir.';
  let recorded: RunningStack | null = null;
  let missing = `No local stack is running: ${file} does not exist. ${start}`;
  if (existsSync(file)) {
    const stack = JSON.parse(readFileSync(file, 'utf8')) as RunningStack;
    if (isRunning(stack.pid)) recorded = stack;
    else missing = `No local stack is running: the one recorded in ${file} (pid ${stack.pid}) has stopped. ${start}`;
  }
  const requested = requestedUrl(opts.base);
  if (!requested) {
    if (!recorded) fail(missing);
    return { url: recorded.url, stack: recorded, missing: '' };
  }
  if (recorded && !sameStack(requested, recorded.url)) {
    return {
      url: requested,
      stack: null,
      missing:
        `The local stack recorded in ${file} listens at ${recorded.url}, not at ${requested}. ` +
        'Pass the --data-dir of the stack you mean (or leave out --base and PORT).',
    };
  }
  return { url: requested, stack: recorded, missing };
}

/** The running stack (URL and environment) for a command that needs its environment, or a clear failure. */
export function readRunningStack(opts: { base?: string | undefined; dataDir?: string | undefined }): RunningStack {
  const target = findStack(opts);
  if (!target.stack) fail(target.missing);
  return { ...target.stack, url: target.url };
}
