import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import type { SourceLayout } from '../source-layout';
import { Alerts } from '../constructs/Alerts';
import { Api } from '../constructs/Api';
import type { FunctionOwner, FunctionWiring } from '../constructs/function-wiring';
import { Queues } from '../constructs/Queues';
import type { ServiceFunction } from '../constructs/ServiceFunction';
import { acknowledgeWildcardResource } from '../nag';
import { grantObjects, grantTableItems } from '../constructs/grants';
import { LOGOS_PREFIX } from '../constructs/ObjectStorage';
import { tableDefinition } from '@kehila/functions/data/table';

export interface ApiStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly layout: SourceLayout;
  readonly table: dynamodb.ITable;
  readonly logos: s3.IBucket;
  readonly exports: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly searchDomain: opensearch.IDomain;
}

/**
 * Which functions read which deploy secret, and the variable naming it. Least privilege: a
 * function not listed here cannot read the secret. Add an area or worker when it needs one.
 */
export const SECRET_READERS = {
  lemonSqueezy: { env: 'LEMON_SQUEEZY_SECRET_NAME', readers: ['billing'] },
  whatsapp: { env: 'WHATSAPP_SECRET_NAME', readers: ['webhooks'] },
} as const;

/** The API and the asynchronous pipeline: HTTP API + area functions, queues + workers, alarms. */
export class ApiStack extends Stack {
  readonly api: Api;
  readonly queues: Queues;
  readonly httpApi: apigw.HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const alerts = new Alerts(this, 'Alerts', { ...(config.alarmEmail ? { email: config.alarmEmail } : {}) });

    const secrets = {
      lemonSqueezy: secretsmanager.Secret.fromSecretNameV2(this, 'LemonSqueezySecret', config.secrets.lemonSqueezy),
      whatsapp: secretsmanager.Secret.fromSecretNameV2(this, 'WhatsAppSecret', config.secrets.whatsapp),
    };
    const secretNames = { lemonSqueezy: config.secrets.lemonSqueezy, whatsapp: config.secrets.whatsapp };

    // What every function may use; sending to the queues is added by Queues (workers) and below (areas).
    const grant = (fn: ServiceFunction, owner: FunctionOwner) => {
      grantTableItems(props.table, tableDefinition.indexes.map((i) => i.name), fn.role);
      props.searchDomain.grantReadWrite(fn.role);
      acknowledgeWildcardResource(
        fn.role,
        `${props.searchDomain.domainArn}/*`,
        'OpenSearch authorises HTTP calls on the domain sub-resources (index names, _bulk, _search); the wildcard is limited to this one domain.',
      );
      if (owner.kind === 'area') {
        grantObjects(props.logos, LOGOS_PREFIX, fn.role, 'community logos');
        grantObjects(props.exports, '', fn.role, 'export files');
        fn.fn.addEnvironment('LOGOS_BUCKET', props.logos.bucketName);
        fn.fn.addEnvironment('EXPORTS_BUCKET', props.exports.bucketName);
      }
      for (const key of Object.keys(SECRET_READERS) as (keyof typeof SECRET_READERS)[]) {
        const { env, readers } = SECRET_READERS[key];
        if (!(readers as readonly string[]).includes(owner.name)) continue;
        secrets[key].grantRead(fn.role);
        fn.fn.addEnvironment(env, secretNames[key]);
      }
    };
    const wiring: FunctionWiring = {
      layout: props.layout,
      isProd: config.isProd,
      environment: {
        STAGE: 'cloud',
        TABLE_NAME: props.table.tableName,
        USER_POOL_ID: props.userPool.userPoolId,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
        SEARCH_ENDPOINT: `https://${props.searchDomain.domainEndpoint}`,
      },
      grant,
    };

    const queues = new Queues(this, 'Queues', { wiring, alarmTopic: alerts.topic });
    this.queues = queues;
    this.api = new Api(this, 'Api', {
      wiring: {
        ...wiring,
        environment: { ...wiring.environment, ...queues.environment },
        grant: (fn, owner) => {
          grant(fn, owner);
          queues.grantSendToAll(fn.role);
        },
      },
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      throttle: config.api,
    });
    this.httpApi = this.api.httpApi;

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'AlarmTopicArn', { value: alerts.topic.topicArn });
  }
}

