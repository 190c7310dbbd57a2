import type { RealtimeServerMessage } from '@kehila/shared';
import { AwsError, awsRest, type AwsTarget } from '../../aws/http';
import type { Db } from '../../data/db';
import { logger } from '../../core/logger';
import { removeSubscription, subscribedConnections } from '../../data/realtime-connections';
import type { RealtimePort } from '../../core/ports/realtime';

/** The WebSocket API's management endpoint (`https://{api}.execute-api.{region}.amazonaws.com/{stage}`). */
export function managementClient(endpoint: string, region: string): AwsTarget {
  return { service: 'execute-api', region, endpoint };
}

/** Sends one message to one connection (PostToConnection); false when the connection is gone (410). */
export async function postToConnection(
  client: AwsTarget,
  connectionId: string,
  message: RealtimeServerMessage,
): Promise<boolean> {
  const res = await awsRest(client, {
    method: 'POST',
    path: `/@connections/${encodeURIComponent(connectionId)}`,
    body: JSON.stringify(message),
    contentType: 'application/json',
  });
  if (res.status === 410) return false;
  if (res.status >= 300) {
    throw new AwsError(res.headers.get('x-amzn-errortype') ?? `Http${res.status}`, res.text.slice(0, 200), res.status);
  }
  return true;
}

/** How long a warm worker reuses a community's connection list (a batch publishes several events). */
const LIST_CACHE_MS = 2_000;

/**
 * The cloud realtime port: posts each event to every connection subscribed to the community through
 * the API Gateway management API, and forgets connections that are gone. Without an endpoint
 * configured it publishes nothing (and says so once).
 */
export function apiGatewayRealtimePort(db: Db, endpoint: string | undefined, region: string): RealtimePort {
  // Revoking only deletes subscription items: it needs the table, not the management endpoint.
  const revoke = async (communityId: string, userId: string) => {
    const subscribed = await subscribedConnections(db, communityId);
    await Promise.all(
      subscribed.filter((s) => s.userId === userId).map((s) => removeSubscription(db, communityId, s.connectionId)),
    );
    lists.delete(communityId);
  };
  const lists = new Map<string, { ids: Promise<string[]>; until: number }>();
  if (!endpoint) {
    let warned = false;
    return {
      async publish() {
        if (!warned) logger.warn('REALTIME_ENDPOINT is not set: live events are not published');
        warned = true;
      },
      revoke,
    };
  }
  const client = managementClient(endpoint, region);
  const connections = (communityId: string) => {
    const hit = lists.get(communityId);
    if (hit && hit.until > Date.now()) return hit.ids;
    const ids = subscribedConnections(db, communityId).then((list) => list.map((s) => s.connectionId));
    lists.set(communityId, { ids, until: Date.now() + LIST_CACHE_MS });
    return ids;
  };
  return {
    async publish(communityId, event) {
      const ids = await connections(communityId);
      await Promise.all(
        ids.map(async (id) => {
          try {
            if (!(await postToConnection(client, id, event))) {
              await removeSubscription(db, communityId, id);
              lists.delete(communityId);
            }
          } catch (err) {
            logger.warn('live event not delivered', { connectionId: id, error: err as Error });
          }
        }),
      );
    },
    revoke,
  };
}
