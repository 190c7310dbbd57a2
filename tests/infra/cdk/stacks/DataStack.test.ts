import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { tableDefinition } from '@kehila/functions/data/table';
import { parseDeployConfig, type RawParameters } from '../../../../infra/cdk/config';
import { DataStack } from '../../../../infra/cdk/stacks/DataStack';
import { testApp } from '../support/synth';
import { onlyResource, referencedId, resourcesOf } from '../support/template';

function dataTemplate(stage: string, params: RawParameters = {}): Template {
  const app = testApp();
  const config = parseDeployConfig({ stage, ...params });
  return Template.fromStack(new DataStack(app, `Data-${stage}`, { config, env: config.env }));
}

const dev = dataTemplate('dev');
const prod = dataTemplate('prod');
const withSite = dataTemplate('dev', { webUrl: 'https://d111111abcdef8.cloudfront.net' });

describe('data stack: the table', () => {
  const [, table] = onlyResource(dev, 'AWS::DynamoDB::Table');

  it('has exactly the declared primary key', () => {
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
  });

  it('has exactly the declared GSIs, each projecting all attributes', () => {
    const gsis = table.Properties.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: unknown[];
      Projection: unknown;
    }[];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(tableDefinition.indexes.map((i) => i.name).sort());
    for (const index of tableDefinition.indexes) {
      expect(gsis.find((g) => g.IndexName === index.name)).toEqual(
        expect.objectContaining({
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      );
    }
  });

  it('defines only the key attributes, all strings', () => {
    const declared = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    const defs = table.Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
    expect(defs.map((d) => d.AttributeName).sort()).toEqual([...new Set(declared)].sort());
    expect(new Set(defs.map((d) => d.AttributeType))).toEqual(new Set(['S']));
  });

  it('expires items by the declared TTL attribute', () => {
    expect(table.Properties.TimeToLiveSpecification).toEqual({
      AttributeName: tableDefinition.ttlAttribute,
      Enabled: true,
    });
  });

  it('bills on demand, keeps point-in-time recovery and uses AWS-managed encryption', () => {
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true });
  });

  it('is retained and deletion-protected in prod only', () => {
    expect(table.DeletionPolicy).toBe('Delete');
    expect(table.Properties.DeletionProtectionEnabled).toBe(false);
    const [, prodTable] = onlyResource(prod, 'AWS::DynamoDB::Table');
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(prodTable.UpdateReplacePolicy).toBe('Retain');
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);
  });
});

describe('data stack: buckets', () => {
  const buckets = resourcesOf(dev, 'AWS::S3::Bucket');
  const policies = Object.values(resourcesOf(dev, 'AWS::S3::BucketPolicy'));
  const logBucketIds = new Set(
    Object.values(buckets)
      .map((b) => b.Properties.LoggingConfiguration?.DestinationBucketName)
      .filter(Boolean)
      .map(referencedId),
  );

  it('has a logos bucket, an exports bucket and one access-log bucket', () => {
    expect(Object.keys(buckets)).toHaveLength(3);
    expect(logBucketIds.size).toBe(1);
  });

  it.each(Object.keys(buckets))('%s blocks public access, encrypts, and denies non-TLS requests', (id) => {
    const bucket = buckets[id]!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
    ).toEqual({
      SSEAlgorithm: 'AES256',
    });
    const policy = policies.find((p) => referencedId(p.Properties.Bucket) === id);
    expect(policy?.Properties.PolicyDocument.Statement).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      ]),
    );
  });

  it('sends the server access logs of the logos and exports buckets to the log bucket', () => {
    const logged = Object.entries(buckets).filter(([id]) => !logBucketIds.has(id));
    expect(logged).toHaveLength(2);
    for (const [, bucket] of logged) expect(bucket.Properties.LoggingConfiguration.LogFilePrefix).toMatch(/\/$/);
  });

  it('expires exports after a week and aborts stale uploads', () => {
    dev.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
          Match.objectLike({ Id: 'expire-exports', ExpirationInDays: 7, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('lets CloudFront of this account read logos/* only', () => {
    const statement = policies
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, unknown>[])
      .find((s) => s.Sid === 'CloudFrontReadsLogos');
    expect(statement).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Action: 's3:GetObject',
      Condition: { StringEquals: { 'AWS:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect(JSON.stringify(statement?.Resource)).toContain('/logos/*');
  });

  it('empties and deletes buckets with the stack outside prod, and retains them in prod', () => {
    for (const bucket of Object.values(buckets)) expect(bucket.DeletionPolicy).toBe('Delete');
    expect(Object.keys(resourcesOf(dev, 'Custom::S3AutoDeleteObjects'))).toHaveLength(3);
    for (const bucket of Object.values(resourcesOf(prod, 'AWS::S3::Bucket')))
      expect(bucket.DeletionPolicy).toBe('Retain');
    expect(Object.keys(resourcesOf(prod, 'Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });
});

describe('data stack: chat-export uploads from the browser', () => {
  const exportsBucket = (t: Template) =>
    Object.values(resourcesOf(t, 'AWS::S3::Bucket')).find((b) =>
      JSON.stringify(b.Properties.LifecycleConfiguration).includes('expire-exports'),
    )!;

  it('lets the site POST presigned upload forms to the exports bucket (not PUT), ETag readable', () => {
    expect(exportsBucket(withSite).Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          Id: 'browser-uploads',
          AllowedOrigins: ['https://d111111abcdef8.cloudfront.net'],
          AllowedMethods: ['POST'],
          AllowedHeaders: ['content-type'],
          ExposedHeaders: ['ETag'],
          MaxAge: 3000,
        },
      ],
    });
  });

  it('allows no browser origin when the site is unknown, and never on the other buckets', () => {
    expect(exportsBucket(dev).Properties.CorsConfiguration).toBeUndefined();
    const others = Object.values(resourcesOf(withSite, 'AWS::S3::Bucket')).filter((b) => b !== exportsBucket(withSite));
    for (const b of others) expect(b.Properties.CorsConfiguration).toBeUndefined();
  });
});

describe('data stack: the sender hash key', () => {
  const [secretId, secret] = onlyResource(dev, 'AWS::SecretsManager::Secret');

  it('is generated by Secrets Manager: its value never appears in the template', () => {
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.GenerateSecretString).toEqual({
      PasswordLength: 64,
      ExcludePunctuation: true,
      IncludeSpace: false,
    });
  });

  it('is never rotated and is retained in prod only', () => {
    expect(Object.keys(resourcesOf(dev, 'AWS::SecretsManager::RotationSchedule'))).toHaveLength(0);
    expect(secret.DeletionPolicy).toBe('Delete');
    expect(onlyResource(prod, 'AWS::SecretsManager::Secret')[1].DeletionPolicy).toBe('Retain');
  });

  it('prints its ARN for operator commands', () => {
    const outputs = dev.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.SenderHashKeySecretArn?.Value).toEqual({ Ref: secretId });
  });
});
