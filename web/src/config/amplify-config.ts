import type { AuthConfig, ResourcesConfig } from '@aws-amplify/core';
import type { RuntimeConfig } from '@kehila/shared';

/** S1 §7: Google sign-in comes back to /dashboard; signing out of the hosted UI comes back to /login. */
export const OAUTH_SIGN_IN_PATH = '/dashboard';
export const OAUTH_SIGN_OUT_PATH = '/login';

/**
 * Builds the Amplify (v6) configuration from the runtime config. `userPoolEndpoint` may be a path on the
 * page's own origin (cognito-local behind the local gateway at `/cognito`); Amplify needs an absolute URL.
 * OAuth (Google through the Cognito hosted UI) is configured only when the deployment has a domain for it.
 */
export function toAmplifyConfig(config: RuntimeConfig, origin: string): ResourcesConfig & { Auth: AuthConfig } {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: new URL(config.userPoolEndpoint, origin).toString() } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [`${origin}${OAUTH_SIGN_IN_PATH}`],
                  redirectSignOut: [`${origin}${OAUTH_SIGN_OUT_PATH}`],
                  responseType: 'code',
                  providers: ['Google'],
                },
              }
            : {}),
        },
      },
    },
  };
}
