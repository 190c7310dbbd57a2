// `npm start`: installs what is missing, then runs the local stack (infra/local/start.ts) with tsx.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ensure = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-install.mjs')], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'infra', 'local', 'start.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    // The AWS SDK warns that releases after January 2027 need Node 22; Lambda runs Node 22 already.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 0)));
