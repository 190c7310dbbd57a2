import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Area, RuntimeConfig } from '@kehila/shared';
import { queueUrlEnvName } from '@kehila/functions/core/config';
import type { Deps } from '@kehila/functions/core/deps';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { startAggregateScheduler, startGroupSyncScheduler, startSummaryScheduler } from './scheduler';
import { logger } from '@kehila/functions/core/logger';
import type { QueueName } from '@kehila/functions/core/queues';
import { ensureTable } from './engines/dynamodb';
import { startEngineHost } from './engines/engine-host';
import { ensureQueues, type QueueUrls } from './engines/sqs';
import { startCognito, ensureUserPool } from './engines/cognito';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './engines/net';
import { startGateway, type AreaHandler, type Gateway, type Middleware } from './gateway';
import { cognitoProxy, FUNCTION_ADMIN_TARGETS, type CognitoHook, type CognitoTarget } from './cognito-proxy';
import { createStackHealth } from './health';
import { startWorkersThread, type WorkersThread } from './workers-host';
import { seedDemo } from './seed';
import type { LocalContext } from './plugin';
import { plugins } from './plugins/index';
import { staticSite } from './static';

/** Where the repository root is (this file lives in infra/local). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** Options of the local stack. */
export interface LocalStackOptions {
  /** Gateway port; 0 picks a free one. */
  readonly port: number;
  /** The interface the gateway listens on: loopback unless told otherwise (e.g. `0.0.0.0`). */
  readonly host?: string;
  /**
   * Persist data here (dynalite LevelDB, the queue journal, cognito-local files); in memory and a temp
   * dir wiped on close when unset.
   */
  readonly dataDir?: string;
  /** How the web app is served: Vite dev middleware, the built web/dist, or not at all. */
  readonly web: 'dev' | 'dist' | 'none';
  /** Seed the demo community and logins on first start. */
  readonly seed: boolean;
  /** Seconds before a failed queue message is retried (the queue's visibility timeout when unset). */
  readonly retryDelaySeconds?: number;
  readonly pollerConcurrency?: number;
  /** Longest pause of an idle queue's pollers (pollers.ts, 250 ms unless given): longer is quieter. */
  readonly idlePollMaxMs?: number;
  readonly log?: (line: string) => void;
}

