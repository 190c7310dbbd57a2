import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routes as declaredRoutes, routeKey, type AnyRoute, type Area, type AuthLevel } from '@kehila/shared';
import { areaEntry, areasWithRoutes } from '@kehila/functions/http/areas';
import { acknowledge } from '../nag';
import { pascalCase } from '../names';
import type { FunctionWiring } from './function-wiring';
import { ServiceFunction } from './ServiceFunction';

export interface ApiProps {
  readonly wiring: FunctionWiring;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
}

/** Warning id of a skipped area (its handler module is missing). */
export const MISSING_AREA_WARNING = '@kehila/infra:missing-area-entry';

/** Auth levels API Gateway lets through without a token; the handler checks the caller itself. */
const UNAUTHENTICATED: readonly AuthLevel[] = ['public', 'webhook'];

/** Lambda settings of an area function (API Gateway stops waiting after 30 s). */
const AREA_TIMEOUT = Duration.seconds(29);
const AREA_MEMORY_MB = 1024;

const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  error: '$context.error.message',
});

/**
 * The HTTP API, built from the contract: one Lambda function per area that has routes
 * (`functions/src/http/<area>/index.ts`) and one API route per declared route. Routes whose auth
 * is `public` or `webhook` have no authorizer; every other route requires a Cognito ID token
 * (JWT authorizer: issuer = the user pool, audience = the web client). The `$default` stage
 * writes JSON access logs and applies throttling.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly areaFunctions: ReadonlyMap<Area, ServiceFunction>;
  /** Deployed routes by route key (`GET /api/me`). */
  readonly routes: ReadonlyMap<string, apigw.HttpRoute>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { wiring } = props;
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Kehila REST API (routes from shared/src/api)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: wiring.isProd ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: wiring.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoIdToken', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    const functions = new Map<Area, ServiceFunction>();
    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of areasWithRoutes()) {
      const entry = join(wiring.layout.functionsRoot, areaEntry(area));
      if (!existsSync(entry)) {
        Annotations.of(this).addWarningV2(
          MISSING_AREA_WARNING,
          `Area ${area} is not deployed: ${entry} does not exist yet, so its routes are left out.`,
        );
        continue;
      }
      const fn = new ServiceFunction(this, `${pascalCase(area)}Area`, {
        entry,
        layout: wiring.layout,
        isProd: wiring.isProd,
        serviceName: `kehila-${area}`,
        description: `HTTP routes of the ${area} area`,
        environment: wiring.environment,
        timeout: AREA_TIMEOUT,
        memoryMb: AREA_MEMORY_MB,
      });
      wiring.grant(fn, { kind: 'area', name: area });
      functions.set(area, fn);
      integrations.set(area, new HttpLambdaIntegration(`${pascalCase(area)}Integration`, fn.fn));
    }
    this.areaFunctions = functions;

    const deployed = new Map<string, apigw.HttpRoute>();
    for (const [name, route] of Object.entries(declaredRoutes) as [string, AnyRoute][]) {
      const integration = integrations.get(route.area);
      if (!integration) continue;
      const open = UNAUTHENTICATED.includes(route.auth);
      const httpRoute = new apigw.HttpRoute(this, `Route${pascalCase(name)}`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration,
        ...(open ? {} : { authorizer }),
      });
      if (open) {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          route.auth === 'webhook'
            ? `${routeKey(route)} is called by a WhatsApp gateway or the payment provider, which send no Cognito token; the handler refuses it with 401 unless its HMAC over the raw body or its shared token matches (compared in constant time), and, as on every route, unless it came through CloudFront (origin header).`
            : `${routeKey(route)} is public in the contract (auth: 'public'), so it takes no token (${route.summary.replace(/\.$/, '')}); as on every route, the handler refuses requests that did not come through CloudFront and its web ACL (origin header).`,
        );
      }
      deployed.set(routeKey(route), httpRoute);
    }
    this.routes = deployed;
  }
}
