import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { type Deps } from '@kehila/functions/core/deps';
import { loadConfig } from '@kehila/functions/core/config';
import { ensureTable } from '../../infra/local/engines/dynamodb';
import type { ApiGatewayOptions, AreaHandler } from '../../infra/local/gateway';
import { createDb, type Db } from '@kehila/functions/data/db';

/** The running local stack of this integration run. */
export function stack() {
  return inject('stack');
}

/** Points this test process at the local stack (as Lambda's environment would) and returns its deps. */
export function useStackEnv(): Deps {
  Object.assign(process.env, stack().env);
  const deps = createLocalDeps(loadConfig());
  setDeps(deps);
  return deps;
}

/** A new, empty table of the declared shape, so a test file builds its own data. */
export async function freshTable(): Promise<Db> {
  const s = stack();
  const name = `t-${randomUUID().slice(0, 8)}`;
  await ensureTable(s.dynamoEndpoint, name);
  return createDb({ region: 'us-east-1', tableName: name, endpoints: { dynamodb: s.dynamoEndpoint } });
}

/** Signs in through the gateway's /cognito endpoint (as Amplify does) and returns the tokens. */
export async function signIn(email: string, password: string) {
  const s = stack();
  const res = await fetch(`${s.url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: s.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as {
    AuthenticationResult?: { IdToken: string; AccessToken: string; RefreshToken: string };
    message?: string;
  };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${res.status} ${body.message ?? ''}`);
  return body.AuthenticationResult;
}

/** Calls the API of the local stack. */
export async function api(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  const res = await fetch(`${stack().url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, body: json as Record<string, unknown>, headers: res.headers };
}

/** Loads an area's Lambda handler in this process, as the local stack's gateway does. */
export async function loadAreaHandler(area: string): Promise<AreaHandler> {
  return ((await import(`@kehila/functions/http/${area}/index`)) as { handler: AreaHandler }).handler;
}

/**
 * What a gateway started inside a test process needs (`startGateway` / `createApiGateway`): the
 * stack's user pool for the JWT check and the area handlers of this process, which run on the deps
 * the test sets (its own table, recorded queues...).
 */
export function inProcessGatewayOptions(loadArea: ApiGatewayOptions['loadArea'] = loadAreaHandler): ApiGatewayOptions {
  const s = stack();
  const issuer = `${s.cognitoEndpoint}/${s.userPoolId}`;
  return { jwt: { issuer, audience: s.clientId, jwksUri: `${issuer}/.well-known/jwks.json` }, loadArea };
}
