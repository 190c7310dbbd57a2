import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { triggers } from '@kehila/functions/triggers/triggers';
import { parseDeployConfig, type RawParameters } from '../../../../infra/cdk/config';
import { PASSWORD_MIN_LENGTH } from '@kehila/shared';
import { MISSING_TRIGGER_WARNING } from '../../../../infra/cdk/constructs/CognitoTriggers';
import { SECRETS } from '../../../../infra/cdk/function-uses';
import { WAF_RATE_LIMITS, WAF_WINDOW_SECONDS } from '../../../../infra/cdk/firewall-rules';
import { AuthStack } from '../../../../infra/cdk/stacks/AuthStack';
import { DataStack } from '../../../../infra/cdk/stacks/DataStack';
import { makeSourceTree, type SourceTreeOptions } from '../support/source-tree';
import { testApp } from '../support/synth';
import {
  actionsOf,
  importedResourceId,
  onlyResource,
  policyStatementsOfRole,
  referencedId,
  resourcesOf,
  resourcesOfStatement,
  type Resource,
} from '../support/template';

interface AuthUnderTest {
  readonly auth: Template;
  readonly data: Template;
  readonly stack: AuthStack;
}

/** The auth stack with the data stack it takes the table from (no other stack is needed). */
function authStack(params: RawParameters, tree: SourceTreeOptions = {}): AuthUnderTest {
  const app = testApp();
  const config = parseDeployConfig(params);
  const data = new DataStack(app, 'Data', { config, env: config.env });
  const stack = new AuthStack(app, 'Auth', {
    config,
    env: config.env,
    layout: makeSourceTree(tree),
    table: data.table,
  });
  return { auth: Template.fromStack(stack), data: Template.fromStack(data), stack };
}

