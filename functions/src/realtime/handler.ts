import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { managementClient, postToConnection } from '../adapters/realtime/api-gateway';
import { putConnection, removeConnection, subscribeConnection } from '../data/realtime-connections';
import type { Config } from '../core/config';
import { processDeps } from '../wiring/deps';
import { CONNECTION_TTL_SECONDS } from './declaration';
import { logger } from '../core/logger';
import { onClientMessage } from '../core/messages/realtime-session';

type IdVerifier = { verify(token: string): Promise<{ sub: string }> };
let verifier: IdVerifier | undefined;

/** Verifies Cognito ID tokens of the user pool, with the JWKS cached for the warm Lambda. */
function idTokenVerifier(config: Config): IdVerifier {
  verifier ??= CognitoJwtVerifier.create({
    userPoolId: config.userPool.id,
    clientId: config.userPool.clientId,
    tokenUse: 'id',
  }) as unknown as IdVerifier;
  return verifier;
}

/**
 * The cloud WebSocket API's one handler (routes `$connect`, `$disconnect`, `subscribe`, `ping`,
 * `$default`; route selection `$request.body.action`). Connections and subscriptions are items in
 * the table with a ttl; replies go back through PostToConnection; the enrichment worker publishes
 * `message.inserted` to every connection subscribed to the message's community.
 */
export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  // Only the table: connections and subscriptions are items; replies go out through the management API.
  const deps = processDeps({});
  const { routeKey, connectionId, domainName, stage } = event.requestContext;
  if (routeKey === '$connect') {
    await putConnection(deps.db, connectionId, deps.now().toISOString(), CONNECTION_TTL_SECONDS);
    return { statusCode: 200 };
  }
  if (routeKey === '$disconnect') {
    await removeConnection(deps.db, connectionId);
    return { statusCode: 200 };
  }
  const reply = await onClientMessage(
    deps,
    {
      async verifyToken(token) {
        try {
          return (await idTokenVerifier(deps.config).verify(token)).sub;
        } catch {
          return null;
        }
      },
      subscribe: (communityId, userId) =>
        subscribeConnection(deps.db, connectionId, communityId, userId, CONNECTION_TTL_SECONDS),
    },
    event.body ?? '',
  );
  const endpoint = deps.config.realtime?.endpoint ?? `https://${domainName}/${stage}`;
  const delivered = await postToConnection(managementClient(endpoint, deps.config.region), connectionId, reply);
  if (!delivered) {
    logger.info('connection gone before the reply', { connectionId });
    await removeConnection(deps.db, connectionId);
  }
  return { statusCode: 200 };
}
