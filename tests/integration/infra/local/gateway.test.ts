import { describe, expect, it } from 'vitest';
import { RuntimeConfigSchema } from '@kehila/shared';
import { demoLogins } from '../../../../infra/local/seed';
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
});
