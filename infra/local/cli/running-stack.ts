/**
 * What the operator commands (`npm run admin`, `npm run import`) share: how they fail, and how they
 * find the running local stack from the `stack.json` that `npm start` writes in its data directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The stack recorded in `<data dir>/stack.json` ($KEHILA_DATA_DIR or .data), or a clear failure. */
export function readRunningStack(dataDirOption: string | undefined): RunningStack {
  const dataDir = resolve(dataDirOption ?? process.env.KEHILA_DATA_DIR ?? join(REPO_ROOT, '.data'));
  const file = join(dataDir, 'stack.json');
  const start = 'Start it with `npm start` (with the same KEHILA_DATA_DIR), or pass --data-dir.';
  if (!existsSync(file)) fail(`No local stack is running: ${file} does not exist. ${start}`);
  const stack = JSON.parse(readFileSync(file, 'utf8')) as RunningStack;
  if (!isRunning(stack.pid)) {
    fail(`No local stack is running: the one recorded in ${file} (pid ${stack.pid}) has stopped. ${start}`);
  }
  return stack;
}
