import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes, routeKey, type AnyRoute } from '@kehila/shared';
import { areaEntry, areasWithRoutes } from '@kehila/functions/http/areas';
import { queues, type QueueDef } from '@kehila/functions/core/queues';
import {
  DEFAULT_BEDROCK_EMBED_MODEL_ID,
  DEFAULT_BEDROCK_MODEL_ID,
  queueUrlEnvName,
} from '@kehila/functions/core/config';
import { tableDefinition } from '@kehila/functions/data/table';
import { realtimeDeclaration } from '@kehila/functions/realtime/declaration';
import { ORIGIN_SECRET_KEY } from '@kehila/functions/http/origin-check';
import { MISSING_AREA_WARNING } from '../../../../infra/cdk/constructs/Api';
import { MISSING_WORKER_WARNING } from '../../../../infra/cdk/constructs/Queues';
import { MISSING_REALTIME_WARNING, REALTIME_STAGE } from '../../../../infra/cdk/constructs/RealtimeApi';
import { SECRETS, usesOf, type SecretUse } from '../../../../infra/cdk/function-uses';
import { pascalCase } from '../../../../infra/cdk/names';
import { repositoryLayout } from '../../../../infra/cdk/source-layout';
import { makeSourceTree } from '../support/source-tree';
import { synthKehila, type SynthesizedKehila } from '../support/synth';
import {
  actionsOf,
  flattenValue,
  importedResourceId,
  onlyResource,
  policyStatementsOfRole,
  referencedId,
  resourcesOf,
  resourcesOfStatement,
  type Resource,
} from '../support/template';

/** Every area and worker module present: the complete picture. */
const full = synthKehila(
  { alarmEmail: 'ops@example.com', webUrl: 'https://d111111abcdef8.cloudfront.net', whatsappSendProvider: 'waha' },
  makeSourceTree(),
);
/** An early clone: handlers exist, workers and the WebSocket handler not yet written. */
const noWorkers = synthKehila({}, makeSourceTree({ workers: false, webDist: false, realtime: false }));

const api = full.templates.api;
const functions = resourcesOf(api, 'AWS::Lambda::Function');
const declaredRoutes = Object.values(routes) as AnyRoute[];
const open = (r: AnyRoute) => r.auth === 'public' || r.auth === 'webhook';

/** The logical id of a declared queue (its dead-letter queue's id ends in Dlq). */
function queueIdOf(name: string): string {
  const id = Object.keys(resourcesOf(api, 'AWS::SQS::Queue')).find(
    (q) => q.startsWith(`Queues${pascalCase(name)}`) && !q.startsWith(`Queues${pascalCase(name)}Dlq`),
  );
  if (!id) throw new Error(`no queue ${name}`);
  return id;
}

function functionByService(service: string): [string, Resource] {
  const found = Object.entries(functions).find(
    ([, f]) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === service,
  );
  if (!found) throw new Error(`no function for ${service}`);
  return found;
}

/** Resources of a type that belong to the HTTP API (the WebSocket API has its own). */
const [httpApiId] = Object.entries(resourcesOf(api, 'AWS::ApiGatewayV2::Api')).find(
  ([, a]) => a.Properties.ProtocolType === 'HTTP',
)!;
const ofHttpApi = (type: string) =>
  Object.values(resourcesOf(api, type)).filter((r) => referencedId(r.Properties.ApiId) === httpApiId);

describe('api stack: HTTP API routes from the contract', () => {
  const apiRoutes = ofHttpApi('AWS::ApiGatewayV2::Route');
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
    const integrationId = referencedId(
      (deployed.Properties.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1],
    );
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
    const [stage] = ofHttpApi('AWS::ApiGatewayV2::Stage') as [Resource];
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.AutoDeploy).toBe(true);
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format as string)).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
    expect(
      resourcesOf(api, 'AWS::Logs::LogGroup')[referencedId(stage.Properties.AccessLogSettings.DestinationArn)],
    ).toBeDefined();
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
    // The URL of every queue its routes send to, and of no other.
    const declared = usesOf(area).queues ?? [];
    for (const name of Object.keys(queues)) {
      if (declared.includes(name as (typeof declared)[number])) {
        expect(resourcesOf(api, 'AWS::SQS::Queue')[referencedId(env[queueUrlEnvName(name)])]).toBeDefined();
      } else {
        expect(env).not.toHaveProperty(queueUrlEnvName(name));
      }
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

  it.each(areasWithRoutes())('%s may send only to the queues its routes declare', (area) => {
    const [, fn] = functionByService(`kehila-${area}`);
    const statements = policyStatementsOfRole(api, referencedId(fn.Properties.Role));
    const sendTargets = statements
      .filter((s) => actionsOf(s).includes('sqs:SendMessage'))
      .flatMap(resourcesOfStatement)
      .map(referencedId);
    expect(sendTargets.sort()).toEqual((usesOf(area).queues ?? []).map(queueIdOf).sort());
  });
});

