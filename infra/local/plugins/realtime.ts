import { JwtRsaVerifier } from 'aws-jwt-verify';
import { WebSocketServer, type WebSocket } from 'ws';
import { REALTIME_MAX_MESSAGE_BYTES } from '@kehila/shared';
import { localHub } from '@kehila/functions/adapters/realtime/local-hub';
import { onClientMessage } from '@kehila/functions/core/messages/realtime-session';
import type { LocalContext, LocalPlugin } from '../plugin';

/** Seconds between server pings; a connection that misses one pong is closed. */
const HEARTBEAT_MS = 30_000;

type Verifier = ReturnType<typeof JwtRsaVerifier.create>;

/** The WebSocket server of each running stack (a process may run several in tests). */
const servers = new WeakMap<LocalContext, WebSocketServer>();

/**
 * Verifies ID tokens of the local user pool exactly as the gateway does: a JwtRsaVerifier with the
 * pool's issuer and client, fed the JWKS fetched over http from cognito-local (aws-jwt-verify only
 * fetches over https). The keys are fetched on first use and once more on an unknown key id.
 */
function tokenVerifier(ctx: LocalContext) {
  const issuer = `${ctx.endpoints.cognito}/${ctx.userPool.userPoolId}`;
  const jwksUri = `${issuer}/.well-known/jwks.json`;
  let ready: Promise<Verifier> | undefined;
  const load = async () => {
    const v = JwtRsaVerifier.create({ issuer, audience: ctx.userPool.clientId, jwksUri });
    const jwks = (await (await fetch(jwksUri)).json()) as Parameters<Verifier['cacheJwks']>[0];
    v.cacheJwks(jwks);
    return v;
  };
  return async (token: string): Promise<string | null> => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      ready ??= load();
      try {
        const payload = await (await ready).verify(token, { tokenUse: 'id' } as never);
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch (err) {
        // A rotated pool (new keys) is reloaded once; any other failure is a bad token.
        if ((err as Error).name === 'KidNotFoundInJwksError' && attempt === 0) {
          ready = undefined;
          continue;
        }
        return null;
      }
    }
    return null;
  };
}

/**
 * Live message events on the local gateway: a `ws` WebSocket server at `/ws` speaking the protocol
 * of shared/src/api/realtime.ts. A client subscribes with a community id and its ID token (verified
 * like the gateway's JWTs; the user must be a member); the enrichment worker publishes into the
 * in-process hub (adapters/realtime/local-hub.ts) and every subscriber of the community receives
 * `message.inserted`.
 */
export const realtimePlugin: LocalPlugin = {
  name: 'realtime',
  upgrades(ctx) {
    const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME_MAX_MESSAGE_BYTES });
    servers.set(ctx, wss);
    const verify = tokenVerifier(ctx);
    const alive = new WeakMap<WebSocket, boolean>();
    const heartbeat = setInterval(() => {
      for (const ws of wss.clients) {
        if (alive.get(ws) === false) {
          ws.terminate();
          continue;
        }
        alive.set(ws, false);
        ws.ping();
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    wss.on('close', () => clearInterval(heartbeat));

    wss.on('connection', (ws) => {
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      const unsubscribes = new Map<string, () => void>();
      ws.on('message', (data) => {
        void onClientMessage(
          ctx.deps,
          {
            verifyToken: verify,
            async subscribe(communityId, userId) {
              // Subscribing again replaces the old subscription (which a revocation may have dropped).
              unsubscribes.get(communityId)?.();
              unsubscribes.set(
                communityId,
                localHub().subscribe(communityId, {
                  userId,
                  send(text) {
                    if (ws.readyState !== ws.OPEN) throw new Error('socket closed');
                    ws.send(text);
                  },
                }),
              );
            },
          },
          data.toString(),
        )
          .then((reply) => {
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
          })
          .catch((err: unknown) => {
            ctx.log(`[realtime] ${(err as Error).message}`);
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'error', message: 'Something went wrong' }));
          });
      });
      ws.on('close', () => {
        for (const off of unsubscribes.values()) off();
        unsubscribes.clear();
      });
    });

    return {
      '/ws': (req, socket, head) => {
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      },
    };
  },
  async start(ctx) {
    // The stack stops plugins before the gateway: open sockets would otherwise hold it open.
    return async () => {
      const wss = servers.get(ctx);
      if (!wss) return;
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    };
  },
};
