import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes, routeKey, type AnyRoute } from '@kehila/shared';
import { areaEntry, areasWithRoutes } from '@kehila/functions/http/areas';
import { queues } from '@kehila/functions/workers/queues';
import { queueUrlEnvName } from '@kehila/functions/core/config';
import { tableDefinition } from '@kehila/functions/data/table';
import { SECRET_READERS } from '../../../../infra/cdk/stacks/ApiStack';
import { MISSING_AREA_WARNING } from '../../../../infra/cdk/constructs/Api';
import { MISSING_WORKER_WARNING } from '../../../../infra/cdk/constructs/Queues';
import { repositoryLayout } from '../../../../infra/cdk/source-layout';
import { makeSourceTree } from '../support/source-tree';
import { synthKehila } from '../support/synth';
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

/** Every area and worker module present: the complete picture. */
const full = synthKehila({ alarmEmail: 'ops@example.com' }, makeSourceTree());
/** A fresh clone today: handlers exist, workers not yet written. */
const noWorkers = synthKehila({}, makeSourceTree({ workers: false, webDist: false }));

const api = full.templates.api;
const functions = resourcesOf(api, 'AWS::Lambda::Function');
const declaredRoutes = Object.values(routes) as AnyRoute[];
const open = (r: AnyRoute) => r.auth === 'public' || r.auth === 'webhook';

function functionByService(service: string): [string, Resource] {
  const found = Object.entries(functions).find(([, f]) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === service);
  if (!found) throw new Error(`no function for ${service}`);
  return found;
}

describe('api stack: HTTP API routes from the contract', () => {
  const apiRoutes = Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Route'));
  const [authorizerId, authorizer] = onlyResource(api, 'AWS::ApiGatewayV2::Authorizer');

  it('has one route per declared route and no other', () => {
    expect(apiRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(declaredRoutes.map(routeKey).sort());
  });

  it.each(declaredRoutes.map((r) => [routeKey(r), r] as const))(
    '%s requires a Cognito token unless public or a webhook',
    (key, route) => {
      const deployed = apiRoutes.find((r) => r.Properties.RouteKey === key)!;
      if (open(route)) {
        expect(deployed.Properties.AuthorizationType).toBe('NONE');
        expect(deployed.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(deployed.Properties.AuthorizationType).toBe('JWT');
        expect(referencedId(deployed.Properties.AuthorizerId)).toBe(authorizerId);
      }
    },
  );

  it.each(declaredRoutes.map((r) => [routeKey(r), r] as const))('%s is served by its area function', (key, route) => {
    const deployed = apiRoutes.find((r) => r.Properties.RouteKey === key)!;
    const integrationId = referencedId((deployed.Properties.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1]);
    const integration = resourcesOf(api, 'AWS::ApiGatewayV2::Integration')[integrationId]!;
    const [functionId] = functionByService(`kehila-${route.area}`);
    expect(referencedId(integration.Properties.IntegrationUri)).toBe(functionId);
    expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
  });

  it('verifies Cognito ID tokens: issuer is the user pool, audience the web client', () => {
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(authorizer.Properties.IdentitySource).toEqual(['$request.header.Authorization']);
    const { Audience, Issuer } = authorizer.Properties.JwtConfiguration;
    const auth = full.templates.auth;
    expect(auth.toJSON().Resources[importedResourceId(auth, Audience[0])].Type).toBe('AWS::Cognito::UserPoolClient');
    const [, issuerParts] = Issuer['Fn::Join'] as [string, unknown[]];
    expect(issuerParts[0]).toBe('https://cognito-idp.us-east-1.amazonaws.com/');
    expect(auth.toJSON().Resources[importedResourceId(auth, issuerParts[1])].Type).toBe('AWS::Cognito::UserPool');
  });

  it('logs every request as JSON and throttles the $default stage', () => {
    const [, stage] = onlyResource(api, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.AutoDeploy).toBe(true);
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format as string)).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
    expect(resourcesOf(api, 'AWS::Logs::LogGroup')[referencedId(stage.Properties.AccessLogSettings.DestinationArn)]).toBeDefined();
  });
});

