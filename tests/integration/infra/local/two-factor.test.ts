import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { operatorUser } from '../../functions/accounts/users';
import { api, stack } from '../../support';

/** RFC 4648 base32 (the setup key Cognito hands out) to bytes. */
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP as authenticator apps compute it: HMAC-SHA1, 30-second steps, 6 digits. */
function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** A code that is not the current one (nor its neighbours, which Cognito also accepts). */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
  let code = '000000';
  while (near.has(code)) code = String(Number(code) + 1).padStart(6, '0');
  return code;
}

/** A Cognito call through the gateway's /cognito endpoint, as the browser's Amplify makes it. */
async function cognito(target: string, body: unknown) {
  const res = await fetch(`${stack().url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const passwordSignIn = (email: string) =>
  cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack().clientId,
    AuthParameters: { USERNAME: email, PASSWORD: 'secret1' },
  });

describe('two-factor sign-in through the local /cognito endpoint', () => {
  it('enrols a fresh user with an authenticator code, then asks for a code at sign-in and refuses a wrong one', async () => {
    const email = `totp-${randomUUID().slice(0, 8)}@example.com`;
    await operatorUser(email);

    const first = await passwordSignIn(email);
    expect(first.status).toBe(200);
    const AccessToken = (first.body.AuthenticationResult as { AccessToken: string }).AccessToken;

    // The Settings card: AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference, GetUser.
    const associated = await cognito('AssociateSoftwareToken', { AccessToken });
    expect(associated.status).toBe(200);
    const secret = String(associated.body.SecretCode);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    const refused = await cognito('VerifySoftwareToken', { AccessToken, UserCode: wrongCode(secret) });
    expect(refused.status).toBe(400);
    const verified = await cognito('VerifySoftwareToken', { AccessToken, UserCode: totp(secret) });
    expect(verified).toMatchObject({ status: 200, body: { Status: 'SUCCESS' } });
    const preferred = await cognito('SetUserMFAPreference', {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(preferred.status).toBe(200);
    const user = await cognito('GetUser', { AccessToken });
    expect(user.body).toMatchObject({ PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    expect(user.body.UserMFASettingList).toContain('SOFTWARE_TOKEN_MFA');

    // The next sign-in: the password alone no longer gives tokens.
    const challenged = await passwordSignIn(email);
    expect(challenged).toMatchObject({ status: 200, body: { ChallengeName: 'SOFTWARE_TOKEN_MFA' } });
    expect(challenged.body.AuthenticationResult).toBeUndefined();
    const answer = (code: string) =>
      cognito('RespondToAuthChallenge', {
        ClientId: stack().clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenged.body.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      });

    expect(await answer(wrongCode(secret))).toMatchObject({ status: 400, body: { __type: 'CodeMismatchException' } });
    const signedIn = await answer(totp(secret));
    expect(signedIn.status).toBe(200);
    const { IdToken } = signedIn.body.AuthenticationResult as { IdToken: string };
    expect((await api('/api/me', { token: IdToken })).body).toMatchObject({ email });

    // Turning it off (the card's Turn off) makes the password enough again.
    const off = await cognito('SetUserMFAPreference', {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    expect(off.status).toBe(200);
    expect((await passwordSignIn(email)).body.AuthenticationResult).toBeDefined();
  });
});
