import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Context } from 'aws-lambda';
import { triggers, type TriggerDef } from '@kehila/functions/triggers/triggers';
import { LOCAL_CREDENTIALS } from '../engines/net';
import { lambdaContext } from '../lambda-context';
import type { LocalPlugin } from '../plugin';

type TriggerHandler = (event: unknown, context: Context) => Promise<unknown>;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations\/?$/;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A loopback stand-in for Lambda's Invoke API (`POST /2015-03-31/functions/<name>/invocations`)
 * running the trigger modules of functions/src/triggers/triggers.ts in-process, as cognito-local's
 * Lambda client calls them. Function names are Cognito's trigger names, so a rejection reads as in
 * the cloud ('PreSignUp failed with error <message>.'). A thrown error is answered as Lambda does:
 * status 200 with `X-Amz-Function-Error: Unhandled` and `{ errorType, errorMessage }`.
 */
export function startTriggerInvoker(log: (line: string) => void): Promise<{ server: Server; endpoint: string }> {
  const byName = new Map<string, TriggerDef>(Object.values(triggers).map((t) => [t.trigger, t]));
  const loaded = new Map<string, Promise<TriggerHandler>>();
  const load = (def: TriggerDef) => {
    let h = loaded.get(def.module);
    if (!h) {
      h = import(`@kehila/functions/${def.module}`).then((m: { handler: TriggerHandler }) => m.handler);
      loaded.set(def.module, h);
    }
    return h;
  };
  const server = createServer((req, res) => {
    void (async () => {
      const name = decodeURIComponent(INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1] ?? '');
      const def = byName.get(name);
      if (req.method !== 'POST' || !def) {
        res
          .writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' })
          .end(JSON.stringify({ Type: 'User', Message: `Function not found: ${name}` }));
        return;
      }
      const event = JSON.parse((await readBody(req)) || '{}') as unknown;
      try {
        const handler = await load(def);
        const result = await handler(event, lambdaContext(name, def.timeoutSeconds * 1000));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
      } catch (err) {
        const e = err as Error;
        log(`[trigger] ${name}: ${e.message}`);
        res
          .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
          .end(JSON.stringify({ errorType: e.name || 'Error', errorMessage: e.message }));
      }
    })().catch((err: unknown) => {
      log(`[trigger] invoke failed: ${String(err)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({ server, endpoint: `http://127.0.0.1:${port}` });
    });
  });
}

/**
 * Cognito triggers on the local stack: cognito-local invokes PreSignUp, PostConfirmation and
 * CustomMessage through the invoker above, so sign-up validation, profile creation and the e-mail
 * template run exactly as the Lambdas do in the cloud. The web origin for e-mail links is the
 * gateway's URL unless WEB_ORIGIN is set.
 */
// The origin this plugin put in WEB_ORIGIN, told apart from one the user set before starting.
let originSetHere: string | undefined;
let explicitOrigin: string | undefined;

export const cognitoTriggersPlugin: LocalPlugin = {
  name: 'cognito-triggers',
  async cognito({ log }) {
    explicitOrigin =
      process.env.WEB_ORIGIN && process.env.WEB_ORIGIN !== originSetHere ? process.env.WEB_ORIGIN : undefined;
    const { server, endpoint } = await startTriggerInvoker(log);
    return {
      config: {
        LambdaClient: { endpoint, region: 'local', credentials: { ...LOCAL_CREDENTIALS } },
        TriggerFunctions: Object.fromEntries(Object.values(triggers).map((t) => [t.trigger, t.trigger])),
      },
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  },
  async start(ctx) {
    // The trigger modules read WEB_ORIGIN per invocation; the gateway's address is known only now.
    if (!explicitOrigin) process.env.WEB_ORIGIN = originSetHere = ctx.url();
  },
};
