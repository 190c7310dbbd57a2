import { Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '@kehila/shared';
import { acknowledge } from '../nag';

/** Secrets Manager JSON key holding the Google OAuth client secret. */
export const GOOGLE_SECRET_KEY = 'clientSecret';

export interface UserAuthProps {
  readonly stage: string;
  readonly isProd: boolean;
  /** Google federation (hosted UI domain + IdP); without it, e-mail and password only. */
  readonly google?: { readonly clientId: string; readonly secretName: string };
  /** Hosted UI domain prefix; defaults to `kehila-<stage>-<account id>`. */
  readonly domainPrefix?: string;
  /** The site's origin (https://...), needed for the OAuth redirect URLs when Google is on. */
  readonly webUrl?: string;
  /**
   * Verified SES sender for verification and reset e-mails. Without it Cognito sends them itself,
   * which is limited to a few dozen e-mails a day: fine for trying the app, not for production.
   */
  readonly emailFrom?: string;
}

/**
 * Cognito: the user pool (e-mail sign-in, self sign-up, verified e-mail, the spec's phone and
 * country_code as custom attributes) and the web client (no secret; SRP, USER_PASSWORD_AUTH and
 * refresh). With Google configured, also the hosted UI domain and the Google identity provider.
 */
export class UserAuth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** Hosted UI host name (no scheme) for Amplify's `oauth.domain`; set only with Google. */
  readonly oauthDomain?: string;

  constructor(scope: Construct, id: string, props: UserAuthProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      customAttributes: {
        phone: new cognito.StringAttribute({ minLen: 0, maxLen: 32, mutable: true }),
        country_code: new cognito.StringAttribute({ minLen: 0, maxLen: 8, mutable: true }),
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: props.emailFrom
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.emailFrom,
            fromName: 'Kehila',
            sesRegion: Stack.of(this).region,
          })
        : cognito.UserPoolEmail.withCognito(),
      // Two-factor sign-in is the user's choice (issue 13): an authenticator app (TOTP), never SMS.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: props.isProd,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      `S1 §9 fixes the password minimum at ${PASSWORD_MIN_LENGTH} characters with no class rules (PASSWORD_MIN_LENGTH in shared/src/constants.ts) and the sign-up and reset forms enforce exactly that, so a stricter pool policy would reject passwords the product accepts. Guessing is limited instead by Cognito's lockout after repeated failed sign-ins and the pool's WAF rate limit per address.`,
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is optional (an authenticator app, TOTP) rather than required: S1 defines sign-in as e-mail and password or Google, and requiring a second factor would lock out every user who has not enrolled one. Compensating: Cognito’s lockout after repeated failed sign-ins, the pool’s WAF rate limit per address, and Google accounts’ own 2-step verification.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'The Essentials plan covers every flow the specs use; threat protection (compromised-credential and adaptive-authentication checks) needs the Plus plan, priced higher per monthly active user, which trial communities do not pay for. Compensating: the pool’s WAF rate limit and Known bad inputs rules, and Cognito’s lockout. To turn it on: featurePlan PLUS and a threat protection mode in UserAuth.',
    );

    let google: cognito.UserPoolIdentityProviderGoogle | undefined;
    if (props.google) {
      google = new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        clientSecretValue: SecretValue.secretsManager(props.google.secretName, { jsonField: GOOGLE_SECRET_KEY }),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: cognito.ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          fullname: cognito.ProviderAttribute.GOOGLE_NAME,
        },
      });
      const domain = this.userPool.addDomain('HostedUi', {
        cognitoDomain: { domainPrefix: props.domainPrefix ?? `kehila-${props.stage}-${Stack.of(this).account}` },
        managedLoginVersion: cognito.ManagedLoginVersion.CLASSIC_HOSTED_UI,
      });
      this.oauthDomain = `${domain.domainName}.auth.${Stack.of(this).region}.amazoncognito.com`;
    }

    const webUrl = props.webUrl;
    if (props.google && !webUrl) throw new Error('Google sign-in needs webUrl for its redirect URLs');
    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, fullname: true })
        .withCustomAttributes('phone', 'country_code'),
      writeAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, fullname: true })
        .withCustomAttributes('phone', 'country_code'),
      ...(google && webUrl
        ? {
            supportedIdentityProviders: [
              cognito.UserPoolClientIdentityProvider.COGNITO,
              cognito.UserPoolClientIdentityProvider.GOOGLE,
            ],
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [
                cognito.OAuthScope.OPENID,
                cognito.OAuthScope.EMAIL,
                cognito.OAuthScope.PROFILE,
                // Amplify reads and updates the user's attributes with the access token.
                cognito.OAuthScope.COGNITO_ADMIN,
              ],
              callbackUrls: [`${webUrl}/dashboard`, `${webUrl}/login`],
              logoutUrls: [`${webUrl}/login`],
            },
          }
        : {
            supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
            disableOAuth: true,
          }),
    });
    // The client may only list Google once the provider exists.
    if (google) this.client.node.addDependency(google);
  }
}
