import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { areaEntry, areasWithRoutes } from '@kehila/functions/http/areas';
import { queues } from '@kehila/functions/core/queues';
import { realtimeDeclaration } from '@kehila/functions/realtime/declaration';
import { triggers } from '@kehila/functions/triggers/triggers';
import type { SourceLayout } from '../../../../infra/cdk/source-layout';

export interface SourceTreeOptions {
  /** Write a handler module for every area with routes (default true). */
  readonly areas?: boolean;
  /** Write a module for every queue worker (default true). */
  readonly workers?: boolean;
  /** Write a module for every Cognito trigger (default true). */
  readonly triggers?: boolean;
  /** Write the WebSocket handler module (default true). */
  readonly realtime?: boolean;
  /** Write a web build (index.html + hashed assets) (default true). */
  readonly webDist?: boolean;
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * A throw-away source tree with the layout the CDK app expects, so a test decides which entries
 * exist (every area, worker, trigger and the WebSocket handler the declarations name, or none)
 * independently of what the real workspaces hold today. Bundling is skipped in tests, so the modules are never compiled.
 */
export function makeSourceTree(options: SourceTreeOptions = {}): SourceLayout {
  const root = mkdtempSync(join(tmpdir(), 'kehila-src-'));
  const layout: SourceLayout = {
    projectRoot: root,
    lockFile: join(root, 'package-lock.json'),
    functionsRoot: join(root, 'functions'),
    webDist: join(root, 'web', 'dist'),
  };
  write(layout.lockFile, JSON.stringify({ lockfileVersion: 3, packages: {} }));
  const handler = 'export const handler = async () => ({ statusCode: 204, body: "" });\n';
  if (options.areas ?? true) {
    for (const area of areasWithRoutes()) write(join(layout.functionsRoot, areaEntry(area)), handler);
  }
  if (options.workers ?? true) {
    for (const q of Object.values(queues)) write(join(layout.functionsRoot, 'src', `${q.worker}.ts`), handler);
  }
  if (options.triggers ?? true) {
    for (const t of Object.values(triggers)) write(join(layout.functionsRoot, 'src', `${t.module}.ts`), handler);
  }
  if (options.realtime ?? true) write(join(layout.functionsRoot, realtimeDeclaration.entry), handler);
  if (options.webDist ?? true) {
    write(
      join(layout.webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app-abc123.js"></script>',
    );
    write(join(layout.webDist, 'assets', 'app-abc123.js'), 'console.log("app");\n');
    write(join(layout.webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  return layout;
}
