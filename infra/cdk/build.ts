import { Annotations, Tags, type App } from 'aws-cdk-lib';
import { acknowledgeCdkProviders } from './cdk-providers';
import type { DeployConfig } from './config';
import { repositoryLayout, type SourceLayout } from './source-layout';
import { ApiStack } from './stacks/ApiStack';
import { AuthStack } from './stacks/AuthStack';
import { DataStack } from './stacks/DataStack';
import { EDGE_REGION, EdgeStack } from './stacks/EdgeStack';
import { SearchStack } from './stacks/SearchStack';
import { WebStack } from './stacks/WebStack';

/** The stacks of one stage, in deploy order. */
export interface KehilaStacks {
  readonly edge: EdgeStack;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly search: SearchStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

/** Warning id of a synth that does not know the site's origin (no domainName, no webUrl). */
export const NO_WEB_ORIGIN_WARNING = '@kehila/infra:no-web-origin';

/** Adds every stack of a stage to the app: data → auth, search → api → web, and edge (us-east-1) → web. */
export function buildKehila(app: App, config: DeployConfig, layout: SourceLayout = repositoryLayout()): KehilaStacks {
  const name = (part: string) => `Kehila-${config.stage}-${part}`;
  const common = { env: config.env, config, terminationProtection: config.isProd };

  const edge = new EdgeStack(app, name('Edge'), {
    ...common,
    env: { ...config.env, region: EDGE_REGION },
    description:
      'Kehila: the WAF web ACL of the CloudFront distribution (CloudFront takes web ACLs from us-east-1 only)',
  });
  const data = new DataStack(app, name('Data'), {
    ...common,
    description: 'Kehila: DynamoDB table and the logos / exports buckets',
  });
  const auth = new AuthStack(app, name('Auth'), {
    ...common,
    description: 'Kehila: Cognito user pool, its sign-up triggers, web client, WAF web ACL and optional Google sign-in',
    layout,
    table: data.table,
  });
  const search = new SearchStack(app, name('Search'), {
    ...common,
    description: 'Kehila: OpenSearch domain for message search',
  });
  const api = new ApiStack(app, name('Api'), {
    ...common,
    description: 'Kehila: HTTP API, area functions, queues, workers, WebSocket API and alarms',
    layout,
    table: data.table,
    exports: data.exports,
    logos: data.logos,
    userPool: auth.userPool,
    userPoolClient: auth.client,
    searchDomain: search.domain,
    senderHashKey: data.senderHashKey,
    signUpTicketKey: auth.signUpTicketKey,
  });
  const web = new WebStack(app, name('Web'), {
    ...common,
    description:
      'Kehila: CloudFront (with the edge stack web ACL), the site bucket and the deployed web build with its config.json',
    layout,
    userPool: auth.userPool,
    userPoolClient: auth.client,
    ...(auth.oauthDomain ? { oauthDomain: auth.oauthDomain } : {}),
    httpApi: api.httpApi,
    originVerifyValue: api.originSecret.headerValue(config.originSecretVersion),
    webAclArn: edge.webAclArn,
    logos: data.logos,
    ...(api.realtime.url ? { webSocketUrl: api.realtime.url } : {}),
  });
  if (!config.webUrl) {
    Annotations.of(web).addWarningV2(
      NO_WEB_ORIGIN_WARNING,
      "The site's origin is not configured (domainName or webUrl), and the stacks before this one cannot know the CloudFront address: verification and reset e-mails keep Cognito's default text without a link, checkout answers 503, and browsers cannot upload chat exports (no CORS rule). Deploy again with -c webUrl=<WebUrl output> (docs/deploy.md).",
    );
  }

  for (const stack of [edge, data, auth, search, api, web]) acknowledgeCdkProviders(stack);
  Tags.of(app).add('project', 'kehila');
  Tags.of(app).add('stage', config.stage);
  return { edge, data, auth, search, api, web };
}