describe('api stack: area functions', () => {
  it.each(areasWithRoutes())('%s runs on Node 22 / ARM64 with the shared environment', (area) => {
    const [, fn] = functionByService(`kehila-${area}`);
    expect(fn.Properties.Runtime).toBe('nodejs22.x');
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(fn.Properties.Handler).toBe('index.handler');
    const env = fn.Properties.Environment.Variables as Record<string, unknown>;
    expect(env.STAGE).toBe('cloud');
    expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
    const data = full.templates.data;
    const auth = full.templates.auth;
    expect(data.toJSON().Resources[importedResourceId(data, env.TABLE_NAME)].Type).toBe('AWS::DynamoDB::Table');
    expect(auth.toJSON().Resources[importedResourceId(auth, env.USER_POOL_ID)].Type).toBe('AWS::Cognito::UserPool');
    expect(auth.toJSON().Resources[importedResourceId(auth, env.USER_POOL_CLIENT_ID)].Type).toBe(
      'AWS::Cognito::UserPoolClient',
    );
    expect(JSON.stringify(env.SEARCH_ENDPOINT)).toContain('https://');
    for (const name of Object.keys(queues)) {
      expect(resourcesOf(api, 'AWS::SQS::Queue')[referencedId(env[queueUrlEnvName(name)])]).toBeDefined();
    }
  });

  it.each(areasWithRoutes())('%s may use the table items and declared indexes, but not Scan', (area) => {
    const [, fn] = functionByService(`kehila-${area}`);
    const statements = policyStatementsOfRole(api, referencedId(fn.Properties.Role));
    const tableStatement = statements.find((s) => actionsOf(s).includes('dynamodb:Query'));
    expect(actionsOf(tableStatement!)).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(statements.flatMap(actionsOf)).not.toContain('dynamodb:Scan');
    const resources = JSON.stringify(resourcesOfStatement(tableStatement!));
    for (const index of tableDefinition.indexes) expect(resources).toContain(`/index/${index.name}`);
    expect(resources).not.toContain('/index/*');
  });

  it.each(areasWithRoutes())('%s may send to every queue and read/write logos and exports', (area) => {
    const [, fn] = functionByService(`kehila-${area}`);
    const statements = policyStatementsOfRole(api, referencedId(fn.Properties.Role));
    const sendTargets = statements
      .filter((s) => actionsOf(s).includes('sqs:SendMessage'))
      .flatMap(resourcesOfStatement)
      .map(referencedId);
    const queueIds = Object.entries(resourcesOf(api, 'AWS::SQS::Queue'))
      .filter(([, q]) => q.Properties.RedrivePolicy)
      .map(([id]) => id);
    expect(sendTargets.sort()).toEqual(queueIds.sort());
    const objectResources = statements
      .filter((s) => actionsOf(s).includes('s3:PutObject'))
      .flatMap(resourcesOfStatement)
      .map((r) => JSON.stringify(r));
    const data = full.templates.data;
    const bucketOf = (r: string) => {
      const join = JSON.parse(r) as { 'Fn::Join': [string, unknown[]] };
      return data.toJSON().Resources[importedResourceId(data, join['Fn::Join'][1][0])];
    };
    expect(objectResources).toHaveLength(2);
    const logos = objectResources.find((r) => r.includes('/logos/*'))!;
    const exportsObjects = objectResources.find((r) => r !== logos)!;
    expect(exportsObjects).toContain('"/*"');
    expect(bucketOf(logos).Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(JSON.stringify(bucketOf(exportsObjects).Properties.LifecycleConfiguration)).toContain('expire-exports');
    expect(fn.Properties.Environment.Variables).toHaveProperty('LOGOS_BUCKET');
    expect(fn.Properties.Environment.Variables).toHaveProperty('EXPORTS_BUCKET');
  });

  it.each(areasWithRoutes())('%s reads exactly the deploy secrets it is listed for', (area) => {
    {
      const [, fn] = functionByService(`kehila-${area}`);
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      const statements = policyStatementsOfRole(api, referencedId(fn.Properties.Role));
      const readsSecrets = statements.some((s) => actionsOf(s).includes('secretsmanager:GetSecretValue'));
      const listed = Object.values(SECRET_READERS).filter((s) => (s.readers as readonly string[]).includes(area));
      expect(readsSecrets).toBe(listed.length > 0);
      for (const s of Object.values(SECRET_READERS)) expect(env[s.env] !== undefined).toBe(listed.includes(s));
    }
  });
});

describe('api stack: queues and workers from the declarations', () => {
  const sqsQueues = resourcesOf(api, 'AWS::SQS::Queue');
  const mappings = Object.values(resourcesOf(api, 'AWS::Lambda::EventSourceMapping'));
  const alarms = Object.values(resourcesOf(api, 'AWS::CloudWatch::Alarm'));
  const queuePolicies = Object.values(resourcesOf(api, 'AWS::SQS::QueuePolicy'));

  it('creates one queue and one dead-letter queue per declaration', () => {
    expect(Object.keys(sqsQueues)).toHaveLength(Object.keys(queues).length * 2);
  });

  it.each(Object.entries(queues))('%s: DLQ after maxReceiveCount, worker with partial batch responses', (name, def) => {
    const [queueId, queue] = Object.entries(sqsQueues).find(([id]) => id === referencedId(
      functionByService('kehila-system')[1].Properties.Environment.Variables[queueUrlEnvName(name)],
    ))!;
    expect(queue.Properties.VisibilityTimeout).toBe(def.visibilityTimeoutSeconds);
    expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(def.maxReceiveCount);
    const dlqId = referencedId(queue.Properties.RedrivePolicy.deadLetterTargetArn);
    expect(sqsQueues[dlqId]?.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);

    const mapping = mappings.find((m) => referencedId(m.Properties.EventSourceArn) === queueId)!;
    expect(mapping.Properties.BatchSize).toBe(def.batchSize);
    expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    if (def.batchSize > 10) expect(mapping.Properties.MaximumBatchingWindowInSeconds).toBeGreaterThan(0);

    const worker = functions[referencedId(mapping.Properties.FunctionName)]!;
    expect(worker.Properties.Timeout).toBe(def.timeoutSeconds);
    expect(worker.Properties.MemorySize).toBe(def.memoryMb);
    expect(worker.Properties.Runtime).toBe('nodejs22.x');
    expect(worker.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe(`kehila-${def.worker.split('/').pop()}`);
    expect(worker.Properties.Environment.Variables[queueUrlEnvName(name)]).toEqual({ Ref: queueId });
  });

  it.each(Object.entries(queues))('%s: an alarm fires as soon as a message reaches the DLQ', (name) => {
    const queueId = referencedId(
      functionByService('kehila-system')[1].Properties.Environment.Variables[queueUrlEnvName(name)],
    );
    const dlqId = referencedId(sqsQueues[queueId]!.Properties.RedrivePolicy.deadLetterTargetArn);
    const alarm = alarms.find((a) =>
      (a.Properties.Dimensions as { Value: unknown }[]).some((d) => JSON.stringify(d.Value).includes(dlqId)),
    )!;
    expect(alarm.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
    const [topicId] = onlyResource(api, 'AWS::SNS::Topic');
    expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('encrypts every queue and refuses requests without TLS', () => {
    for (const [id, queue] of Object.entries(sqsQueues)) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      const policy = queuePolicies.find((p) => (p.Properties.Queues as unknown[]).some((q) => referencedId(q) === id));
      expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('e-mails the alarms to the configured address over a TLS-only topic', () => {
    api.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    api.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('api stack: entries that do not exist yet', () => {
  const apiStack = noWorkers.stacks.api;

  it('keeps the queues and alarms but skips each missing worker with a warning', () => {
    expect(Object.keys(resourcesOf(noWorkers.templates.api, 'AWS::SQS::Queue'))).toHaveLength(Object.keys(queues).length * 2);
    expect(Object.keys(resourcesOf(noWorkers.templates.api, 'AWS::CloudWatch::Alarm'))).toHaveLength(Object.keys(queues).length);
    expect(Object.keys(resourcesOf(noWorkers.templates.api, 'AWS::Lambda::EventSourceMapping'))).toHaveLength(0);
    for (const def of Object.values(queues)) {
      Annotations.fromStack(apiStack).hasWarning(
        '/' + apiStack.node.path + '/Queues',
        Match.stringLikeRegexp(`Worker ${def.worker} .*\\[ack: ${MISSING_WORKER_WARNING}\\]`),
      );
    }
  });

  it('matches the repository today: deploys the areas and workers whose modules exist, warns about the rest', () => {
    const repo = synthKehila({}, repositoryLayout());
    const stack = repo.stacks.api;
    const services = Object.values(resourcesOf(repo.templates.api, 'AWS::Lambda::Function')).map(
      (f) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
    );
    const layout = repositoryLayout();
    for (const area of areasWithRoutes()) {
      if (existsSync(join(layout.functionsRoot, areaEntry(area)))) expect(services).toContain(`kehila-${area}`);
      else {
        expect(services).not.toContain(`kehila-${area}`);
        Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp(`Area ${area} .*${MISSING_AREA_WARNING}`));
      }
    }
    for (const def of Object.values(queues)) {
      const name = `kehila-${def.worker.split('/').pop()}`;
      if (existsSync(join(layout.functionsRoot, 'src', `${def.worker}.ts`))) expect(services).toContain(name);
      else expect(services).not.toContain(name);
    }
  });
});
