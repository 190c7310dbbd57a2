/** API Gateway's maximum WebSocket connection duration (2 hours) plus a margin, in seconds. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 5 * 60;

/**
 * What the cloud needs for live message events, declared once (as queues.ts declares queues) for
 * the CDK stack to wire: an API Gateway WebSocket API whose routes all invoke one Lambda, the
 * management endpoint given to the functions that publish, and the permission to post to
 * connections. Plain data without imports, so the CDK app reads it cheaply.
 */
export const realtimeDeclaration = {
  /** Lambda entry under functions/, exporting `handler`. */
  entry: 'src/realtime/handler.ts',
  handlerExport: 'handler',
  /** The client sends `{ action: 'subscribe' | 'ping', ... }` (shared/src/api/realtime.ts). */
  routeSelectionExpression: '$request.body.action',
  routes: ['$connect', '$disconnect', '$default', 'subscribe', 'ping'],
  /** No authorizer on $connect: a browser WebSocket cannot send headers; `subscribe` carries the ID token. */
  connectAuthorizer: 'none',
  /** Environment of the handler besides the common one (TABLE_NAME, USER_POOL_ID, USER_POOL_CLIENT_ID, STAGE). */
  env: {
    /** https://{apiId}.execute-api.{region}.amazonaws.com/{stage}; optional for the handler itself. */
    REALTIME_ENDPOINT: 'the WebSocket API stage callback URL',
  },
  /** The handler and publishers post to (and the handler drops) connections. */
  permissions: ['execute-api:ManageConnections'],
  /** Connection items expire after this (API Gateway's 2-hour limit plus a margin); the table's TTL attribute is `ttl`. */
  connectionTtlSeconds: CONNECTION_TTL_SECONDS,
  /** The web app's config.json `wsUrl`: wss://{apiId}.execute-api.{region}.amazonaws.com/{stage}. */
  webConfigKey: 'wsUrl',
} as const;
