import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { grantBedrockModels } from '../../../../infra/cdk/constructs/grants';
import { applyDeferredAcknowledgements } from '../../../../infra/cdk/nag';
import { testApp } from '../support/synth';
import { actionsOf, flattenValue, resourcesOf, resourcesOfStatement } from '../support/template';

/** The Bedrock statements granted to a fresh role for these models, and the cdk-nag findings left. */
function bedrockGrant(models: string[], region: string) {
  const app = testApp();
  const stack = new Stack(app, 'Grants', { env: { account: '123456789012', region: 'eu-west-1' } });
  const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  grantBedrockModels(models, region, role);
  applyDeferredAcknowledgements(app);
  const statements = Object.values(resourcesOf(Template.fromStack(stack), 'AWS::IAM::Policy')).flatMap(
    (p) => p.Properties.PolicyDocument.Statement as Record<string, unknown>[],
  );
  const findings = new AwsSolutionsChecks().validateScope(stack).violations.map((v) => v.ruleName);
  return { statements, findings };
}

describe('Bedrock grants', () => {
  it('grants a plain model id as one foundation model in the Bedrock region, nothing wider', () => {
    const { statements, findings } = bedrockGrant(
      ['anthropic.claude-3-haiku-20240307-v1:0', 'cohere.embed-multilingual-v3'],
      'eu-central-1',
    );
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements[0]!)).toEqual(['bedrock:InvokeModel']);
    expect(resourcesOfStatement(statements[0]!).map(flattenValue)).toEqual([
      'arn:<AWS::Partition>:bedrock:eu-central-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0',
      'arn:<AWS::Partition>:bedrock:eu-central-1::foundation-model/cohere.embed-multilingual-v3',
    ]);
    expect(statements[0]!.Condition).toBeUndefined();
    expect(findings).toEqual([]);
  });

  it('grants an inference profile and its foundation model in any destination region, only through that profile', () => {
    const { statements, findings } = bedrockGrant(['eu.anthropic.claude-haiku-4-5-20251001-v1:0'], 'eu-west-1');
    const profileArn =
      'arn:<AWS::Partition>:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-haiku-4-5-20251001-v1:0';
    const profile = statements.find((s) => !s.Condition)!;
    expect(resourcesOfStatement(profile).map(flattenValue)).toEqual([profileArn]);
    const routed = statements.find((s) => s.Condition)!;
    expect(resourcesOfStatement(routed).map(flattenValue)).toEqual([
      'arn:<AWS::Partition>:bedrock:*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0',
    ]);
    const condition = routed.Condition as { StringEquals: Record<string, unknown> };
    expect(Object.keys(condition.StringEquals)).toEqual(['bedrock:InferenceProfileArn']);
    expect(flattenValue(condition.StringEquals['bedrock:InferenceProfileArn'])).toBe(profileArn);
    for (const s of statements) expect(actionsOf(s)).toEqual(['bedrock:InvokeModel']);
    // The open region is acknowledged for that one model; nothing else is left for cdk-nag.
    expect(findings).toEqual([]);
  });

  it('leaves any other wildcard to cdk-nag', () => {
    const app = testApp();
    const stack = new Stack(app, 'Grants', { env: { account: '123456789012', region: 'us-east-1' } });
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    grantBedrockModels(['us.anthropic.claude-haiku-4-5-20251001-v1:0'], 'us-east-1', role);
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: ['arn:aws:bedrock:*::foundation-model/*'],
      }),
    );
    applyDeferredAcknowledgements(app);
    const findings = new AwsSolutionsChecks().validateScope(stack).violations.map((v) => v.ruleName);
    expect(findings).toEqual(['AwsSolutions-IAM5[Resource::arn:aws:bedrock:*::foundation-model/*]']);
  });
});
