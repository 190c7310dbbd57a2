import { join } from 'node:path';
import { portIsFree } from './engines/net';
import { demoLogins, DEMO_COMMUNITY } from './seed';
import { REPO_ROOT, startLocalStack } from './stack';

const started = Date.now();
const port = Number(process.env.PORT ?? 5173);
// Private by default: only this machine reaches the app. HOST=0.0.0.0 opens it to the network.
const host = process.env.HOST?.trim() || '127.0.0.1';
const dataDir = process.env.KEHILA_DATA_DIR ?? join(REPO_ROOT, '.data');
const web = (process.env.KEHILA_WEB ?? 'dev') as 'dev' | 'dist' | 'none';
const verbose = process.env.KEHILA_VERBOSE === '1';

if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}
if (!(await portIsFree(port, host))) {
  console.error(
    `Port ${port} is already in use, so Kehila cannot start there.\n` +
      `Stop whatever is using it (perhaps another "npm start"), or pick another port: PORT=${port + 1} npm start`,
  );
  process.exit(1);
}

console.log(`Starting Kehila's local stack (data in ${dataDir})…`);
const stack = await startLocalStack({
  port,
  host,
  dataDir,
  web,
  seed: true,
  log: (line) => {
    if (verbose || !line.startsWith('[cognito]')) console.log(line);
  },
}).catch((err: unknown) => {
  console.error(`Kehila could not start: ${(err as Error).message}`);
  process.exit(1);
});

const logins = demoLogins();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
  Kehila is ready in ${seconds}s:  ${stack.url}${host === '127.0.0.1' ? '' : `  (listening on ${host})`}

  Demo logins (local only; password "${logins.admin.password}"):
    Admin   ${logins.admin.email}
    Member  ${logins.member.email}
  Demo community: ${DEMO_COMMUNITY.name} (${DEMO_COMMUNITY.groupId})

  Ctrl-C stops everything; data stays in ${dataDir}.
`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Kehila (finishing queued work first)…`);
  await stack.close();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
