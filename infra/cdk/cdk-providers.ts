import type { Stack } from 'aws-cdk-lib';
import { acknowledge } from './nag';

/**
 * Singleton Lambda providers that aws-cdk-lib adds to a stack for its own constructs, and what
 * cdk-nag reports on them, with the reason each is acknowledged. We cannot change their runtime or
 * role; aws-cdk-lib upgrades do. (The S3 auto-delete provider raises no finding.)
 */
const PROVIDERS: readonly {
  readonly idPrefix: string;
  readonly findings: readonly { readonly id: string; readonly reason: string }[];
}[] = [
  {
    idPrefix: 'Custom::CDKBucketDeployment',
    findings: [
      {
        id: 'AwsSolutions-L1',
        reason:
          'The BucketDeployment handler (uploads the web build at deploy) is aws-cdk-lib’s singleton function, whose Python runtime and AWS CLI layer the library fixes and moves forward with its upgrades; it runs only during deployments.',
      },
    ],
  },
  {
    // AwsCustomResource: opensearch.Domain#addAccessPolicies writes the domain access policy with it.
    idPrefix: 'AWS679f53fac002430cb0da5b7982bd2287',
    findings: [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'aws-cdk-lib gives its AwsCustomResource singleton (which sets the OpenSearch domain access policy at deploy) the managed basic execution policy for its logs and takes no role of ours; beyond logging, that role may only call es:UpdateDomainConfig on this one domain.',
      },
    ],
  },
];

/** Acknowledges the cdk-nag findings on CDK's own singleton providers in a stack. */
export function acknowledgeCdkProviders(stack: Stack): void {
  for (const child of stack.node.children) {
    const provider = PROVIDERS.find((p) => child.node.id.startsWith(p.idPrefix));
    if (!provider) continue;
    for (const finding of provider.findings) acknowledge(child, finding.id, finding.reason);
  }
}