/** A running local stack. */
export interface LocalStack {
  readonly url: string;
  /** The address and port the gateway listens on. */
  readonly address: { readonly host: string; readonly port: number };
  /** Where the stack keeps its data (and its `stack.json`). */
  readonly dataDir: string;
  readonly env: Readonly<Record<string, string>>;
  readonly endpoints: { readonly dynamodb: string; readonly sqs: string; readonly cognito: string };
  readonly userPool: { readonly userPoolId: string; readonly clientId: string };
  readonly queueUrls: Record<QueueName, QueueUrls>;
  readonly deps: Deps;
  /** Waits until every queue is empty (true) or the timeout passes (false). */
  drain(timeoutMs?: number): Promise<boolean>;
  /** Why the pipeline cannot work now (a part is down, as `/api/health` reports it), or undefined. */
  problem(): string | undefined;
  /** Ends the workers thread as a crash would, for tests of its supervisor (which starts it again). */
  killWorkersThread(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback HTTP server for one handler, with its URL. */
function listenLoopback(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Loads an area's handler: the same module the area's Lambda runs. */
async function loadArea(area: Area): Promise<AreaHandler> {
  const mod = (await import(`@kehila/functions/http/${area}/index`)) as { handler: AreaHandler };
  return mod.handler;
}

/**
 * Starts everything the cloud runs, on loopback: dynalite, local SQS with in-process pollers,
 * cognito-local behind `/cognito`, the API gateway for the contract's routes, and the web app on
 * the same origin. Handlers read their settings from the environment, as in Lambda.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => undefined);
  const tempDir = opts.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'kehila-'));
  const dataDir = opts.dataDir ?? tempDir ?? '';
  mkdirSync(dataDir, { recursive: true });
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const c of closers.reverse()) await c().catch((err) => log(`while stopping: ${String(err)}`));
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };

  const health = createStackHealth();
  const partDown = (part: Parameters<typeof health.down>[0]) => (reason: string) => {
    health.down(part, reason);
    log(`${part} stopped (${reason}): restart the local stack`);
  };

  try {
    const engines = await startEngineHost({
      ...(opts.dataDir
        ? { dynamoPath: join(dataDir, 'dynamodb'), sqsJournal: join(dataDir, 'sqs', 'journal.ndjson') }
        : {}),
      onExit: partDown('engines'),
    });
    closers.push(() => engines.close());
    const dynamo = { endpoint: engines.dynamodb };
    const sqs = { endpoint: engines.sqs };
    let cognitoConfig: Record<string, unknown> = {};
    for (const p of plugins) {
      if (!p.cognito) continue;
      const contribution = await p.cognito({ dataDir, log });
      cognitoConfig = { ...cognitoConfig, ...contribution.config };
      if (contribution.close) closers.push(contribution.close);
    }
    const cognito = await startCognito({
      dir: join(dataDir, 'cognito'),
      config: cognitoConfig,
      log: (l) => log(`[cognito] ${l}`),
      onExit: partDown('cognito'),
    });
    closers.push(() => cognito.close());

    const tableName = 'kehila';
    await ensureTable(dynamo.endpoint, tableName);
    const queueUrls = await ensureQueues(sqs.endpoint);
    const pool = await ensureUserPool(cognito);
    // The browser and the functions reach cognito-local through the same proxy (its operations, the
    // plugins' hooks: the dev mailbox sees the sign-ups the accounts API makes). Plugins fill these
    // two tables once the gateway exists; the proxy reads them per call. The functions' listener also
    // passes the admin operations they make (FUNCTION_ADMIN_TARGETS), never the browser's `/cognito`.
    const hooks: Record<string, CognitoHook> = {};
    const targets: Record<string, CognitoTarget> = {};
    const proxy = cognitoProxy(cognito.endpoint, hooks, targets);
    const functionsProxy = cognitoProxy(cognito.endpoint, hooks, targets, FUNCTION_ADMIN_TARGETS);
    const functionsCognito = await listenLoopback((req, res) => {
      functionsProxy(req, res).catch((err: unknown) => {
        log(`cognito proxy error: ${String(err)}`);
        if (!res.headersSent) res.writeHead(502).end();
      });
    });
    closers.push(() => functionsCognito.close());

    const env: Record<string, string> = {
      STAGE: 'local',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      COGNITO_ENDPOINT: functionsCognito.url,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      KEHILA_DATA_DIR: dataDir,
    };
    for (const [name, urls] of Object.entries(queueUrls)) env[queueUrlEnvName(name)] = urls.url;
    // a stack that retries fast (the tests) caps the declared back-offs the same way
    if (opts.retryDelaySeconds !== undefined) env.QUEUE_RETRY_MAX_SECONDS = String(opts.retryDelaySeconds);
    for (const p of plugins) Object.assign(env, p.env?.({ dataDir, ephemeral: !opts.dataDir }) ?? {});
    Object.assign(process.env, env);
    // The logger was built when the functions modules were imported, before this environment existed.
    logger.setLogLevel(env.POWERTOOLS_LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);
    setDeps(undefined);
    const deps = createLocalDeps();
    setDeps(deps);

    if (opts.seed) await seedDemo(deps, { endpoint: cognito.endpoint, userPoolId: pool.userPoolId }, log);

    const pollers: WorkersThread = await startWorkersThread({
      env,
      queueUrls,
      concurrency: opts.pollerConcurrency ?? 2,
      ...(opts.retryDelaySeconds !== undefined ? { retryDelaySeconds: opts.retryDelaySeconds } : {}),
      ...(opts.idlePollMaxMs !== undefined ? { idlePollMaxMs: opts.idlePollMaxMs } : {}),
      search: () => deps.search,
      health,
      log,
    });
    closers.push(() => pollers.stop());
    const scheduler = startSummaryScheduler(deps, log);
    closers.push(async () => scheduler.stop());
    const aggregates = startAggregateScheduler(deps, log);
    closers.push(async () => aggregates.stop());
    const groupSync = startGroupSyncScheduler(deps, log);
    closers.push(async () => groupSync.stop());

    // The web middleware exists only once the gateway listens (Vite's HMR attaches to its server):
    // page requests that arrive before then wait for it instead of getting a 404.
    let setWeb: (mw: Middleware | undefined) => void = () => undefined;
    const web = new Promise<Middleware | undefined>((resolve) => (setWeb = resolve));
    const runtimeConfig = (origin: string): RuntimeConfig => ({
      stage: 'local',
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: `${origin}/cognito`,
      authFlowType: 'USER_PASSWORD_AUTH',
      wsUrl: `${origin.replace(/^http/, 'ws')}/ws`,
      apiUrl: '',
      // Locally the "bot" is `npm run simulate`; this is the number it posts as.
      botPhone: process.env.KEHILA_BOT_PHONE ?? '+1 555 010 0000',
      supportEmail: process.env.KEHILA_SUPPORT_EMAIL ?? 'support@kehila.local',
    });
    let gatewayUrl = '';
    const ctx: LocalContext = {
      dataDir,
      ephemeral: !opts.dataDir,
      log,
      env,
      deps,
      endpoints: { dynamodb: dynamo.endpoint, sqs: sqs.endpoint, cognito: cognito.endpoint },
      userPool: pool,
      url: () => gatewayUrl,
      seed: opts.seed,
    };
    const mounts: Record<string, Middleware> = { '/cognito': proxy };
    const upgrades: Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void> = {};
    for (const p of plugins) {
      // Several plugins may watch the same Cognito call: their hooks run one after the other.
      for (const [target, hook] of Object.entries(p.cognitoHooks?.(ctx) ?? {})) {
        const before = hooks[target];
        hooks[target] = before
          ? async (request, response) => {
              await before(request, response);
              await hook(request, response);
            }
          : hook;
      }
      Object.assign(targets, p.cognitoTargets?.(ctx) ?? {});
      Object.assign(mounts, p.mounts?.(ctx) ?? {});
      Object.assign(upgrades, p.upgrades?.(ctx) ?? {});
    }
    const gateway: Gateway = await startGateway({
      port: opts.port,
      host: opts.host ?? '127.0.0.1',
      unavailable: health.problem,
      runtimeConfig,
      jwt: {
        issuer: `${cognito.endpoint}/${pool.userPoolId}`,
        audience: pool.clientId,
        jwksUri: `${cognito.endpoint}/${pool.userPoolId}/.well-known/jwks.json`,
      },
      loadArea,
      mounts,
      upgrades,
      fallback: async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const mw = await web;
        if (mw) return mw(req, res, next);
        res.writeHead(404).end('Not Found');
      },
      log,
    });
    closers.push(() => gateway.close());
    gatewayUrl = gateway.url;

    if (opts.web === 'dev') {
      // Vite 8 lists, at every start, what its future native config loader would not support
      // (extensionless imports, which the bundling loader we use resolves): a page of noise.
      process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
      const { createServer } = await import('vite');
      const vite = await createServer({
        configFile: join(REPO_ROOT, 'web', 'vite.config.ts'),
        root: join(REPO_ROOT, 'web'),
        server: { middlewareMode: true, ws: { server: gateway.server } },
        appType: 'spa',
        logLevel: 'warn',
      });
      closers.push(() => vite.close());
      setWeb(vite.middlewares as unknown as Middleware);
    } else if (opts.web === 'dist') {
      const dist = join(REPO_ROOT, 'web', 'dist');
      if (!existsSync(join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build:web` first');
      setWeb(staticSite(dist));
    } else {
      setWeb(undefined);
    }

    const pluginStops: (() => Promise<void>)[] = [];
    for (const p of plugins) {
      const stop = await p.start?.(ctx);
      if (stop) pluginStops.push(stop);
    }
    // Plugins stop first (e.g. the WebSocket hub closes its sockets, which would hold the gateway open).
    const stopPlugins = async () => {
      for (const stop of pluginStops.splice(0).reverse())
        await stop().catch((err) => log(`while stopping: ${String(err)}`));
    };
    closers.push(stopPlugins);

    const stackFile = join(dataDir, 'stack.json');
    writeFileSync(stackFile, JSON.stringify({ pid: process.pid, url: gateway.url, env }, null, 2));
    closers.push(async () => rmSync(stackFile, { force: true }));

    return {
      url: gateway.url,
      address: gateway.address,
      dataDir,
      env,
      endpoints: { dynamodb: dynamo.endpoint, sqs: sqs.endpoint, cognito: cognito.endpoint },
      userPool: pool,
      queueUrls,
      deps,
      drain: (timeoutMs = 10_000) => pollers.drain(timeoutMs),
      problem: health.problem,
      killWorkersThread: () => pollers.kill(),
      async close() {
        await stopPlugins();
        await gateway.close().catch(() => undefined);
        await pollers.drain(10_000).catch(() => false);
        await closeAll();
      },
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
