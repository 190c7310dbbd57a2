import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Cognito target answered locally because cognito-local lacks it (input: the request's JSON). */
export type CognitoTarget = (input: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;

/** Called after cognito-local answered a target successfully (e.g. to run a trigger). */
export type CognitoHook = (request: Record<string, unknown>, response: Record<string, unknown>) => Promise<void>;

const AMZ_JSON = 'application/x-amz-json-1.1';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function forward(endpoint: string, target: string, body: string) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': AMZ_JSON, 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Puts cognito-local behind the gateway at `/cognito`, so the browser's Amplify client talks to the
 * page's own origin. It fills two gaps Amplify hits: GetTokensFromRefreshToken (newer Amplify
 * refreshes with it; cognito-local lacks it) becomes InitiateAuth REFRESH_TOKEN_AUTH, and
 * GlobalSignOut (also missing) answers success, since local tokens are not tracked server-side.
 */
export function cognitoProxy(
  endpoint: string,
  hooks: Readonly<Record<string, CognitoHook>> = {},
  targets: Readonly<Record<string, CognitoTarget>> = {},
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end();
      return;
    }
    const header = String(req.headers['x-amz-target'] ?? '');
    const target = header.split('.')[1] ?? '';
    const body = await readBody(req);
    let out: { status: number; text: string };
    if (target === 'GetTokensFromRefreshToken') {
      const input = JSON.parse(body || '{}') as { ClientId?: string; RefreshToken?: string };
      out = await forward(
        endpoint,
        'InitiateAuth',
        JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        }),
      );
      if (out.status === 200) {
        const parsed = JSON.parse(out.text) as { AuthenticationResult?: Record<string, unknown> };
        out = {
          status: 200,
          text: JSON.stringify({
            AuthenticationResult: { ...parsed.AuthenticationResult, RefreshToken: input.RefreshToken },
          }),
        };
      }
    } else if (target === 'GlobalSignOut') {
      out = { status: 200, text: '{}' };
    } else if (targets[target]) {
      const answer = await targets[target](JSON.parse(body || '{}') as Record<string, unknown>);
      out = { status: answer.status, text: JSON.stringify(answer.body) };
    } else {
      out = await forward(endpoint, target, body);
      const hook = hooks[target];
      if (hook && out.status === 200) {
        await hook(
          JSON.parse(body || '{}') as Record<string, unknown>,
          JSON.parse(out.text || '{}') as Record<string, unknown>,
        );
      }
    }
    res.writeHead(out.status, { 'content-type': AMZ_JSON, 'access-control-allow-origin': '*' }).end(out.text);
  };
}
