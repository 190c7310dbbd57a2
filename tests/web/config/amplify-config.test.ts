import { describe, expect, it } from 'vitest';
import { toAmplifyConfig } from '../../../web/src/config/amplify-config';
import { localConfig } from '../helpers/render-app';

describe('toAmplifyConfig', () => {
  it('points Amplify at cognito-local behind the gateway and leaves OAuth out locally', () => {
    expect(toAmplifyConfig(localConfig, 'http://localhost:5173')).toEqual({
      Auth: {
        Cognito: {
          userPoolId: 'local_5Aa1b2c3',
          userPoolClientId: 'local-client',
          userPoolEndpoint: 'http://localhost:5173/cognito',
          loginWith: { email: true },
        },
      },
    });
  });

  it('configures Google through the hosted UI when the deployment has an OAuth domain', () => {
    const config = {
      ...localConfig,
      stage: 'cloud' as const,
      userPoolEndpoint: undefined,
      authFlowType: 'USER_SRP_AUTH' as const,
      oauthDomain: 'kehila-auth.auth.eu-west-1.amazoncognito.com',
    };
    const cognito = toAmplifyConfig(config, 'https://app.kehila.example').Auth?.Cognito;
    expect(cognito).not.toHaveProperty('userPoolEndpoint');
    expect(cognito?.loginWith).toEqual({
      email: true,
      oauth: {
        domain: 'kehila-auth.auth.eu-west-1.amazoncognito.com',
        scopes: ['openid', 'email', 'profile'],
        redirectSignIn: ['https://app.kehila.example/dashboard'],
        redirectSignOut: ['https://app.kehila.example/login'],
        responseType: 'code',
        providers: ['Google'],
      },
    });
  });

  it('keeps an absolute user pool endpoint as given', () => {
    const cognito = toAmplifyConfig(
      { ...localConfig, userPoolEndpoint: 'http://127.0.0.1:9229/' },
      'http://localhost:5173',
    ).Auth?.Cognito;
    expect(cognito?.userPoolEndpoint).toBe('http://127.0.0.1:9229/');
  });
});
