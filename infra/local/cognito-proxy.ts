import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Cognito target answered locally because cognito-local lacks it (input: the request's JSON). */
export type CognitoTarget = (input: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;

/** Called after cognito-local answered a target successfully (e.g. to run a trigger). */
export type CognitoHook = (request: Record<string, unknown>, response: Record<string, unknown>) => Promise<void>;

const AMZ_JSON = 'application/x-amz-json-1.1';

/**
 * What the browser's Amplify client calls (web/src/auth: sign-in with USER_PASSWORD_AUTH and its
 * two-factor code, sign-up and its code, password reset, token refresh, sign-out; the Settings card of
 * two-factor sign-in). Anything else, the admin operations first, is refused here: the seed and the
 * tests talk to cognito-local's own endpoint on loopback.
 */
const BROWSER_TARGETS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
  'RevokeToken',
  // Two-factor sign-in (docs/accounts.md): the code step of a sign-in, and the Settings card's
  // enrolment, status and turn-off, each with the user's own session or access token.
  'RespondToAuthChallenge',
  'GetUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);
/**
 * What the functions make besides the browser's operations (cloud: signed with their role, which only
 * the rights worker's grants): deleting a user who deleted their own account. Served on the functions'
 * loopback listener only, never at the browser's `/cognito`.
 */
export const FUNCTION_ADMIN_TARGETS: ReadonlySet<string> = new Set(['AdminDeleteUser']);

/** The flows InitiateAuth accepts from the browser (SRP is a cloud flow; cognito-local lacks it). */
const BROWSER_AUTH_FLOWS: ReadonlySet<string> = new Set(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

/** A Cognito error as the service sends it: 400, its type and message. */
function refusal(type: string, message: string): { status: number; text: string } {
  return { status: 400, text: JSON.stringify({ __type: type, message }) };
}

function parseInput(body: string): Record<string, unknown> | undefined {
  try {
    const input: unknown = JSON.parse(body || '{}');
    return input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

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
 * page's own origin. Only the operations the browser uses pass (a 400 NotAuthorizedException for the
 * rest, as an unsigned admin call gets nothing from Cognito either). It fills two gaps Amplify hits:
 * GetTokensFromRefreshToken (newer Amplify refreshes with it; cognito-local lacks it) becomes
 * InitiateAuth REFRESH_TOKEN_AUTH, and GlobalSignOut (also missing) answers success, since local
 * tokens are not tracked server-side. The app and `/cognito` share one origin, so no CORS is offered.
 */
export function cognitoProxy(
  endpoint: string,
  hooks: Readonly<Record<string, CognitoHook>> = {},
  targets: Readonly<Record<string, CognitoTarget>> = {},
  /** Operations passed besides the browser's: the functions' own listener adds the admin ones they make. */
  extra: ReadonlySet<string> = new Set(),
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const header = String(req.headers['x-amz-target'] ?? '');
    const [service, target = ''] = header.split('.');
    const body = await readBody(req);
    const input = parseInput(body);
    let out: { status: number; text: string };
    if (
      req.method !== 'POST' ||
      service !== 'AWSCognitoIdentityProviderService' ||
      !(BROWSER_TARGETS.has(target) || extra.has(target))
    ) {
      out = refusal(
        'NotAuthorizedException',
        `${target || 'This request'} is not available on this endpoint: it serves the app's sign-in only.`,
      );
    } else if (!input) {
      out = refusal('SerializationException', 'The request body is not a JSON object.');
    } else if (target === 'InitiateAuth' && !BROWSER_AUTH_FLOWS.has(String(input.AuthFlow))) {
      out = refusal('InvalidParameterException', `AuthFlow ${String(input.AuthFlow)} is not supported here.`);
    } else if (target === 'GetTokensFromRefreshToken') {
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
      const answer = await targets[target](input);
      out = { status: answer.status, text: JSON.stringify(answer.body) };
    } else {
      out = await forward(endpoint, target, body);
      const hook = hooks[target];
      if (hook && out.status === 200) await hook(input, JSON.parse(out.text || '{}') as Record<string, unknown>);
    }
    res.writeHead(out.status, { 'content-type': AMZ_JSON }).end(out.text);
  };
}
