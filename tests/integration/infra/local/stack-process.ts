import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

/** A local stack started as `npm start` starts it, in a process group of its own. */
export interface StackProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** The environment the stack recorded in its `stack.json`. */
  readonly env: Record<string, string>;
  /** What it printed so far. */
  output(): string;
}

/**
 * Starts `infra/local/start.ts` (what `npm start` runs) on `port` with `dataDir`, without the web app
 * or demo messages, and waits until it says it is ready. The process leads its own group, so the
 * engine host and cognito-local can be killed with it.
 */
export async function startStackProcess(dataDir: string, port: number, timeoutMs = 90_000): Promise<StackProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra', 'local', 'start.ts')], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      KEHILA_DATA_DIR: dataDir,
      KEHILA_WEB: 'none',
      KEHILA_DEMO_MESSAGES: '0',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
    },
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the stack did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      if (!/Kehila is ready/.test(output)) return;
      clearTimeout(timer);
      resolveReady();
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited with code ${code}:\n${output}`));
    });
  });
  const recorded = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as {
    url: string;
    env: Record<string, string>;
  };
  return { child, url: recorded.url, env: recorded.env, output: () => output };
}

/** True while a process of the group still runs (a zombie waiting for its parent to reap it does not). */
function groupAlive(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces, so read after its closing parenthesis.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

/** `kill -9` of the stack's whole process group (gateway, workers, engine host, cognito-local); waits until all are gone. */
export async function killStackGroup(stack: StackProcess): Promise<void> {
  const pgid = stack.child.pid;
  if (!pgid || !groupAlive(pgid)) return;
  process.kill(-pgid, 'SIGKILL');
  const until = Date.now() + 10_000;
  while (groupAlive(pgid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}
