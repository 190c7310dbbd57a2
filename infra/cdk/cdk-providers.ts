import type { Stack } from 'aws-cdk-lib';
import { acknowledge } from './nag';

/**
 * Singleton Lambda providers that aws-cdk-lib adds to a stack for its own constructs, and what
 * cdk-nag reports on them. We cannot change their runtime or role; aws-cdk-lib upgrades do.
 */
const PROVIDERS: readonly { readonly idPrefix: string; readonly what: string; readonly findings: readonly string[] }[] = [
  {
    idPrefix: 'Custom::CDKBucketDeployment',
    what: 'the BucketDeployment handler (uploads the web build)',
    findings: ['AwsSolutions-L1'],
  },
  {
    // AwsCustomResource: writes the OpenSearch domain access policy.
    idPrefix: 'AWS679f53fac002430cb0da5b7982bd2287',
    what: 'the AwsCustomResource handler (sets the OpenSearch domain access policy)',
    findings: [
      'AwsSolutions-L1',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    ],
  },
];

/** Acknowledges the cdk-nag findings on CDK's own singleton providers in a stack. */
export function acknowledgeCdkProviders(stack: Stack): void {
  for (const child of stack.node.children) {
    const provider = PROVIDERS.find((p) => child.node.id.startsWith(p.idPrefix));
    if (!provider) continue;
    for (const id of provider.findings) {
      acknowledge(
        child,
        id,
        `Created and configured by aws-cdk-lib for ${provider.what}; its runtime and logging role are fixed by the library and follow aws-cdk-lib upgrades.`,
      );
    }
  }
}
