import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the code the stacks package lives. The CDK app uses the repository itself; tests point
 * `functionsRoot` / `webDist` at generated trees to exercise variants (a worker present or not,
 * a web build present or not) without touching the real workspaces.
 */
export interface SourceLayout {
  /** Root that every Lambda entry and the lock file live under (esbuild's working directory). */
  readonly projectRoot: string;
  /** The npm lock file of the workspace (NodejsFunction needs it to find the project). */
  readonly lockFile: string;
  /** The functions workspace: area handlers at `src/http/<area>/index.ts`, workers at `src/<worker>.ts`. */
  readonly functionsRoot: string;
  /** The web build output (`vite build web`). */
  readonly webDist: string;
}

/** The repository's own layout, resolved from this file's location (infra/cdk/). */
export function repositoryLayout(): SourceLayout {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  return {
    projectRoot: root,
    lockFile: join(root, 'package-lock.json'),
    functionsRoot: join(root, 'functions'),
    webDist: join(root, 'web', 'dist'),
  };
}

/** True when a web build is present (its index.html exists). */
export function hasWebBuild(layout: SourceLayout): boolean {
  return existsSync(join(layout.webDist, 'index.html'));
}
