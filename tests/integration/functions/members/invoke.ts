import type { Context } from 'aws-lambda';
import { buildPath, routeKey, type AnyRoute } from '@kehila/shared';
import type { HttpEvent, HttpResult } from '@kehila/functions/http/route-handler';

/** Calls an area's Lambda handler in this process as API Gateway would, as a user or anonymously from `ip`. */
export async function invoke(
  route: AnyRoute,
  opts: {
    params: Record<string, string>;
    userId?: string;
    body?: unknown;
    query?: Record<string, string>;
    ip?: string;
    userAgent?: string;
  },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const mod = (await import(`@kehila/functions/http/${route.area}/index`)) as {
    handler: (e: HttpEvent, c: Context) => Promise<HttpResult>;
  };
  const takesBody = opts.body !== undefined;
  const event: HttpEvent = {
    routeKey: routeKey(route),
    rawPath: buildPath(route.path, opts.params),
    headers: {
      ...(takesBody ? { 'content-type': 'application/json' } : {}),
      'user-agent': opts.userAgent ?? 'vitest',
    },
    pathParameters: opts.params,
    ...(opts.query ? { queryStringParameters: opts.query } : {}),
    ...(takesBody ? { body: JSON.stringify(opts.body) } : {}),
    isBase64Encoded: false,
    requestContext: {
      requestId: 'members-test',
      http: { method: route.method, path: route.path, sourceIp: opts.ip ?? '127.0.0.1' },
      ...(opts.userId
        ? {
            authorizer: { jwt: { claims: { sub: opts.userId, email: `${opts.userId}@example.com`, token_use: 'id' } } },
          }
        : {}),
    },
  };
  const res = await mod.handler(event, {
    functionName: 'members-test',
    awsRequestId: 'm',
    getRemainingTimeInMillis: () => 5000,
  } as unknown as Context);
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as Record<string, unknown> };
}
