import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { queryAll } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { freePort } from '../../../../infra/local/engines/net';
import { REPO_ROOT } from '../../../../infra/local/stack';
import { stack, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';

/**
 * Runs a command-line tool exactly as its npm script does (`tsx infra/local/cli/<tool>.ts`), with the
 * environment of a fresh shell: no PORT, no data dir, none of the test runner's settings.
 */
function runTool(
  tool: 'simulate' | 'admin' | 'import',
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [join('infra', 'local', 'cli', `${tool}.ts`), ...args],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the command-line tools find the running local stack', () => {
  let deps: Deps;
  let community: Community;
  let port: string;
  const emptyDir = mkdtempSync(join(tmpdir(), 'kehila-no-stack-'));

  beforeAll(async () => {
    deps = useStackEnv();
    community = await communityWithGroup(deps, freshGroupId());
    port = new URL(stack().url).port;
  });
  afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

  const storedCount = async () => (await queryAll(deps.db, { pk: keys.messagePartition(community.id) })).length;

  it('simulate posts to the URL the stack recorded (not the default port) and prints no warnings', async () => {
    expect(port).not.toBe('5173');
    const run = await runTool('simulate', ['--count', '3', '--rate', '100', '--community', community.id], {
      KEHILA_DATA_DIR: stack().dataDir,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`to ${stack().url}/webhooks/whatsapp/waha`);
    expect(run.stdout).toContain('3× 200');
    await expect.poll(storedCount, { timeout: 15_000 }).toBe(3);
  });

  it('simulate takes PORT or --base over the recorded URL', async () => {
    const byPort = await runTool('simulate', ['--count', '1', '--rate', '100', '--community', community.id], {
      KEHILA_DATA_DIR: stack().dataDir,
      PORT: port,
    });
    expect(byPort.stderr).toBe('');
    expect(byPort.stdout).toContain(`to http://localhost:${port}/webhooks/whatsapp/waha`);
    expect(byPort.stdout).toContain('1× 200');
    const byBase = await runTool(
      'simulate',
      ['--count', '1', '--rate', '100', '--community', community.id, '--base', `http://127.0.0.1:${port}`],
      { KEHILA_DATA_DIR: stack().dataDir, PORT: '1' },
    );
    expect(byBase.stderr).toBe('');
    expect(byBase.stdout).toContain(`to http://127.0.0.1:${port}/webhooks/whatsapp/waha`);
    await expect.poll(storedCount, { timeout: 15_000 }).toBe(5);
  });

  it('says which stack it found when PORT names another one, instead of posting blindly', async () => {
    const elsewhere = String(await freePort());
    const run = await runTool('simulate', ['--count', '1', '--community', community.id], {
      KEHILA_DATA_DIR: stack().dataDir,
      PORT: elsewhere,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`listens at ${stack().url}, not at http://localhost:${elsewhere}`);
    const none = await runTool('simulate', ['--count', '1'], { KEHILA_DATA_DIR: emptyDir });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No local stack is running: .*stack\.json does not exist/);
  });

  it('admin reads the recorded stack, and refuses a PORT that is not that stack', async () => {
    const list = await runTool('admin', ['allowlist', 'list'], { KEHILA_DATA_DIR: stack().dataDir });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('admin@example.com');
    const same = await runTool('admin', ['allowlist', 'list'], { KEHILA_DATA_DIR: stack().dataDir, PORT: port });
    expect(same.code).toBe(0);
    const other = await runTool('admin', ['allowlist', 'list'], { KEHILA_DATA_DIR: stack().dataDir, PORT: '1' });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('listens at');
  });

  it('import uploads through the recorded stack and prints no warnings', async () => {
    const run = await runTool(
      'import',
      [join('tests', 'fixtures', 'exports', 'android-en-24h.txt'), '--community', community.id, '--stall', '60'],
      { KEHILA_DATA_DIR: stack().dataDir },
    );
    expect(run.code).toBe(0);
    // Progress lines go to stderr; warnings must not.
    expect(run.stderr).not.toMatch(/warning/i);
    expect(JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}')).toMatchObject({ imported: expect.any(Number) });
  }, 90_000);
});