function authTemplate(params: RawParameters): Template {
  return authStack(params).auth;
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
      expect(schema).toContainEqual(
        expect.objectContaining({ Name: name, AttributeDataType: 'String', Mutable: true }),
      );
    }
  });

  it("sends e-mail through SES from the configured sender, or with Cognito's own sender", () => {
    expect(pool.Properties.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
    const [, prodPool] = onlyResource(prod, 'AWS::Cognito::UserPool');
    expect(prodPool.Properties.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Kehila <no-reply@example.com>',
    });
    expect(JSON.stringify(prodPool.Properties.EmailConfiguration.SourceArn)).toContain(
      ':identity/no-reply@example.com',
    );
  });

  it('lets a user turn on two-factor sign-in with an authenticator app (TOTP), never SMS, and requires it of nobody', () => {
    expect(pool.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('is retained and deletion-protected in prod only', () => {
    expect(pool.DeletionPolicy).toBe('Delete');
    const [, prodPool] = onlyResource(prod, 'AWS::Cognito::UserPool');
    expect(prodPool.DeletionPolicy).toBe('Retain');
    expect(prodPool.Properties.DeletionProtection).toBe('ACTIVE');
  });
});

describe('auth stack: the user pool web ACL', () => {
  const [aclId, acl] = onlyResource(plain, 'AWS::WAFv2::WebACL');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON
  const rules = acl.Properties.Rules as any[];

  it('is a REGIONAL web ACL associated with the user pool, which the browser calls directly', () => {
    expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    const [poolId] = onlyResource(plain, 'AWS::Cognito::UserPool');
    const [, association] = onlyResource(plain, 'AWS::WAFv2::WebACLAssociation');
    expect(association.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it(`blocks an address past ${WAF_RATE_LIMITS.signIn} sign-in, sign-up and token calls per ${WAF_WINDOW_SECONDS / 60} minutes, configurably`, () => {
    expect(rules[0]).toMatchObject({
      Name: 'RateLimitSignIn',
      Priority: 0,
      Action: { Block: {} },
      Statement: {
        RateBasedStatement: {
          Limit: WAF_RATE_LIMITS.signIn,
          AggregateKeyType: 'IP',
          EvaluationWindowSec: WAF_WINDOW_SECONDS,
        },
      },
    });
    expect(rules[0].Statement.RateBasedStatement.ScopeDownStatement).toBeUndefined();
    const [, tighter] = onlyResource(authTemplate({ wafSignInRateLimit: '100' }), 'AWS::WAFv2::WebACL');
    expect(tighter.Properties.Rules[0].Statement.RateBasedStatement.Limit).toBe(100);
  });

  it('applies Known bad inputs, and not the Core rule set (Cognito passes WAF no credentials to inspect)', () => {
    expect(rules.map((r) => r.Name)).toEqual(['RateLimitSignIn', 'KnownBadInputs']);
    expect(rules[1].Statement.ManagedRuleGroupStatement).toEqual({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesKnownBadInputsRuleSet',
    });
  });

  it('publishes metrics per rule and logs blocked requests to its own aws-waf-logs- group', () => {
    for (const v of [acl.Properties.VisibilityConfig, ...rules.map((r) => r.VisibilityConfig)]) {
      expect(v).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
      expect(v.MetricName).toMatch(/^kehila-dev-sign-in/);
    }
    const [, logging] = onlyResource(plain, 'AWS::WAFv2::LoggingConfiguration');
    expect(logging.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    plain.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: 'aws-waf-logs-kehila-dev-sign-in' });
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
    expect(client.Properties.WriteAttributes).toEqual(
      expect.arrayContaining(['email', 'custom:phone', 'custom:country_code']),
    );
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
    expect(google.toJSON().Resources[onlyResource(google, 'AWS::Cognito::UserPoolClient')[0]].DependsOn).toContain(
      googleId,
    );
  });

  it('uses the custom domain for the redirect URLs when there is one', () => {
    const [, client] = onlyResource(prod, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.CallbackURLs).toEqual([
      'https://app.example.com/dashboard',
      'https://app.example.com/login',
    ]);
    expect(client.Properties.LogoutURLs).toEqual(['https://app.example.com/login']);
  });

  it('prints the redirect URI to register with Google', () => {
    const outputs = google.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.GoogleRedirectUri?.Value)).toContain('/oauth2/idpresponse');
  });
});

describe('auth stack: Cognito triggers (functions/src/triggers/triggers.ts)', () => {
  const withOrigin = authStack({ webUrl: 'https://d111111abcdef8.cloudfront.net' });
  const { auth, data } = withOrigin;
  const [poolId, pool] = onlyResource(auth, 'AWS::Cognito::UserPool');
  const functions = resourcesOf(auth, 'AWS::Lambda::Function');
  const fnOf = (trigger: string): [string, Resource] => {
    const id = referencedId(pool.Properties.LambdaConfig[trigger]);
    return [id, functions[id]!];
  };
  const declared = Object.values(triggers);

  it('attaches one function per declared trigger, and nothing else', () => {
    expect(Object.keys(pool.Properties.LambdaConfig).sort()).toEqual(declared.map((t) => t.trigger).sort());
    expect(new Set(declared.map((t) => fnOf(t.trigger)[0])).size).toBe(declared.length);
  });

  it.each(declared.map((t) => [t.trigger, t] as const))(
    '%s runs its module on Node 22 within Cognito’s 5 s',
    (trigger, def) => {
      const [, fn] = fnOf(trigger);
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Timeout).toBe(def.timeoutSeconds);
      expect(fn.Properties.Timeout).toBeLessThanOrEqual(5);
      expect(fn.Properties.MemorySize).toBe(def.memoryMb);
      expect(fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe(`kehila-${def.module.split('/').pop()}`);
    },
  );

  it.each(declared.map((t) => [t.trigger, t] as const))(
    '%s may only get, put, update and delete table items if it uses the table (no Scan, no index)',
    (trigger, def) => {
      const [, fn] = fnOf(trigger);
      const statements = policyStatementsOfRole(auth, referencedId(fn.Properties.Role));
      const table = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
      if (!def.usesTable) {
        expect(table).toEqual([]);
        return;
      }
      expect(table.flatMap(actionsOf).sort()).toEqual([
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ]);
      const resources = table.flatMap(resourcesOfStatement);
      expect(resources).toHaveLength(1);
      expect(data.toJSON().Resources[importedResourceId(data, resources[0])].Type).toBe('AWS::DynamoDB::Table');
      // Nothing but the table, its own logs and the secrets it declares (next test).
      expect(
        statements
          .flatMap(actionsOf)
          .filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('secretsmanager:')),
      ).toEqual([]);
    },
  );

  it.each(declared.map((t) => [t.trigger, t] as const))(
    '%s gets STAGE, TABLE_NAME and only the variables it declares',
    (trigger, def) => {
      const [, fn] = fnOf(trigger);
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(env.STAGE).toBe('cloud');
      expect(data.toJSON().Resources[importedResourceId(data, env.TABLE_NAME)].Type).toBe('AWS::DynamoDB::Table');
      const own = Object.keys(env).filter(
        (k) => !['STAGE', 'TABLE_NAME', 'POWERTOOLS_SERVICE_NAME', 'NODE_OPTIONS'].includes(k),
      );
      expect(own.sort()).toEqual([...def.env, ...def.secrets.map((k) => SECRETS[k].env)].sort());
      // A trigger reading its own pool's id would make the pool depend on itself.
      expect(env).not.toHaveProperty('USER_POOL_ID');
    },
  );

  it.each(declared.map((t) => [t.trigger, t] as const))(
    '%s reads exactly the secrets it declares, by ARN (PreSignUp: the sign-up ticket key)',
    (trigger, def) => {
      const [, fn] = fnOf(trigger);
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      const statements = policyStatementsOfRole(auth, referencedId(fn.Properties.Role));
      const reads = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
      for (const st of reads) {
        expect(actionsOf(st).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
      }
      const readable = reads.flatMap(resourcesOfStatement).map(referencedId);
      expect(readable).toHaveLength(def.secrets.length);
      for (const key of def.secrets) {
        const secretId = referencedId(env[SECRETS[key].env]);
        expect(auth.toJSON().Resources[secretId].Type).toBe('AWS::SecretsManager::Secret');
        expect(readable).toContain(secretId);
      }
    },
  );

  it('generates the sign-up ticket key, kept in prod only, and shares it with the api stack', () => {
    const [, secret] = onlyResource(auth, 'AWS::SecretsManager::Secret');
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.DeletionPolicy).toBe('Delete');
    const [, prodSecret] = onlyResource(prod, 'AWS::SecretsManager::Secret');
    expect(prodSecret.DeletionPolicy).toBe('Retain');
    expect(withOrigin.stack.signUpTicketKey.secretArn).toBeDefined();
  });

  it("links the e-mails to the configured site, and keeps Cognito's default message without one", () => {
    const [, custom] = fnOf(triggers.customMessage.trigger);
    expect(custom.Properties.Environment.Variables.WEB_ORIGIN).toBe('https://d111111abcdef8.cloudfront.net');
    const plain = authTemplate({});
    const [, plainPool] = onlyResource(plain, 'AWS::Cognito::UserPool');
    const plainCustom = resourcesOf(plain, 'AWS::Lambda::Function')[
      referencedId(plainPool.Properties.LambdaConfig.CustomMessage)
    ]!;
    expect(plainCustom.Properties.Environment.Variables).not.toHaveProperty('WEB_ORIGIN');
  });

  it.each(declared.map((t) => [t.trigger] as const))('%s may be invoked by this user pool only', (trigger) => {
    const [fnId] = fnOf(trigger);
    const permissions = Object.values(resourcesOf(auth, 'AWS::Lambda::Permission')).filter(
      (p) => referencedId(p.Properties.FunctionName) === fnId,
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]!.Properties.Principal).toBe('cognito-idp.amazonaws.com');
    expect(referencedId(permissions[0]!.Properties.SourceArn)).toBe(poolId);
  });

  it('skips a trigger whose module does not exist yet, with a warning', () => {
    const missing = authStack({}, { triggers: false });
    const [, bare] = onlyResource(missing.auth, 'AWS::Cognito::UserPool');
    expect(bare.Properties.LambdaConfig).toBeUndefined();
    Annotations.fromStack(missing.stack).hasWarning(
      '*',
      Match.stringLikeRegexp(`Cognito trigger PreSignUp is not deployed.*${MISSING_TRIGGER_WARNING}`),
    );
  });
});
