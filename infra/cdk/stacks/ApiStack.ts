import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { tableDefinition } from '@kehila/functions/data/table';
import type { DeployConfig } from '../config';
import type { SourceLayout } from '../source-layout';
import { Alerts } from '../constructs/Alerts';
import { Api } from '../constructs/Api';
import type { FunctionOwner, FunctionWiring } from '../constructs/function-wiring';
import {
  grantBedrockModels,
  grantListPrefix,
  grantObjects,
  grantSearchIndex,
  grantTableItems,
} from '../constructs/grants';
import { DATA_EXPORTS_PREFIX, IMPORTS_PREFIX, LOGO_UPLOADS_PREFIX, LOGOS_PREFIX } from '../constructs/ObjectStorage';
import { OriginSecret } from '../constructs/OriginSecret';
import { Queues } from '../constructs/Queues';
import { FunctionSchedule } from '../constructs/FunctionSchedule';
import { RealtimeApi } from '../constructs/RealtimeApi';
import type { ServiceFunction } from '../constructs/ServiceFunction';
import { SECRETS, usesOf, type SecretUse } from '../function-uses';

export interface ApiStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly layout: SourceLayout;
  readonly table: dynamodb.ITable;
  readonly exports: s3.IBucket;
  /** Published community logos (served by CloudFront under `/logos/`). */
  readonly logos: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly searchDomain: opensearch.IDomain;
  /** The generated key of the sender hash (data stack). */
  readonly senderHashKey: secretsmanager.ISecret;
  /** The generated key of the sign-up tickets (auth stack). */
  readonly signUpTicketKey: secretsmanager.ISecret;
}

/**
 * The API and the asynchronous pipeline: HTTP API + area functions, queues + workers, the
 * WebSocket API for live events, alarms. What each function may use beyond the table and the
 * queues is declared in function-uses.ts.
 */
export class ApiStack extends Stack {
  readonly api: Api;
  readonly queues: Queues;
  readonly realtime: RealtimeApi;
  readonly httpApi: apigw.HttpApi;
  /** What CloudFront sends the API and every area function requires (the web stack adds the header). */
  readonly originSecret: OriginSecret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const alerts = new Alerts(this, 'Alerts', { ...(config.alarmEmail ? { email: config.alarmEmail } : {}) });

    // Every secret is passed by name (or ARN) and read at run time: no value is ever in an environment.
    const secrets: Record<SecretUse, { readonly secret: secretsmanager.ISecret; readonly reference: string }> = {
      lemonSqueezy: {
        secret: secretsmanager.Secret.fromSecretNameV2(this, 'LemonSqueezySecret', config.secrets.lemonSqueezy),
        reference: config.secrets.lemonSqueezy,
      },
      whatsapp: {
        secret: secretsmanager.Secret.fromSecretNameV2(this, 'WhatsAppSecret', config.secrets.whatsapp),
        reference: config.secrets.whatsapp,
      },
      googleServiceAccount: {
        secret: secretsmanager.Secret.fromSecretNameV2(
          this,
          'GoogleServiceAccountSecret',
          config.secrets.googleServiceAccount,
        ),
        reference: config.secrets.googleServiceAccount,
      },
      enrichmentApiKey: {
        secret: secretsmanager.Secret.fromSecretNameV2(this, 'EnrichmentApiKeySecret', config.secrets.enrichmentApiKey),
        reference: config.secrets.enrichmentApiKey,
      },
      senderHashKey: { secret: props.senderHashKey, reference: props.senderHashKey.secretArn },
      signUpTicketKey: { secret: props.signUpTicketKey, reference: props.signUpTicketKey.secretArn },
    };
    const aiEnvironment = {
      AI_PROVIDER: 'bedrock',
      BEDROCK_MODEL_ID: config.ai.bedrockModelId,
      BEDROCK_EMBED_MODEL_ID: config.ai.bedrockEmbedModelId,
      BEDROCK_REGION: config.ai.bedrockRegion,
    };
    const searchEnvironment = {
      SEARCH_ENDPOINT: `https://${props.searchDomain.domainEndpoint}`,
      SEARCH_INDEX: config.searchIndex,
    };

    const environment = {
      STAGE: 'cloud',
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
    };
    const originSecret = new OriginSecret(this, 'OriginSecret', { isProd: config.isProd });
    this.originSecret = originSecret;

    const grantTable = (fn: ServiceFunction) =>
      grantTableItems(
        props.table,
        tableDefinition.indexes.map((i) => i.name),
        fn.role,
      );

    // The WebSocket handler uses the table only; publishers (below) get its endpoint.
    const realtime = new RealtimeApi(this, 'Realtime', {
      wiring: { layout: props.layout, isProd: config.isProd, environment, grant: grantTable },
      throttle: config.api,
    });
    this.realtime = realtime;

