import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';
import { realtimeDeclaration } from '@kehila/functions/realtime/declaration';
import { acknowledge, acknowledgeWildcardResource } from '../nag';
import type { FunctionWiring } from './function-wiring';
import { ServiceFunction } from './ServiceFunction';

export interface RealtimeApiProps {
  /** The handler gets the common environment and its grants (table) from here. */
  readonly wiring: FunctionWiring;
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
}

/** Warning id of a synth without the WebSocket handler module. */
export const MISSING_REALTIME_WARNING = '@kehila/infra:missing-realtime-entry';

/** The stage of the WebSocket API: part of its URL (`wss://…/live`) and of its callback URL. */
export const REALTIME_STAGE = 'live';

const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  connectionId: '$context.connectionId',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  status: '$context.status',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
});

/**
 * Live message events in the cloud (`functions/src/realtime/declaration.ts`): an API Gateway
 * WebSocket API selecting routes by `$request.body.action`, every declared route on the one handler,
 * no authorizer (a browser WebSocket cannot send headers; `subscribe` carries the ID token, which
 * the handler verifies), and a throttled stage with JSON access logs. Publishers get the stage's
 * callback URL and may post to its connections. Without the handler module nothing is created and
 * the web app runs without live updates.
 */
export class RealtimeApi extends Construct {
  readonly api?: apigw.WebSocketApi;
  readonly stage?: apigw.WebSocketStage;
  readonly handler?: ServiceFunction;
  /** `wss://…/live`: config.json's `wsUrl`. */
  readonly url?: string;
  /** `https://…/live`: REALTIME_ENDPOINT, the management API the handler and publishers post to. */
  readonly callbackUrl?: string;

  constructor(scope: Construct, id: string, props: RealtimeApiProps) {
    super(scope, id);
    const decl = realtimeDeclaration;
    const { wiring } = props;
    const entry = join(wiring.layout.functionsRoot, decl.entry);
    if (!existsSync(entry)) {
      Annotations.of(this).addWarningV2(
        MISSING_REALTIME_WARNING,
        `The WebSocket API is not deployed: ${entry} does not exist yet, so the web app gets no live updates (wsUrl "").`,
      );
      return;
    }
    if (decl.connectAuthorizer !== 'none') throw new Error('only a $connect without authorizer is supported');

    this.api = new apigw.WebSocketApi(this, 'WebSocketApi', {
      description: 'Kehila live message events (functions/src/realtime)',
      routeSelectionExpression: decl.routeSelectionExpression,
    });
    const stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(
          new logs.LogGroup(this, 'AccessLogs', {
            retention: wiring.isProd ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH,
            removalPolicy: wiring.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
          }),
        ),
        format: apigateway.AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });
    this.stage = stage;
    this.url = stage.url;
    this.callbackUrl = stage.callbackUrl;
    // Unlike HTTP APIs, WebSocket stages log through the account's API Gateway CloudWatch role.
    stage.node.addDependency(this.accountLogRole());

    const handler = new ServiceFunction(this, 'Handler', {
      entry,
      layout: wiring.layout,
      isProd: wiring.isProd,
      serviceName: 'kehila-realtime',
      description: `WebSocket routes ${decl.routes.join(', ')}`,
      environment: { ...wiring.environment, REALTIME_ENDPOINT: stage.callbackUrl },
      timeout: Duration.seconds(10),
      memoryMb: 512,
    });
    this.handler = handler;
    wiring.grant(handler, { kind: 'realtime', name: 'realtime' });
    this.grantPublish(handler.role);

    const integration = new WebSocketLambdaIntegration('HandlerIntegration', handler.fn);
    for (const routeKey of decl.routes) {
      const route = this.api.addRoute(routeKey, { integration });
      acknowledge(
        route,
        'AwsSolutions-APIG4',
        routeKey === '$connect'
          ? 'A browser WebSocket cannot send an Authorization header; the client proves who it is in its subscribe message, whose Cognito ID token the handler verifies before sending any event.'
          : `API Gateway authorises WebSocket APIs only at $connect; ${routeKey} is answered by the handler, which sends community events only to connections whose ID token and membership it verified.`,
      );
    }
  }

  /**
   * Lets a principal post to this stage's connections (execute-api:ManageConnections on
   * `POST @connections/*`); nothing when the API is not deployed.
   */
  grantPublish(grantee: iam.IGrantable & IConstruct): void {
    if (!this.api) return;
    const connections = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${REALTIME_STAGE}/POST/@connections/*`,
    });
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: [...realtimeDeclaration.permissions], resources: [connections] }),
    );
    acknowledgeWildcardResource(
      grantee,
      connections,
      'Connection ids are assigned by API Gateway at run time; the wildcard covers only POST to the connections of this one WebSocket stage.',
    );
  }

  /** The account-level role API Gateway writes WebSocket (and REST) logs with. */
  private accountLogRole(): apigateway.CfnAccount {
    const role = new iam.Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway account setting: writes API access and execution logs to CloudWatch Logs',
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    // The setting is per account and region, shared with every other API there: deleting this
    // stack must not leave it pointing at a deleted role.
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'This is the account-wide API Gateway logging role, which writes to log groups of every API in the account and region; AWS maintains this managed policy for exactly that role.',
    );
    const account = new apigateway.CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    return account;
  }
}
