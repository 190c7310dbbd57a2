import { describe, expect, it } from 'vitest';
import type { Plugin, ResolvedConfig } from 'vite';
import { routes } from '@kehila/shared';
import { clientRoutes, clientRouteTable, clientRoutesSource } from '../../../web/build/client-routes';

const webRoot = decodeURIComponent(new URL('../../../web', import.meta.url).pathname);

/** Runs the plugin's hooks as a build would: resolved config first, then a module load. */
function loadThrough(plugin: Plugin, id: string): unknown {
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ root: webRoot } as ResolvedConfig);
  const load = plugin.load as (id: string) => unknown;
  return load(id);
}

describe('the production route table (web/build/client-routes.ts)', () => {
  it('keeps every route the web may call with its method, path and auth, and no schema', () => {
    const table = clientRouteTable();
    const callable = Object.entries(routes).filter(([, r]) => r.auth !== 'webhook');
    expect(Object.keys(table).sort()).toEqual(callable.map(([name]) => name).sort());
    for (const [name, r] of callable) {
      expect(table[name]).toEqual({
        method: r.method,
        path: r.path,
        auth: r.auth,
        ...(r.body === 'raw' ? { body: 'raw' } : {}),
      });
    }
  });

  it('leaves the webhooks out: gateways and payment providers call them, never the web app', () => {
    const webhooks = Object.entries(routes).filter(([, r]) => r.auth === 'webhook');
    expect(webhooks.length).toBeGreaterThan(0);
    for (const [name] of webhooks) expect(clientRouteTable()).not.toHaveProperty(name);
  });

  it('serves web/src/api/routes.ts as that table in a build, and no other module', () => {
    const plugin = clientRoutes();
    expect(plugin.apply).toBe('build');
    const source = loadThrough(plugin, `${webRoot}/src/api/routes.ts`);
    expect(source).toBe(clientRoutesSource());
    const json = String(source)
      .replace(/^export const routes = /, '')
      .replace(/;\n$/, '');
    expect(JSON.parse(json)).toEqual(clientRouteTable());
    expect(source).not.toMatch(/\bzod\b|^import |from ['"]/m);
    expect(loadThrough(clientRoutes(), `${webRoot}/src/api/client.ts`)).toBeNull();
  });
});
