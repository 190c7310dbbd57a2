import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startLocalStack, type LocalStack } from '../../../../infra/local/stack';

/** A GET with the path sent exactly as written (fetch would resolve `..` segments first). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A secret placed inside the web folder's own tree, where only the deny rules keep it private. */
const SECRET = 'KEHILA_PRIVATE_TEST_SECRET=do-not-serve-me';
const secretDir = join(REPO_ROOT, 'web', 'node_modules', '.kehila-private-test');

describe('the local stack is private by default', () => {
  let stack: LocalStack;
  let dataDir: string;

  beforeAll(async () => {
    // Where `npm start` keeps its data: inside the repository, under .data/.
    mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
    dataDir = mkdtempSync(join(REPO_ROOT, '.data', 'private-test-'));
    mkdirSync(secretDir, { recursive: true });
    writeFileSync(join(secretDir, '.env'), `${SECRET}\n`);
    stack = await startLocalStack({ port: 0, dataDir, web: 'dev', seed: false });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(secretDir, { recursive: true, force: true });
  });

  it('listens on loopback only unless told otherwise', async () => {
    expect(stack.address.host).toBe('127.0.0.1');
    expect(await accepts('127.0.0.1', stack.address.port)).toBe(true);
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) expect(await accepts(lan.address, stack.address.port)).toBe(false);
  });

  it('serves the web app through the dev server', async () => {
    const page = await rawGet(stack.address.port, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const shared = await rawGet(stack.address.port, `/@fs${REPO_ROOT}/shared/src/constants.ts`);
    expect(shared.status).toBe(200);
    const dependency = await rawGet(stack.address.port, `/@fs${REPO_ROOT}/node_modules/react/index.js`);
    expect(dependency.status).toBe(200);
  });

  it.each([
    [
      'the local data (stack.json with the engines and secrets)',
      () => `/@fs${dataDir}/stack.json`,
      '"DYNAMODB_ENDPOINT"',
    ],
    [
      'the local data, by a path from the web root',
      () => `/../.data/${dataDir.split('/').pop()}/stack.json`,
      '"DYNAMODB_ENDPOINT"',
    ],
    ['a .env file inside the web folder', () => '/node_modules/.kehila-private-test/.env', SECRET],
    ['a .env file by its full path', () => `/@fs${secretDir}/.env`, SECRET],
    ["the web folder's package.json", () => '/package.json', '"@kehila/web"'],
    ["the repository's package.json", () => `/@fs${REPO_ROOT}/package.json`, '"workspaces"'],
    ['the repository by a path climbing out of the web root', () => '/src/../../package.json', '"workspaces"'],
    ['the dev server config', () => '/vite.config.ts', 'defineConfig'],
    ['the TypeScript config', () => '/tsconfig.json', 'compilerOptions'],
    ['the local stack source', () => `/@fs${REPO_ROOT}/infra/local/stack.ts`, 'startLocalStack'],
    [
      'the local stack source through its workspace link',
      () => `/@fs${REPO_ROOT}/node_modules/@kehila/infra/local/stack.ts`,
      'startLocalStack',
    ],
  ])('gives no file content for %s', async (_what, path, marker) => {
    const res = await rawGet(stack.address.port, path());
    expect(res.body).not.toContain(marker);
  });
});
