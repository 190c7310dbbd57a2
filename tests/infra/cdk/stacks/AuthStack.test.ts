import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { parseDeployConfig, type RawParameters } from '../../../../infra/cdk/config';
import { PASSWORD_MIN_LENGTH } from '@kehila/shared';
import { AuthStack } from '../../../../infra/cdk/stacks/AuthStack';
import { testApp } from '../support/synth';
import { onlyResource, resourcesOf } from '../support/template';

function authTemplate(params: RawParameters): Template {
  const app = testApp();
  const config = parseDeployConfig(params);
  return Template.fromStack(new AuthStack(app, 'Auth', { config, env: config.env }));
}

const plain = authTemplate({});
const google = authTemplate({
  googleClientId: 'client-123.apps.googleusercontent.com',
  googleSecretName: 'kehila/dev/google-oauth',
  webUrl: 'https://d111111abcdef8.cloudfront.net',
});
const prod = authTemplate({
  stage: 'prod',
  googleClientId: 'client-123.apps.googleusercontent.com',
  domainName: 'app.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
  authDomainPrefix: 'kehila-example',
  emailFrom: 'no-reply@example.com',
});

describe('auth stack: user pool', () => {
  const [, pool] = onlyResource(plain, 'AWS::Cognito::UserPool');

  it('signs in by e-mail, lets users sign up and verifies their e-mail', () => {
    expect(pool.Properties.UsernameAttributes).toEqual(['email']);
    expect(pool.Properties.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(pool.Properties.UsernameConfiguration).toEqual({ CaseSensitive: false });
  });

  it('uses the spec password minimum (PASSWORD_MIN_LENGTH) and no class rules', () => {
    expect(pool.Properties.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: PASSWORD_MIN_LENGTH,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
  });

  it('keeps phone and country_code as mutable custom attributes', () => {
    const schema = pool.Properties.Schema as { Name: string; AttributeDataType: string; Mutable: boolean }[];
    for (const name of ['phone', 'country_code']) {
      expect(schema).toContainEqual(expect.objectContaining({ Name: name, AttributeDataType: 'String', Mutable: true }));
    }
  });

  it("sends e-mail through SES from the configured sender, or with Cognito's own sender", () => {
    expect(pool.Properties.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
    const [, prodPool] = onlyResource(prod, 'AWS::Cognito::UserPool');
    expect(prodPool.Properties.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Kehila <no-reply@example.com>',
    });
    expect(JSON.stringify(prodPool.Properties.EmailConfiguration.SourceArn)).toContain(':identity/no-reply@example.com');
  });

  it('is retained and deletion-protected in prod only', () => {
    expect(pool.DeletionPolicy).toBe('Delete');
    const [, prodPool] = onlyResource(prod, 'AWS::Cognito::UserPool');
    expect(prodPool.DeletionPolicy).toBe('Retain');
    expect(prodPool.Properties.DeletionProtection).toBe('ACTIVE');
  });
});

describe('auth stack: web client', () => {
  it('is public (no secret) and allows SRP, USER_PASSWORD_AUTH and refresh', () => {
    const [, client] = onlyResource(plain, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.GenerateSecret).toBe(false);
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(client.Properties.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('may write the sign-up attributes the spec collects', () => {
    const [, client] = onlyResource(plain, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.WriteAttributes).toEqual(expect.arrayContaining(['email', 'custom:phone', 'custom:country_code']));
  });

  it('has no OAuth, hosted UI or Google when Google is not configured', () => {
    const [, client] = onlyResource(plain, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO']);
    expect(client.Properties.CallbackURLs).toBeUndefined();
    expect(Object.keys(resourcesOf(plain, 'AWS::Cognito::UserPoolIdentityProvider'))).toHaveLength(0);
    expect(Object.keys(resourcesOf(plain, 'AWS::Cognito::UserPoolDomain'))).toHaveLength(0);
  });
});

describe('auth stack: Google sign-in when configured', () => {
  const [googleId, idp] = onlyResource(google, 'AWS::Cognito::UserPoolIdentityProvider');

  it('federates Google with openid, email and profile, mapping email and name', () => {
    expect(idp.Properties.ProviderName).toBe('Google');
    expect(idp.Properties.ProviderDetails).toMatchObject({
      client_id: 'client-123.apps.googleusercontent.com',
      authorize_scopes: 'openid email profile',
    });
    expect(idp.Properties.AttributeMapping).toMatchObject({ email: 'email', name: 'name' });
  });

  it('reads the client secret from Secrets Manager at deploy time', () => {
    expect(idp.Properties.ProviderDetails.client_secret).toBe(
      '{{resolve:secretsmanager:kehila/dev/google-oauth:SecretString:clientSecret::}}',
    );
  });

  it('adds a hosted UI domain', () => {
    const [, domain] = onlyResource(google, 'AWS::Cognito::UserPoolDomain');
    expect(JSON.stringify(domain.Properties.Domain)).toContain('kehila-dev-');
    const [, prodDomain] = onlyResource(prod, 'AWS::Cognito::UserPoolDomain');
    expect(prodDomain.Properties.Domain).toBe('kehila-example');
  });

  it('lets the client use the code flow back to /dashboard and /login of the site', () => {
    const [, client] = onlyResource(google, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.AllowedOAuthFlows).toEqual(['code']);
    expect(client.Properties.AllowedOAuthScopes).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'aws.cognito.signin.user.admin']),
    );
    expect(client.Properties.CallbackURLs).toEqual([
      'https://d111111abcdef8.cloudfront.net/dashboard',
      'https://d111111abcdef8.cloudfront.net/login',
    ]);
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    expect(google.toJSON().Resources[onlyResource(google, 'AWS::Cognito::UserPoolClient')[0]].DependsOn).toContain(googleId);
  });

  it('uses the custom domain for the redirect URLs when there is one', () => {
    const [, client] = onlyResource(prod, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.CallbackURLs).toEqual(['https://app.example.com/dashboard', 'https://app.example.com/login']);
    expect(client.Properties.LogoutURLs).toEqual(['https://app.example.com/login']);
  });

  it('prints the redirect URI to register with Google', () => {
    const outputs = google.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.GoogleRedirectUri?.Value)).toContain('/oauth2/idpresponse');
  });
});
