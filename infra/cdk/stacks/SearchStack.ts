import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { SearchDomain } from '../constructs/SearchDomain';

export interface SearchStackProps extends StackProps {
  readonly config: DeployConfig;
}

/** Message search: the OpenSearch domain the api stack's functions index into and query. */
export class SearchStack extends Stack {
  readonly domain: opensearch.Domain;

  constructor(scope: Construct, id: string, props: SearchStackProps) {
    super(scope, id, props);
    this.domain = new SearchDomain(this, 'Search', {
      isProd: props.config.isProd,
      sizing: props.config.search,
    }).domain;
    new CfnOutput(this, 'SearchEndpoint', { value: `https://${this.domain.domainEndpoint}` });
  }
}
