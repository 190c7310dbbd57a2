import { afterEach, describe, expect, it, vi } from 'vitest';
import { cognitoIdentity } from '@kehila/functions/adapters/identity/cognito';
import { IdentityError } from '@kehila/functions/core/ports/identity';

interface Seen {
  readonly url: string;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** A stubbed fetch answering each call in turn (a reply, or an error to throw); the requests it saw are kept. */
function answers(...replies: (() => Response)[]) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({
        url,
        headers: new Headers(init.headers),
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
      });
      const next = replies.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }),
  );
  return seen;
}
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });
const cognitoError = (type: string, message: string) => json(400, { __type: type, message });

const cloud = cognitoIdentity({
  region: 'eu-west-1',
  endpoints: {},
  userPool: { id: 'eu-west-1_x', clientId: 'client-1' },
});

describe('the Cognito identity adapter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs up as the web client: an unsigned SignUp to the regional endpoint with the attributes and metadata', async () => {
    const seen = answers(json(200, { UserSub: 'sub-1', UserConfirmed: false }));
    await expect(
      cloud.signUp({
        email: 'dana@example.com',
        password: 'kehila-haifa-77',
        attributes: { 'custom:phone': '0501234567', 'custom:country_code': '+972' },
        clientMetadata: { acceptedPrivacyPolicy: 'true', signUpTicket: 't' },
      }),
    ).resolves.toEqual({ userId: 'sub-1', userConfirmed: false });
    const req = seen[0]!;
    expect(req.url).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect(req.headers.get('x-amz-target')).toBe('AWSCognitoIdentityProviderService.SignUp');
    expect(req.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    // No AWS signature: these are the public operations the browser used to call.
    expect(req.headers.get('authorization')).toBeNull();
    expect(req.body).toEqual({
      ClientId: 'client-1',
      Username: 'dana@example.com',
      Password: 'kehila-haifa-77',
      UserAttributes: [
        { Name: 'email', Value: 'dana@example.com' },
        { Name: 'custom:phone', Value: '0501234567' },
        { Name: 'custom:country_code', Value: '+972' },
      ],
      ClientMetadata: { acceptedPrivacyPolicy: 'true', signUpTicket: 't' },
    });
  });

  it('confirms a password reset with ConfirmForgotPassword at the configured (local) endpoint', async () => {
    const seen = answers(json(200, {}));
    const local = cognitoIdentity({
      region: 'us-east-1',
      endpoints: { cognito: 'http://127.0.0.1:9229' },
      userPool: { id: 'local_x', clientId: 'local-client' },
    });
    await local.confirmPasswordReset({ email: 'dana@example.com', code: '123456', password: 'kehila-haifa-77' });
    expect(seen[0]?.url).toBe('http://127.0.0.1:9229/');
    expect(seen[0]?.headers.get('x-amz-target')).toBe('AWSCognitoIdentityProviderService.ConfirmForgotPassword');
    expect(seen[0]?.body).toEqual({
      ClientId: 'local-client',
      Username: 'dana@example.com',
      ConfirmationCode: '123456',
      Password: 'kehila-haifa-77',
    });
  });

  it("names Cognito's refusal by its exception type", async () => {
    answers(cognitoError('UsernameExistsException', 'An account with the given email already exists.'));
    const err = await cloud
      .signUp({ email: 'a@example.com', password: 'x', attributes: {}, clientMetadata: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IdentityError);
    expect(err).toMatchObject({ code: 'UsernameExistsException', status: 400 });
  });

  it('sends a throttled call again, but never repeats a call that may have been done', async () => {
    const throttled = answers(cognitoError('TooManyRequestsException', 'Too many requests'), json(200, {}));
    await cloud.confirmPasswordReset({ email: 'a@example.com', code: '1', password: 'x' });
    expect(throttled).toHaveLength(2);

    const failing = answers(json(500, { __type: 'InternalErrorException', message: 'boom' }), json(200, {}));
    await expect(
      cloud.confirmPasswordReset({ email: 'a@example.com', code: '1', password: 'x' }),
    ).rejects.toMatchObject({
      code: 'InternalErrorException',
    });
    expect(failing).toHaveLength(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(
      cloud.confirmPasswordReset({ email: 'a@example.com', code: '1', password: 'x' }),
    ).rejects.toMatchObject({
      code: 'Unreachable',
      status: 0,
    });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });

  it('refuses to call without the app client id', async () => {
    const unconfigured = cognitoIdentity({ region: 'eu-west-1', endpoints: {}, userPool: { id: '', clientId: '' } });
    await expect(
      unconfigured.signUp({ email: 'a@example.com', password: 'x', attributes: {}, clientMetadata: {} }),
    ).rejects.toMatchObject({ code: 'NotConfigured' });
  });
});
