import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SIGNUP_COGNITO } from '@kehila/shared';
import { localCognitoClient } from '../../../../infra/local/engines/cognito';
import { api, signIn, stack } from '../../support';

/** A confirmed Cognito user made by an operator call (no trigger runs, so no profile yet), and its user id. */
export async function operatorUser(email: string, attributes: Record<string, string> = {}): Promise<string> {
  const client = localCognitoClient(stack().cognitoEndpoint);
  try {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: stack().userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          ...Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: stack().userPoolId,
        Username: email,
        Password: 'secret1',
        Permanent: true,
      }),
    );
    return created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  } finally {
    client.destroy();
  }
}

/** A signed-in user with a profile (made by /api/me from the token) and an Israeli WhatsApp phone. */
export async function signedInUser(prefix: string, phone = `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const id = await operatorUser(email, {
    [SIGNUP_COGNITO.attributes.phone]: phone,
    [SIGNUP_COGNITO.attributes.countryCode]: '+972',
  });
  const token = (await signIn(email, 'secret1')).IdToken;
  const me = await api('/api/me', { token });
  if (me.status !== 200) throw new Error(`could not load the profile of ${email}: ${me.status}`);
  const normalized = `+972${phone.replace(/\D/g, '').replace(/^0/, '')}`;
  return { id, email, token, phone: normalized };
}