describe('api stack: queues and workers from the declarations', () => {
  const sqsQueues = resourcesOf(api, 'AWS::SQS::Queue');
  const workerOf = (name: string) => {
    const mapping = mappings.find((m) => referencedId(m.Properties.EventSourceArn) === queueIdOf(name))!;
    return functions[referencedId(mapping.Properties.FunctionName)]!;
  };
  const mappings = Object.values(resourcesOf(api, 'AWS::Lambda::EventSourceMapping'));
  const alarms = Object.values(resourcesOf(api, 'AWS::CloudWatch::Alarm'));
  const queuePolicies = Object.values(resourcesOf(api, 'AWS::SQS::QueuePolicy'));

  it('creates one queue and one dead-letter queue per declaration', () => {
    expect(Object.keys(sqsQueues)).toHaveLength(Object.keys(queues).length * 2);
  });

  it.each(Object.entries(queues))('%s: DLQ after maxReceiveCount, worker with partial batch responses', (name, def) => {
    const queueId = queueIdOf(name);
    const queue = sqsQueues[queueId]!;
    expect(queue.Properties.VisibilityTimeout).toBe(def.visibilityTimeoutSeconds);
    expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(def.maxReceiveCount);
    const dlqId = referencedId(queue.Properties.RedrivePolicy.deadLetterTargetArn);
    expect(sqsQueues[dlqId]?.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);

    const mapping = mappings.find((m) => referencedId(m.Properties.EventSourceArn) === queueId)!;
    expect(mapping.Properties.BatchSize).toBe(def.batchSize);
    expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    if (def.batchSize > 10) expect(mapping.Properties.MaximumBatchingWindowInSeconds).toBeGreaterThan(0);
    // a worker calling a rate-limited API runs at most its declared number at once
    const maxConcurrency = (def as QueueDef).maxConcurrency;
    expect(mapping.Properties.ScalingConfig?.MaximumConcurrency).toBe(maxConcurrency);

    const worker = functions[referencedId(mapping.Properties.FunctionName)]!;
    expect(worker.Properties.Timeout).toBe(def.timeoutSeconds);
    expect(worker.Properties.MemorySize).toBe(def.memoryMb);
    expect(worker.Properties.Runtime).toBe('nodejs22.x');
    expect(worker.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe(
      `kehila-${def.worker.split('/').pop()}`,
    );
    // The worker knows (and may send to) only the queues its declaration names.
    for (const sendsTo of def.uses.queues ?? []) {
      expect(worker.Properties.Environment.Variables[queueUrlEnvName(sendsTo)]).toEqual({ Ref: queueIdOf(sendsTo) });
    }
    const sendTargets = policyStatementsOfRole(api, referencedId(worker.Properties.Role))
      .filter((s) => actionsOf(s).includes('sqs:SendMessage'))
      .flatMap(resourcesOfStatement)
      .map(referencedId);
    expect(sendTargets.sort()).toEqual((def.uses.queues ?? []).map(queueIdOf).sort());
    expect(workerOf(name)).toBe(worker);
  });

  it.each(Object.entries(queues))('%s: an alarm fires as soon as a message reaches the DLQ', (name) => {
    const queueId = queueIdOf(name);
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
    expect(Object.keys(resourcesOf(noWorkers.templates.api, 'AWS::SQS::Queue'))).toHaveLength(
      Object.keys(queues).length * 2,
    );
    expect(Object.keys(resourcesOf(noWorkers.templates.api, 'AWS::CloudWatch::Alarm'))).toHaveLength(
      Object.keys(queues).length,
    );
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

/** Every area and worker function: its owner name (function-uses.ts) and its service name. */
const owners: [string, string][] = [
  ...areasWithRoutes().map((a): [string, string] => [a, `kehila-${a}`]),
  ...Object.values(queues).map((q): [string, string] => [q.worker, `kehila-${q.worker.split('/').pop()}`]),
];
const envOf = (service: string) =>
  functionByService(service)[1].Properties.Environment.Variables as Record<string, unknown>;
const statementsOf = (service: string) =>
  policyStatementsOfRole(api, referencedId(functionByService(service)[1].Properties.Role));
const withActionPrefix = (service: string, prefix: string) =>
  statementsOf(service).filter((s) => actionsOf(s).some((a) => a.startsWith(prefix)));
const CHAT_MODEL = DEFAULT_BEDROCK_MODEL_ID.slice('us.'.length);
/** The generated secret whose GenerateStringKey is the origin secret's key. */
const [originSecretId] = Object.entries(resourcesOf(api, 'AWS::SecretsManager::Secret')).find(
  ([, s]) => s.Properties.GenerateSecretString?.GenerateStringKey === ORIGIN_SECRET_KEY,
)!;

describe('api stack: what each function may use beyond the table and queues (function-uses.ts)', () => {
  it.each(owners)('%s gets the Bedrock settings and calls exactly the models it is declared for', (owner, service) => {
    const uses = usesOf(owner);
    const env = envOf(service);
    if (uses.ai) {
      expect(env).toMatchObject({
        AI_PROVIDER: 'bedrock',
        BEDROCK_MODEL_ID: DEFAULT_BEDROCK_MODEL_ID,
        BEDROCK_EMBED_MODEL_ID: DEFAULT_BEDROCK_EMBED_MODEL_ID,
        BEDROCK_REGION: 'us-east-1',
      });
    } else {
      for (const k of ['AI_PROVIDER', 'BEDROCK_MODEL_ID', 'BEDROCK_EMBED_MODEL_ID', 'BEDROCK_REGION'])
        expect(env).not.toHaveProperty(k);
    }
    const statements = withActionPrefix(service, 'bedrock:');
    for (const st of statements) expect(actionsOf(st)).toEqual(['bedrock:InvokeModel']);
    const granted = statements.flatMap((st) => resourcesOfStatement(st).map((r) => ({ arn: flattenValue(r), st })));
    const chat = (uses.ai ?? []).includes('chat');
    const embed = (uses.ai ?? []).includes('embed');
    // The chat model is a US inference profile: the profile in the Bedrock region, and its
    // foundation model in the regions it routes to, only through that profile.
    const profile = granted.find((g) =>
      g.arn.endsWith(`:bedrock:us-east-1:<AWS::AccountId>:inference-profile/${DEFAULT_BEDROCK_MODEL_ID}`),
    );
    const routed = granted.find((g) => g.arn.endsWith(`:bedrock:*::foundation-model/${CHAT_MODEL}`));
    expect(Boolean(profile)).toBe(chat);
    expect(Boolean(routed)).toBe(chat);
    if (routed && profile) {
      expect(
        flattenValue(
          (routed.st.Condition as Record<string, Record<string, unknown>>).StringEquals!['bedrock:InferenceProfileArn'],
        ),
      ).toBe(profile.arn);
      expect(profile.st.Condition).toBeUndefined();
    }
    const embedding = granted.find((g) =>
      g.arn.endsWith(`:bedrock:us-east-1::foundation-model/${DEFAULT_BEDROCK_EMBED_MODEL_ID}`),
    );
    expect(Boolean(embedding)).toBe(embed);
    expect(granted).toHaveLength((chat ? 2 : 0) + (embed ? 1 : 0));
  });

  it.each(owners)("%s reaches only the stage's search index, and only as declared", (owner, service) => {
    const uses = usesOf(owner);
    const env = envOf(service);
    expect(env.SEARCH_INDEX).toBe(uses.search ? 'kehila-dev-messages' : undefined);
    if (uses.search)
      expect(flattenValue(env.SEARCH_ENDPOINT)).toMatch(/^https:\/\/<import:Kehila-dev-Search:.*DomainEndpoint/);
    else expect(env).not.toHaveProperty('SEARCH_ENDPOINT');

    const statements = withActionPrefix(service, 'es:');
    if (!uses.search) {
      expect(statements).toEqual([]);
      return;
    }
    const domain = /^<import:Kehila-dev-Search:ExportsOutputFnGetAttSearchDomain\w+Arn\w+>/;
    const onIndex = statements.filter((st) =>
      resourcesOfStatement(st).every((r) => /\/kehila-dev-messages(\/\*)?$/.test(flattenValue(r))),
    );
    const bulk = statements.filter((st) => resourcesOfStatement(st).some((r) => flattenValue(r).endsWith('/_bulk')));
    expect(onIndex.length + bulk.length).toBe(statements.length);
    for (const st of statements) for (const r of resourcesOfStatement(st)) expect(flattenValue(r)).toMatch(domain);
    const indexActions = onIndex.flatMap(actionsOf).sort();
    if (uses.search === 'read') {
      expect(indexActions).toEqual(['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost']);
      expect(bulk).toEqual([]);
    } else {
      expect(indexActions).toEqual([
        'es:ESHttpDelete',
        'es:ESHttpGet',
        'es:ESHttpHead',
        'es:ESHttpPost',
        'es:ESHttpPut',
      ]);
      expect(bulk.flatMap(actionsOf)).toEqual(['es:ESHttpPost']);
    }
  });

  it.each(owners)(
    '%s may delete users of the pool only when it declares it (the rights worker), on that pool only',
    (owner, service) => {
      const statements = withActionPrefix(service, 'cognito-idp:');
      if (usesOf(owner).identity !== 'delete-users') {
        expect(statements).toEqual([]);
        return;
      }
      expect(owner).toBe('workers/rights');
      expect(statements.flatMap(actionsOf)).toEqual(['cognito-idp:AdminDeleteUser']);
      expect(statements.flatMap(resourcesOfStatement).map(flattenValue)).toEqual([
        expect.stringMatching(/UserPool\w*Arn/),
      ]);
    },
  );

  it.each(owners)(
    '%s touches chat-export uploads and data-rights exports in the exports bucket only as declared, and no logo',
    (owner, service) => {
      const uses = usesOf(owner);
      const env = envOf(service);
      if (uses.objects === 'logos') return;
      if (uses.objects !== 'data-rights') expect(env).not.toHaveProperty('LOGOS_BUCKET');
      const statements = withActionPrefix(service, 's3:');
      if (!uses.objects) {
        expect(env).not.toHaveProperty('EXPORTS_BUCKET');
        expect(statements).toEqual([]);
        return;
      }
      const data = full.templates.data;
      const exportsBucket = data.toJSON().Resources[importedResourceId(data, env.EXPORTS_BUCKET)];
      expect(JSON.stringify(exportsBucket.Properties.LifecycleConfiguration)).toContain('expire-exports');

      const objects = statements.filter((st) => !actionsOf(st).includes('s3:ListBucket'));
      const list = statements.filter((st) => actionsOf(st).includes('s3:ListBucket'));
      const under = (prefix: string) =>
        expect.stringMatching(
          new RegExp(`^<import:Kehila-dev-Data:ExportsOutputFnGetAttStorageExportsBucket\\w+>\\/${prefix}\\/\\*$`),
        );
      const actionsUnder = (prefix: string) =>
        objects
          .filter((st) =>
            resourcesOfStatement(st)
              .map(flattenValue)
              .some((r) => String(r).endsWith(`/${prefix}/*`)),
          )
          .flatMap(actionsOf)
          .sort();
      if (uses.objects === 'data-exports') {
        // Presigned downloads of data-rights exports only.
        expect(objects.flatMap(resourcesOfStatement).map(flattenValue)).toEqual([under('data-exports')]);
        expect(objects.flatMap(actionsOf)).toEqual(['s3:GetObject']);
        expect(list).toEqual([]);
        return;
      }
      if (uses.objects === 'data-rights') {
        // Writes exports; erases a community's uploads, exports and logos, listing only those prefixes.
        expect(env).toHaveProperty('LOGOS_BUCKET');
        expect(actionsUnder('data-exports')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
        expect(actionsUnder('imports')).toEqual(['s3:DeleteObject']);
        expect(actionsUnder('logo-uploads')).toEqual(['s3:DeleteObject']);
        expect(actionsUnder('logos')).toEqual(['s3:DeleteObject']);
        expect(list.map((st) => st.Condition)).toEqual([
          { StringLike: { 's3:prefix': ['data-exports/*'] } },
          { StringLike: { 's3:prefix': ['imports/*'] } },
          { StringLike: { 's3:prefix': ['logo-uploads/*'] } },
          { StringLike: { 's3:prefix': ['logos/*'] } },
        ]);
        return;
      }
      expect(objects.flatMap(resourcesOfStatement).map(flattenValue)).toEqual([under('imports')]);
      if (uses.objects === 'imports-upload') {
        expect(objects.flatMap(actionsOf).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
        expect(list).toHaveLength(1);
        expect(actionsOf(list[0]!)).toEqual(['s3:ListBucket']);
        expect(flattenValue(resourcesOfStatement(list[0]!)[0])).toMatch(
          /^<import:Kehila-dev-Data:ExportsOutputFnGetAttStorageExportsBucket\w+>$/,
        );
        expect(list[0]!.Condition).toEqual({ StringLike: { 's3:prefix': ['imports/*'] } });
      } else {
        expect(objects.flatMap(actionsOf).sort()).toEqual(['s3:DeleteObject', 's3:GetObject']);
        expect(list).toEqual([]);
      }
    },
  );

  it.each(owners.filter(([owner]) => usesOf(owner).objects === 'logos'))(
    '%s stages logo uploads in the exports bucket and publishes to the logos bucket, nothing else',
    (_owner, service) => {
      const env = envOf(service);
      expect(env).toHaveProperty('LOGOS_BUCKET');
      expect(env).toHaveProperty('EXPORTS_BUCKET');
      const statements = withActionPrefix(service, 's3:');
      const objects = statements.filter((st) => !actionsOf(st).includes('s3:ListBucket'));
      const grants = objects
        .map((st) => [flattenValue(resourcesOfStatement(st)[0]), actionsOf(st).sort()] as const)
        .sort((a, b) => a[0].localeCompare(b[0]));
      expect(grants).toEqual([
        [
          expect.stringMatching(
            /^<import:Kehila-dev-Data:ExportsOutputFnGetAttStorageExportsBucket\w+>\/logo-uploads\/\*$/,
          ),
          ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
        ],
        [
          expect.stringMatching(/^<import:Kehila-dev-Data:ExportsOutputFnGetAttStorageLogosBucket\w+>\/logos\/\*$/),
          ['s3:GetObject', 's3:PutObject'],
        ],
      ]);
      const prefixes = statements
        .filter((st) => actionsOf(st).includes('s3:ListBucket'))
        .map((st) => (st.Condition as { StringLike: { 's3:prefix': string[] } }).StringLike['s3:prefix'][0])
        .sort();
      expect(prefixes).toEqual(['logo-uploads/*', 'logos/*']);
    },
  );

  it.each(owners)('%s reads exactly the deploy secrets it is listed for, by name', (owner, service) => {
    const listed: readonly SecretUse[] = usesOf(owner).secrets ?? [];
    const env = envOf(service);
    const reads = withActionPrefix(service, 'secretsmanager:');
    for (const st of reads)
      expect(actionsOf(st).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    // The origin secret every area reads is checked in its own test below.
    const readable = reads
      .flatMap(resourcesOfStatement)
      .map(flattenValue)
      .filter((arn) => arn !== `<${originSecretId}>`);
    expect(readable).toHaveLength(listed.length);
    for (const key of Object.keys(SECRETS) as SecretUse[]) {
      const variable = SECRETS[key].env;
      if (!listed.includes(key)) {
        expect(env).not.toHaveProperty(variable);
        continue;
      }
      if (key === 'senderHashKey' || key === 'signUpTicketKey') {
        // A generated secret of the data (sender hash) or auth (sign-up tickets) stack, by ARN; the
        // same one the role may read.
        const owner = key === 'senderHashKey' ? full.templates.data : full.templates.auth;
        expect(owner.toJSON().Resources[importedResourceId(owner, env[variable])].Type).toBe(
          'AWS::SecretsManager::Secret',
        );
        expect(readable).toContain(flattenValue(env[variable]));
      } else {
        const name = {
          whatsapp: 'kehila/dev/whatsapp',
          lemonSqueezy: 'kehila/dev/lemonsqueezy',
          googleServiceAccount: 'kehila/dev/google-service-account',
          enrichmentApiKey: 'kehila/dev/enrichment-api-key',
        }[key];
        expect(env[variable]).toBe(name);
        expect(readable).toContainEqual(expect.stringMatching(new RegExp(`:secret:${name}-\\?{6}$`)));
      }
    }
  });

  it('hands the Google service account secret, by name, to the scheduled-summary worker only', () => {
    const carrying = Object.values(resourcesOf(full.templates.api, 'AWS::Lambda::Function'))
      .filter((f) => f.Properties.Environment.Variables.GOOGLE_SERVICE_ACCOUNT_SECRET_NAME !== undefined)
      .map((f) => [
        f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
        f.Properties.Environment.Variables.GOOGLE_SERVICE_ACCOUNT_SECRET_NAME,
      ]);
    expect(carrying).toEqual([['kehila-deliver-summaries', 'kehila/dev/google-service-account']]);
    const values = Object.values(resourcesOf(full.templates.api, 'AWS::Lambda::Function')).flatMap((f) =>
      Object.values(f.Properties.Environment.Variables as Record<string, unknown>),
    );
    expect(values.some((v) => typeof v === 'string' && v.includes('private_key'))).toBe(false);
  });

  it('hands the enrichment API key, by name, to the enrichment worker only, which sends to its own queue', () => {
    const fns = Object.values(resourcesOf(full.templates.api, 'AWS::Lambda::Function'));
    const carrying = fns
      .filter((f) => f.Properties.Environment.Variables.ENRICHMENT_SECRET_NAME !== undefined)
      .map((f) => [
        f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
        f.Properties.Environment.Variables.ENRICHMENT_SECRET_NAME,
      ]);
    expect(carrying).toEqual([['kehila-enrich-profiles', 'kehila/dev/enrichment-api-key']]);
    const worker = fns.find(
      (f) => f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === 'kehila-enrich-profiles',
    );
    expect(Object.keys(worker?.Properties.Environment.Variables ?? {})).toContain('QUEUE_URL_ENRICHMENT');
  });

  it('passes the site origin to billing and the alerts worker only, and the WhatsApp send provider to the functions that send (webhooks, bot commands, scheduled summaries, reminders, alerts, the group participant list), when configured', () => {
    const carrying = (k: SynthesizedKehila, variable: string) =>
      Object.values(resourcesOf(k.templates.api, 'AWS::Lambda::Function'))
        .filter((f) => f.Properties.Environment.Variables[variable] !== undefined)
        .map((f) => [
          f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
          f.Properties.Environment.Variables[variable],
        ]);
    expect(carrying(full, 'WEB_ORIGIN').sort()).toEqual([
      ['kehila-billing', 'https://d111111abcdef8.cloudfront.net'],
      ['kehila-send-alerts', 'https://d111111abcdef8.cloudfront.net'],
    ]);
    expect(carrying(full, 'WHATSAPP_SEND_PROVIDER').sort()).toEqual([
      ['kehila-actions', 'waha'],
      ['kehila-bot-commands', 'waha'],
      ['kehila-deliver-summaries', 'waha'],
      ['kehila-members', 'waha'],
      ['kehila-send-alerts', 'waha'],
      ['kehila-sync-group-members', 'waha'],
      ['kehila-webhooks', 'waha'],
    ]);
    expect(carrying(noWorkers, 'WEB_ORIGIN')).toEqual([]);
    expect(carrying(noWorkers, 'WHATSAPP_SEND_PROVIDER')).toEqual([]);
  });
});

describe('api stack: the origin secret (only requests through CloudFront reach the routes)', () => {
  it('generates the secret as {"current": 64 letters and digits}', () => {
    const secret = resourcesOf(api, 'AWS::SecretsManager::Secret')[originSecretId]!;
    expect(secret.Properties.GenerateSecretString).toEqual({
      SecretStringTemplate: '{}',
      GenerateStringKey: ORIGIN_SECRET_KEY,
      PasswordLength: 64,
      ExcludePunctuation: true,
      IncludeSpace: false,
    });
    expect(secret.Properties).not.toHaveProperty('SecretString');
  });

  it.each(areasWithRoutes())('%s names the origin secret by ARN and may read that secret', (area) => {
    expect(envOf(`kehila-${area}`).ORIGIN_VERIFY_SECRET_NAME).toEqual({ Ref: originSecretId });
    const readable = withActionPrefix(`kehila-${area}`, 'secretsmanager:')
      .flatMap(resourcesOfStatement)
      .map(flattenValue);
    expect(readable).toContain(`<${originSecretId}>`);
  });

  it('is read by no worker: only HTTP routes are reachable from outside', () => {
    for (const [owner, service] of owners.filter(([o]) => o.includes('/'))) {
      expect(envOf(service), owner).not.toHaveProperty('ORIGIN_VERIFY_SECRET_NAME');
      const readable = withActionPrefix(service, 'secretsmanager:').flatMap(resourcesOfStatement).map(flattenValue);
      expect(readable).not.toContain(`<${originSecretId}>`);
    }
  });
});

describe('api stack: WebSocket API for live events (functions/src/realtime/declaration.ts)', () => {
  const [wsApiId, wsApi] = Object.entries(resourcesOf(api, 'AWS::ApiGatewayV2::Api')).find(
    ([, a]) => a.Properties.ProtocolType === 'WEBSOCKET',
  )!;
  const ofWsApi = (type: string) =>
    Object.entries(resourcesOf(api, type)).filter(
      ([, r]) => r.Properties.ApiId && referencedId(r.Properties.ApiId) === wsApiId,
    );
  const wsRoutes = ofWsApi('AWS::ApiGatewayV2::Route').map(([, r]) => r);
  const [handlerId, handler] = functionByService('kehila-realtime');
  const [, stage] = ofWsApi('AWS::ApiGatewayV2::Stage')[0]!;
  // Functions whose routes or queue declare `realtime: 'publish'` (today the enrich worker).
  const publishers = owners.filter(([owner]) => usesOf(owner).realtime === 'publish').map(([, service]) => service);

  it('selects the route by $request.body.action and has exactly the declared routes', () => {
    expect(wsApi.Properties.RouteSelectionExpression).toBe('$request.body.action');
    expect(wsRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual([...realtimeDeclaration.routes].sort());
  });

  it('sends every route to the one handler without an authorizer (the ID token comes with subscribe)', () => {
    const integrations = ofWsApi('AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(1);
    const [integrationId, integration] = integrations[0]!;
    expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
    expect(flattenValue(integration.Properties.IntegrationUri)).toContain(`<${handlerId}.Arn>`);
    for (const route of wsRoutes) {
      expect(route.Properties.AuthorizationType).toBe('NONE');
      expect(route.Properties.AuthorizerId).toBeUndefined();
      expect(flattenValue(route.Properties.Target)).toBe(`integrations/<${integrationId}>`);
    }
    expect(ofWsApi('AWS::ApiGatewayV2::Authorizer')).toEqual([]);
    expect(handler.Properties.Handler).toBe(`index.${realtimeDeclaration.handlerExport}`);
  });

  it('lets only this API invoke the handler', () => {
    const permissions = Object.values(resourcesOf(api, 'AWS::Lambda::Permission')).filter(
      (p) => referencedId(p.Properties.FunctionName) === handlerId,
    );
    expect(permissions.length).toBeGreaterThan(0);
    for (const p of permissions) {
      expect(p.Properties.Principal).toBe('apigateway.amazonaws.com');
      expect(flattenValue(p.Properties.SourceArn)).toContain(`:<${wsApiId}>/*`);
    }
  });

  it(`runs the "${REALTIME_STAGE}" stage with throttling and JSON access logs, after the account logging role is set`, () => {
    expect(stage.Properties).toMatchObject({
      StageName: REALTIME_STAGE,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format as string)).toMatchObject({
      connectionId: '$context.connectionId',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
    expect(
      resourcesOf(api, 'AWS::Logs::LogGroup')[referencedId(stage.Properties.AccessLogSettings.DestinationArn)],
    ).toBeDefined();
    const [accountId, account] = onlyResource(api, 'AWS::ApiGateway::Account');
    const stageEntry = ofWsApi('AWS::ApiGatewayV2::Stage')[0]!;
    expect(api.toJSON().Resources[stageEntry[0]].DependsOn).toContain(accountId);
    const role = resourcesOf(api, 'AWS::IAM::Role')[referencedId(account.Properties.CloudWatchRoleArn)]!;
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
    expect(flattenValue(role.Properties.ManagedPolicyArns[0])).toContain(
      'service-role/AmazonAPIGatewayPushToCloudWatchLogs',
    );
    expect(role.DeletionPolicy).toBe('Retain');
  });

  it("gives the handler the table, the pool, its client and the stage's https callback URL", () => {
    const env = handler.Properties.Environment.Variables as Record<string, unknown>;
    const data = full.templates.data;
    const auth = full.templates.auth;
    expect(env.STAGE).toBe('cloud');
    expect(data.toJSON().Resources[importedResourceId(data, env.TABLE_NAME)].Type).toBe('AWS::DynamoDB::Table');
    expect(auth.toJSON().Resources[importedResourceId(auth, env.USER_POOL_ID)].Type).toBe('AWS::Cognito::UserPool');
    expect(auth.toJSON().Resources[importedResourceId(auth, env.USER_POOL_CLIENT_ID)].Type).toBe(
      'AWS::Cognito::UserPoolClient',
    );
    expect(flattenValue(env.REALTIME_ENDPOINT)).toBe(
      `https://<${wsApiId}>.execute-api.us-east-1.<AWS::URLSuffix>/${REALTIME_STAGE}`,
    );
  });

  it.each(['kehila-realtime', ...publishers])(
    '%s may post to the connections of this stage, and nothing else of API Gateway',
    (service) => {
      const statements = withActionPrefix(service, 'execute-api:');
      expect(statements.flatMap(actionsOf)).toEqual(['execute-api:ManageConnections']);
      expect(statements.flatMap(resourcesOfStatement).map(flattenValue)).toEqual([
        `arn:aws:execute-api:us-east-1:<AWS::AccountId>:<${wsApiId}>/${REALTIME_STAGE}/POST/@connections/*`,
      ]);
      expect(envOf(service).REALTIME_ENDPOINT).toEqual(handler.Properties.Environment.Variables.REALTIME_ENDPOINT);
    },
  );

  it('lets no other function post to connections', () => {
    for (const [, service] of owners.filter(([, s]) => !publishers.includes(s))) {
      expect(withActionPrefix(service, 'execute-api:')).toEqual([]);
      expect(envOf(service)).not.toHaveProperty('REALTIME_ENDPOINT');
    }
  });

  it('prints the wss:// URL the web app connects to', () => {
    const outputs = api.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(flattenValue(outputs.WebSocketUrl?.Value)).toBe(
      `wss://<${wsApiId}>.execute-api.us-east-1.<AWS::URLSuffix>/${REALTIME_STAGE}`,
    );
  });

  it('is left out with a warning while the handler module does not exist, and the web app gets no wsUrl', () => {
    const apis = Object.values(resourcesOf(noWorkers.templates.api, 'AWS::ApiGatewayV2::Api'));
    expect(apis.map((a) => a.Properties.ProtocolType)).toEqual(['HTTP']);
    Annotations.fromStack(noWorkers.stacks.api).hasWarning(
      '*',
      Match.stringLikeRegexp(`WebSocket API is not deployed.*${MISSING_REALTIME_WARNING}`),
    );
    expect(noWorkers.stacks.web.runtimeConfig.wsUrl).toBe('');
    expect(noWorkers.templates.api.toJSON().Outputs).not.toHaveProperty('WebSocketUrl');
  });
});

describe('api stack: the schedules', () => {
  it('runs the summary schedule function every 5 minutes through EventBridge Scheduler, with a role that may invoke only it', () => {
    const schedules = Object.values(resourcesOf(api, 'AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(3);
    const schedule = schedules.find((s) => s.Properties.ScheduleExpression === 'rate(5 minutes)')!;
    expect(schedule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    const fnId = referencedId(schedule.Properties.Target.Arn);
    const fn = resourcesOf(api, 'AWS::Lambda::Function')[fnId]!;
    expect(fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe('kehila-summary-schedule');
    expect(fn.Properties.Environment.Variables).toHaveProperty('QUEUE_URL_SUMMARIES');
  });
  it('names its own queue to the deliver-summaries worker, which sets its failed records’ back-off', () => {
    const worker = Object.values(resourcesOf(api, 'AWS::Lambda::Function')).find(
      (f) => f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === 'kehila-deliver-summaries',
    );
    expect(worker?.Properties.Environment.Variables).toHaveProperty('QUEUE_URL_SUMMARIES');
  });
  it('runs the nightly aggregate job at 00:30 UTC, with the sender hash key and no queue', () => {
    const schedule = Object.values(resourcesOf(api, 'AWS::Scheduler::Schedule')).find(
      (s) => s.Properties.ScheduleExpression === 'cron(30 0 * * ? *)',
    )!;
    expect(schedule.Properties.ScheduleExpressionTimezone).toBe('UTC');
    const fn = resourcesOf(api, 'AWS::Lambda::Function')[referencedId(schedule.Properties.Target.Arn)]!;
    const env = fn.Properties.Environment.Variables;
    expect(env.POWERTOOLS_SERVICE_NAME).toBe('kehila-aggregate-schedule');
    expect(env).toHaveProperty('SENDER_HASH_KEY_SECRET_NAME');
    expect(Object.keys(env).filter((k) => k.startsWith('QUEUE_URL_'))).toEqual([]);
  });
  it('reads every connected group’s participant list every 6 hours: the schedule sends to the participants queue only, two reads at a time', () => {
    const schedule = Object.values(resourcesOf(api, 'AWS::Scheduler::Schedule')).find(
      (s) => s.Properties.ScheduleExpression === 'rate(6 hours)',
    )!;
    const fnId = referencedId(schedule.Properties.Target.Arn);
    const env = functions[fnId]!.Properties.Environment.Variables;
    expect(env.POWERTOOLS_SERVICE_NAME).toBe('kehila-group-sync-schedule');
    expect(Object.keys(env).filter((k) => k.startsWith('QUEUE_URL_'))).toEqual(['QUEUE_URL_PARTICIPANTS']);
    // its role invokes this function only
    const role = resourcesOf(api, 'AWS::IAM::Role')[referencedId(schedule.Properties.Target.RoleArn)]!;
    const policies = Object.values(resourcesOf(api, 'AWS::IAM::Policy')).filter((p) =>
      (p.Properties.Roles as unknown[]).some(
        (r) => referencedId(r) === referencedId(schedule.Properties.Target.RoleArn),
      ),
    );
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Principal.Service).toBe('scheduler.amazonaws.com');
    expect(
      policies.flatMap((p) =>
        p.Properties.PolicyDocument.Statement.map((st: { Resource: unknown }) => referencedId(st.Resource)),
      ),
    ).toEqual([fnId]);
    const worker = Object.values(functions).find(
      (f) => f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === 'kehila-sync-group-members',
    );
    expect(worker?.Properties.Environment.Variables).toHaveProperty('QUEUE_URL_PARTICIPANTS');
  });
});
