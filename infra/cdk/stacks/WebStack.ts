import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@kehila/shared';
import type { DeployConfig } from '../config';
import type { SourceLayout } from '../source-layout';
import { Website, executeApiDomain } from '../constructs/Website';

export interface WebStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly layout: SourceLayout;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** Hosted UI host name when Google sign-in is configured. */
  readonly oauthDomain?: string;
  readonly httpApi: apigw.IHttpApi;
  /** The origin secret's value for CloudFront's header to the API (api stack). */
  readonly originVerifyValue: string;
  /** The site's CLOUDFRONT-scope web ACL (edge stack). */
  readonly webAclArn: string;
  readonly logos: s3.IBucket;
  /**
   * The WebSocket API URL (wss://...) for live message events (api stack). Absent while the
   * WebSocket handler is not deployed: config.json then carries an empty `wsUrl` and the web app
   * runs without live updates.
   */
  readonly webSocketUrl?: string;
}

/** The web app: CloudFront (behind the edge stack's web ACL) in front of the site bucket and the HTTP API, and the deployed build. */
export class WebStack extends Stack {
  readonly website: Website;
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.runtimeConfig = {
      stage: 'cloud',
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      ...(props.oauthDomain ? { oauthDomain: props.oauthDomain } : {}),
      wsUrl: props.webSocketUrl ?? '',
      apiUrl: '',
      botPhone: props.config.botPhone ?? '',
      supportEmail: props.config.supportEmail ?? '',
    };
    this.website = new Website(this, 'Website', {
      isProd: props.config.isProd,
      webDist: props.layout.webDist,
      requireWebDist: props.config.requireWebDist,
      runtimeConfig: this.runtimeConfig,
      apiDomainName: executeApiDomain(props.httpApi.apiId, this),
      originVerifyValue: props.originVerifyValue,
      webAclArn: props.webAclArn,
      logos: { bucketArn: props.logos.bucketArn, bucketRegionalDomainName: props.logos.bucketRegionalDomainName },
      ...(props.config.customDomain ? { customDomain: props.config.customDomain } : {}),
    });
    new CfnOutput(this, 'WebUrl', { value: this.website.url });
    new CfnOutput(this, 'DistributionId', { value: this.website.distribution.distributionId });
  }
}
