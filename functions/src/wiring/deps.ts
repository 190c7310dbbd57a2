import { loadConfig, type Config } from '../core/config';
import type { Deps, PortName, Ports } from '../core/deps';
import { createDb, type Db } from '../data/db';

/** What a port factory receives: the configuration, the table and the ports built so far. */
export interface WiringContext {
  readonly config: Config;
  readonly db: Db;
  /** Other ports of the same wiring (an adapter may need one, e.g. search needs the AI's dimension). */
  readonly ports: Ports;
}

/** How a Lambda (or the local stack) builds each port it uses; the ports it leaves out are not there. */
export type Wiring = { readonly [K in PortName]?: (ctx: WiringContext) => Ports[K] };

/**
 * Builds the dependencies of one function from its wiring. Each port is created on first use, so a
 * request that never searches never builds a search client; a port the wiring leaves out throws on
 * use, naming itself: a route that reaches a port its Lambda does not carry is a wiring bug, which
 * the authorization walk over every route finds in the tests.
 */
export function createDeps(
  config: Config,
  wiring: Wiring,
  base: { readonly db?: Db; readonly now?: () => Date } = {},
): Deps {
  const db = base.db ?? createDb(config);
  const built = new Map<PortName, unknown>();
  const deps = { config, db, now: base.now ?? (() => new Date()) } as Deps;
  for (const name of Object.keys(PORT_NAMES) as PortName[]) {
    Object.defineProperty(deps, name, {
      enumerable: true,
      get() {
        if (built.has(name)) return built.get(name);
        const make = wiring[name] as ((ctx: WiringContext) => unknown) | undefined;
        if (!make) throw new Error(`the ${name} port is not wired in this function`);
        const port = make({ config, db, ports: deps });
        built.set(name, port);
        return port;
      },
    });
  }
  return deps;
}

/** Every port name (the keys of Ports, as a value). */
const PORT_NAMES: Record<PortName, true> = {
  queues: true,
  ai: true,
  search: true,
  realtime: true,
  storage: true,
  whatsapp: true,
  inbound: true,
  secrets: true,
  payments: true,
  identity: true,
  sheets: true,
  enrichment: true,
};

let current: Deps | undefined;

/**
 * The process-wide dependencies: those set by the local stack or a test (`setDeps`), else built
 * from the environment with the function's own wiring on first use.
 */
export function processDeps(wiring: Wiring): Deps {
  current ??= createDeps(loadConfig(), wiring);
  return current;
}

/** Replaces the process-wide dependencies (the local stack, tests). Pass undefined to reset. */
export function setDeps(next: Deps | undefined): void {
  current = next;
}

/** The dependencies set for this process, if any (the local stack's CLI helpers). */
export function currentDeps(): Deps | undefined {
  return current;
}
