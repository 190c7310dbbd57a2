import { Tags, type App } from 'aws-cdk-lib';
import { acknowledgeCdkProviders } from './cdk-providers';
import type { DeployConfig } from './config';
import { repositoryLayout, type SourceLayout } from './source-layout';
import { ApiStack } from './stacks/ApiStack';
import { AuthStack } from './stacks/AuthStack';
import { DataStack } from './stacks/DataStack';
import { SearchStack } from './stacks/SearchStack';
import { WebStack } from './stacks/WebStack';

/** The stacks of one stage, in deploy order. */
export interface KehilaStacks {
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly search: SearchStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

/** Adds every stack of a stage to the app: data → auth, search → api → web. */
export function buildKehila(app: App, config: DeployConfig, layout: SourceLayout = repositoryLayout()): KehilaStacks {
  const name = (part: string) => `Kehila-${config.stage}-${part}`;
  const common = { env: config.env, config, terminationProtection: config.isProd };

  const data = new DataStack(app, name('Data'), {
    ...common,
    description: 'Kehila: DynamoDB table and the logos / exports buckets',
  });
  const auth = new AuthStack(app, name('Auth'), {
    ...common,
    description: 'Kehila: Cognito user pool, web client and optional Google sign-in',
  });
  const search = new SearchStack(app, name('Search'), {
    ...common,
    description: 'Kehila: OpenSearch domain for message search',
  });
  const api = new ApiStack(app, name('Api'), {
    ...common,
    description: 'Kehila: HTTP API, area functions, queues, workers and alarms',
    layout,
    table: data.table,
    logos: data.logos,
    exports: data.exports,
    userPool: auth.userPool,
    userPoolClient: auth.client,
    searchDomain: search.domain,
  });
  const web = new WebStack(app, name('Web'), {
    ...common,
    description: 'Kehila: CloudFront, the site bucket and the deployed web build with its config.json',
    layout,
    userPool: auth.userPool,
    userPoolClient: auth.client,
    ...(auth.oauthDomain ? { oauthDomain: auth.oauthDomain } : {}),
    httpApi: api.httpApi,
    logos: data.logos,
  });

  for (const stack of [data, auth, search, api, web]) acknowledgeCdkProviders(stack);
  Tags.of(app).add('project', 'kehila');
  Tags.of(app).add('stage', config.stage);
  return { data, auth, search, api, web };
}