    const grant = (fn: ServiceFunction, owner: FunctionOwner) => {
      grantTable(fn);
      const uses = usesOf(owner.name);
      const env = (vars: Readonly<Record<string, string>>) => {
        for (const [k, v] of Object.entries(vars)) fn.fn.addEnvironment(k, v);
      };
      if (uses.ai) {
        env(aiEnvironment);
        const models = uses.ai.map((m) => (m === 'chat' ? config.ai.bedrockModelId : config.ai.bedrockEmbedModelId));
        if (models.length > 0) grantBedrockModels(models, config.ai.bedrockRegion, fn.role);
      }
      if (uses.search) {
        env(searchEnvironment);
        grantSearchIndex(props.searchDomain, config.searchIndex, fn.role, uses.search);
      }
      if (uses.objects) {
        env({ EXPORTS_BUCKET: props.exports.bucketName });
        if (uses.objects === 'logos') {
          // Logo uploads land in the private exports bucket (a presigned POST: PutObject), are read
          // and removed there once checked, and the checked (SVG: sanitised) file is written to the
          // logos bucket, which CloudFront serves; ListBucket so a missing object answers 404.
          env({ LOGOS_BUCKET: props.logos.bucketName });
          grantObjects(props.exports, LOGO_UPLOADS_PREFIX, fn.role, 'logo uploads');
          grantListPrefix(props.exports, LOGO_UPLOADS_PREFIX, fn.role);
          grantObjects(props.logos, LOGOS_PREFIX, fn.role, 'published community logos', ['s3:GetObject', 's3:PutObject']);
          grantListPrefix(props.logos, LOGOS_PREFIX, fn.role);
        } else if (uses.objects === 'imports-upload') {
          // PutObject for the presigned POST form (S3 authorises the upload as the signer),
          // GetObject for its HEAD check, DeleteObject for an oversized or failed upload;
          // ListBucket so a missing upload answers 404 rather than 403.
          grantObjects(props.exports, IMPORTS_PREFIX, fn.role, 'chat-export uploads');
          grantListPrefix(props.exports, IMPORTS_PREFIX, fn.role);
        } else if (uses.objects === 'data-exports') {
          // Presigned downloads of the owner's finished export (S3 authorises the GET as the signer).
          grantObjects(props.exports, DATA_EXPORTS_PREFIX, fn.role, 'data-rights exports', ['s3:GetObject']);
        } else if (uses.objects === 'data-rights') {
          // Writes exports; erases a community's uploads, exports and logos (listing them by its prefix).
          env({ LOGOS_BUCKET: props.logos.bucketName });
          grantObjects(props.exports, DATA_EXPORTS_PREFIX, fn.role, 'data-rights exports');
          grantObjects(props.exports, IMPORTS_PREFIX, fn.role, 'chat-export uploads', ['s3:DeleteObject']);
          grantObjects(props.exports, LOGO_UPLOADS_PREFIX, fn.role, 'logo uploads', ['s3:DeleteObject']);
          grantObjects(props.logos, LOGOS_PREFIX, fn.role, 'published community logos', ['s3:DeleteObject']);
          grantListPrefix(props.exports, DATA_EXPORTS_PREFIX, fn.role);
          grantListPrefix(props.exports, IMPORTS_PREFIX, fn.role);
          grantListPrefix(props.exports, LOGO_UPLOADS_PREFIX, fn.role);
          grantListPrefix(props.logos, LOGOS_PREFIX, fn.role);
        } else {
          grantObjects(props.exports, IMPORTS_PREFIX, fn.role, 'chat-export uploads', [
            's3:GetObject',
            's3:DeleteObject',
          ]);
        }
      }
      if (uses.identity === 'delete-users') {
        // A user's own account deletion (the rights worker): AdminDeleteUser on this pool only.
        fn.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['cognito-idp:AdminDeleteUser'], resources: [props.userPool.userPoolArn] }),
        );
      }
      for (const key of uses.secrets ?? []) {
        secrets[key].secret.grantRead(fn.role);
        env({ [SECRETS[key].env]: secrets[key].reference });
      }
      if (uses.webOrigin && config.webUrl) env({ WEB_ORIGIN: config.webUrl });
      if (uses.whatsapp?.includes('send') && config.whatsappSendProvider)
        env({ WHATSAPP_SEND_PROVIDER: config.whatsappSendProvider });
      if (uses.realtime === 'publish' && realtime.callbackUrl) {
        env({ REALTIME_ENDPOINT: realtime.callbackUrl });
        realtime.grantPublish(fn.role);
      }
      // Workers are given their queues by the Queues construct, which is still being built then.
      if (owner.kind === 'area') {
        // Every route, whatever it uses, refuses requests that did not come through CloudFront.
        env({ ORIGIN_VERIFY_SECRET_NAME: originSecret.secret.secretArn });
        originSecret.grantRead(fn.role);
        for (const name of uses.queues ?? []) {
          env(queues.environmentOf(name));
          queues.grantSend(name, fn.role);
        }
      }
    };
    const wiring: FunctionWiring = { layout: props.layout, isProd: config.isProd, environment, grant };
    // Declared first: the grants above name queues, and the workers' grants run as the queues build them.
    const queues: Queues = new Queues(this, 'Queues', { wiring, alarmTopic: alerts.topic });
    this.queues = queues;
    new FunctionSchedule(this, 'SummarySchedule', { wiring, queues, name: 'summaries' });
    new FunctionSchedule(this, 'AggregateSchedule', { wiring, queues, name: 'aggregates' });
    new FunctionSchedule(this, 'GroupSyncSchedule', { wiring, queues, name: 'group-sync' });
    this.api = new Api(this, 'Api', {
      wiring,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      throttle: config.api,
    });
    this.httpApi = this.api.httpApi;

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    if (realtime.url) new CfnOutput(this, 'WebSocketUrl', { value: realtime.url });
    new CfnOutput(this, 'AlarmTopicArn', { value: alerts.topic.topicArn });
    new CfnOutput(this, 'OriginSecretArn', {
      description: 'The secret CloudFront sends the API in x-kehila-origin-verify; rotate it as docs/deploy.md says',
      value: originSecret.secret.secretArn,
    });
  }
}
