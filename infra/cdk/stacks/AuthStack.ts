import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import type { SourceLayout } from '../source-layout';
import { CognitoTriggers } from '../constructs/CognitoTriggers';
import { SignUpTicketKey } from '../constructs/SignUpTicketKey';
import { UserAuth } from '../constructs/UserAuth';
import { WebFirewall } from '../constructs/WebFirewall';
import { signInFirewallRules } from '../firewall-rules';

export interface AuthStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly layout: SourceLayout;
  /** The table the sign-up triggers write consents and profiles to. */
  readonly table: dynamodb.ITable;
}

/**
 * Sign-up and sign-in: the Cognito user pool, its triggers, the web client, its WAF web ACL, the key of
 * the sign-up tickets (read here by PreSignUp, by the accounts API in the api stack) and, when
 * configured, Google.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly triggers: CognitoTriggers;
  readonly signUpTicketKey: secretsmanager.ISecret;
  readonly oauthDomain?: string;
  /** The user pool's REGIONAL web ACL: sign-in and sign-up rate limit per address. */
  readonly firewall: WebFirewall;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;
    const auth = new UserAuth(this, 'Auth', {
      stage: config.stage,
      isProd: config.isProd,
      ...(config.google ? { google: config.google } : {}),
      ...(config.authDomainPrefix ? { domainPrefix: config.authDomainPrefix } : {}),
      ...(config.webUrl ? { webUrl: config.webUrl } : {}),
      ...(config.emailFrom ? { emailFrom: config.emailFrom } : {}),
    });
    this.userPool = auth.userPool;
    this.client = auth.client;
    if (auth.oauthDomain) this.oauthDomain = auth.oauthDomain;
    this.signUpTicketKey = new SignUpTicketKey(this, 'SignUpTicketKey', { isProd: config.isProd }).secret;
    this.triggers = new CognitoTriggers(this, 'Triggers', {
      userPool: this.userPool,
      table: props.table,
      secrets: { signUpTicketKey: this.signUpTicketKey },
      layout: props.layout,
      isProd: config.isProd,
      // Same ordering problem as Google: the site's address must come from the configuration.
      ...(config.webUrl ? { webOrigin: config.webUrl } : {}),
    });

    // The browser calls Cognito's own endpoints (not through CloudFront), so the pool gets its own web ACL.
    this.firewall = new WebFirewall(this, 'SignInFirewall', {
      scope: 'REGIONAL',
      name: `kehila-${config.stage}-sign-in`,
      description: 'Kehila user pool: IP rate limit on sign-in and sign-up, AWS Known bad inputs rules',
      rules: signInFirewallRules(config.waf.signInRateLimit),
      isProd: config.isProd,
    });
    new wafv2.CfnWebACLAssociation(this, 'SignInFirewallAssociation', {
      resourceArn: this.userPool.userPoolArn,
      webAclArn: this.firewall.arn,
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
    if (auth.oauthDomain) {
      new CfnOutput(this, 'GoogleRedirectUri', {
        description: 'Add this to the Google OAuth client as an authorised redirect URI',
        value: `https://${auth.oauthDomain}/oauth2/idpresponse`,
      });
    }
  }
}
