import { AwsError, awsJson, awsPublicJson, type AwsTarget } from '../../aws/http';
import type { Config } from '../../core/config';
import {
  IdentityError,
  type IdentityPort,
  type PasswordResetRequest,
  type SignUpRequest,
} from '../../core/ports/identity';

const SERVICE = 'AWSCognitoIdentityProviderService';

const attributeList = (record: Readonly<Record<string, string>>) =>
  Object.entries(record).map(([Name, Value]) => ({ Name, Value }));

/**
 * The user pool's public API over one unsigned JSON call each (aws/http.ts `awsPublicJson`): what the
 * web client did through Amplify, made by the accounts Lambda as the same app client, so the server
 * checks every rule first; and AdminDeleteUser, signed (`awsJson`) with the rights worker's role. Cognito's
 * regional endpoint in the cloud; locally `COGNITO_ENDPOINT`, the stack's proxy in front of cognito-local.
 */
export function cognitoIdentity(config: Pick<Config, 'region' | 'endpoints' | 'userPool'>): IdentityPort {
  const target: AwsTarget = { service: 'cognito-idp', region: config.region, endpoint: config.endpoints.cognito };
  const clientId = config.userPool.clientId;
  const call = async <T>(operation: string, body: Record<string, unknown>): Promise<T> => {
    if (!clientId) throw new IdentityError('NotConfigured', 'USER_POOL_CLIENT_ID is not set', 0);
    try {
      return await awsPublicJson<T>(target, {
        operation: `${SERVICE}.${operation}`,
        version: '1.1',
        body: { ClientId: clientId, ...body },
      });
    } catch (err) {
      if (err instanceof AwsError) throw new IdentityError(err.name, err.message, err.status);
      throw new IdentityError('Unreachable', (err as Error).message, 0);
    }
  };
  return {
    async signUp(request: SignUpRequest) {
      const out = await call<{ UserSub?: string; UserConfirmed?: boolean }>('SignUp', {
        Username: request.email,
        Password: request.password,
        UserAttributes: attributeList({ email: request.email, ...request.attributes }),
        ClientMetadata: request.clientMetadata,
      });
      if (!out.UserSub) throw new IdentityError('NoUser', 'SignUp answered without a user', 200);
      return { userId: out.UserSub, userConfirmed: out.UserConfirmed === true };
    },
    async deleteUser(userName: string) {
      if (!config.userPool.id) throw new IdentityError('NotConfigured', 'USER_POOL_ID is not set', 0);
      try {
        await awsJson(target, {
          operation: `${SERVICE}.AdminDeleteUser`,
          version: '1.1',
          body: { UserPoolId: config.userPool.id, Username: userName },
        });
        return true;
      } catch (err) {
        if (err instanceof AwsError && err.name === 'UserNotFoundException') return false;
        if (err instanceof AwsError) throw new IdentityError(err.name, err.message, err.status);
        throw new IdentityError('Unreachable', (err as Error).message, 0);
      }
    },
    async confirmPasswordReset(request: PasswordResetRequest) {
      await call('ConfirmForgotPassword', {
        Username: request.email,
        ConfirmationCode: request.code,
        Password: request.password,
      });
    },
  };
}
