import { describe, expect, it } from 'vitest';
import { RuntimeConfigSchema } from '@kehila/shared';
import { demoLogins } from '../../../../infra/local/seed';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClient } from '../../../../infra/local/engines/cognito';
import { api, signIn, stack } from '../../support';

describe('local API gateway', () => {
  it('answers health on a public route without a token', async () => {
    const res = await api('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, stage: 'local' });
  });

  it('refuses a protected route without a token, as the JWT authorizer does', async () => {
    const res = await api('/api/me');
    expect(res.status).toBe(401);
  });

  it('refuses a forged or tampered token', async () => {
    const { IdToken } = await signIn(demoLogins().admin.email, demoLogins().admin.password);
    const [h, p, s] = IdToken.split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = [h, Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'), s].join(
      '.',
    );
    expect((await api('/api/me', { token: forged })).status).toBe(401);
    expect((await api('/api/me', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('passes verified claims to the handler: /api/me returns the signed-in user and profile', async () => {
    const login = demoLogins().admin;
    const { IdToken } = await signIn(login.email, login.password);
    const res = await api('/api/me', { token: IdToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: login.email, profile: { username: 'admin' } });
  });

  it('answers 404 for a path no route declares', async () => {
    expect((await api('/api/no-such-thing')).status).toBe(404);
    expect((await api('/api/health', { method: 'DELETE' })).status).toBe(404);
  });

  it('serves a config.json the web app accepts, pointing Cognito at the same origin', async () => {
    const res = await fetch(`${stack().url}/config.json`);
    const config = RuntimeConfigSchema.parse(await res.json());
    expect(config.authFlowType).toBe('USER_PASSWORD_AUTH');
    expect(config.userPoolEndpoint).toMatch(/\/cognito$/);
    expect(config.apiUrl).toBe('');
  });

  it('refreshes tokens with GetTokensFromRefreshToken, which cognito-local lacks', async () => {
    const login = demoLogins().member;
    const { RefreshToken } = await signIn(login.email, login.password);
    const res = await fetch(`${stack().url}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: stack().clientId, RefreshToken }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { AuthenticationResult: { IdToken: string } };
    const me = await api('/api/me', { token: body.AuthenticationResult.IdToken });
    expect(me.body).toMatchObject({ email: login.email });
  });

  it('answers GlobalSignOut with success so Amplify can sign out', async () => {
    const res = await fetch(`${stack().url}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      body: JSON.stringify({ AccessToken: 'x' }),
    });
    expect(res.status).toBe(200);
  });

  it('rejects a wrong password with Cognito’s own error', async () => {
    await expect(signIn(demoLogins().admin.email, 'wrong-password')).rejects.toThrow(/sign-in failed: 400/);
  });

  /** Calls a Cognito operation through the gateway's /cognito endpoint, as a browser could. */
  async function cognito(target: string, body: unknown) {
    const res = await fetch(`${stack().url}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { __type?: string; message?: string } };
  }

  it('refuses admin operations on /cognito with a 400 in Cognito’s error shape, and changes nothing', async () => {
    const email = `intruder-${Date.now()}@example.com`;
    const created = await cognito('AdminCreateUser', {
      UserPoolId: stack().userPoolId,
      Username: email,
      TemporaryPassword: 'intruder-password',
      MessageAction: 'SUPPRESS',
    });
    expect(created).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    const direct = localCognitoClient(stack().cognitoEndpoint);
    await expect(
      direct.send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email })),
    ).rejects.toThrow(/User does not exist/);
    direct.destroy();
    for (const [target, body] of [
      [
        'AdminSetUserPassword',
        { UserPoolId: stack().userPoolId, Username: demoLogins().admin.email, Password: 'x12345', Permanent: true },
      ],
      [
        'AdminInitiateAuth',
        { UserPoolId: stack().userPoolId, ClientId: stack().clientId, AuthFlow: 'ADMIN_NO_SRP_AUTH' },
      ],
      ['ListUsers', { UserPoolId: stack().userPoolId }],
      ['CreateUserPool', { PoolName: 'intruder' }],
      ['DeleteUserPool', { UserPoolId: stack().userPoolId }],
    ] as const) {
      expect(await cognito(target, body), target).toMatchObject({
        status: 400,
        body: { __type: 'NotAuthorizedException' },
      });
    }
    // The demo admin's password still works.
    await expect(signIn(demoLogins().admin.email, demoLogins().admin.password)).resolves.toHaveProperty('IdToken');
  });

  it('answers a malformed /cognito request or an unsupported sign-in flow with a 400, not a 5xx', async () => {
    expect(await cognito('InitiateAuth', '{not json')).toMatchObject({
      status: 400,
      body: { __type: 'SerializationException' },
    });
    expect(
      await cognito('InitiateAuth', {
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        ClientId: stack().clientId,
        AuthParameters: {},
      }),
    ).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
  });
});
