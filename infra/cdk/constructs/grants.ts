import { Aws, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { inferenceProfileGeography } from '../config';
import { acknowledgeWildcardResource } from '../nag';

/** Every item operation a function of the app may use (no Scan: every list is a Query). */
export const TABLE_ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
] as const;

/**
 * Item access to the table and its declared indexes, named one by one: reads, writes,
 * conditional and batch operations, and DescribeTable for the health check. No Scan: every list
 * is a Query (docs/data-model.md), and IAM enforces it.
 */
export function grantTableItems(table: dynamodb.ITable, indexNames: readonly string[], grantee: iam.IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [...TABLE_ITEM_ACTIONS],
      resources: [table.tableArn, ...indexNames.map((name) => `${table.tableArn}/index/${name}`)],
    }),
  );
}

/** Single-item reads and writes on the table itself, no index (the Cognito triggers' needs). */
export function grantTableSingleItems(table: dynamodb.ITable, grantee: iam.IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      resources: [table.tableArn],
    }),
  );
}

/**
 * Object actions under `prefix` (`''` for the whole bucket): read, write and delete unless
 * `actions` names fewer. Object ARNs need a wildcard; it is acknowledged for exactly this bucket
 * and prefix.
 */
export function grantObjects(
  bucket: s3.IBucket,
  prefix: string,
  grantee: iam.IGrantable & IConstruct,
  purpose: string,
  actions: readonly string[] = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
): void {
  const objects = bucket.arnForObjects(`${prefix}*`);
  grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...actions], resources: [objects] }));
  acknowledgeWildcardResource(
    grantee,
    objects,
    `Objects are created at run time with generated keys (${purpose}); the wildcard covers only ${prefix ? `keys under ${prefix} in` : 'the objects of'} this one bucket.`,
  );
}

/**
 * ListBucket restricted to keys under `prefix`: with it S3 answers 404 for a missing object
 * instead of 403, so "not uploaded yet" is told apart from "not allowed".
 */
export function grantListPrefix(bucket: s3.IBucket, prefix: string, grantee: iam.IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${prefix}*`] } },
    }),
  );
}

/** How a function uses the search index: queries only, or also creates it and writes documents. */
export type SearchAccess = 'read' | 'write';

/**
 * HTTP access to one index of the OpenSearch domain. Readers may GET/HEAD/POST under the index
 * (`_search`); writers may also PUT/DELETE (creating the index on first write) and POST the
 * domain-level `_bulk`. Other indexes and the cluster APIs stay closed.
 */
export function grantSearchIndex(
  domain: opensearch.IDomain,
  index: string,
  grantee: iam.IGrantable & IConstruct,
  access: SearchAccess,
): void {
  const indexArn = `${domain.domainArn}/${index}`;
  const read = ['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost'];
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: access === 'write' ? [...read, 'es:ESHttpPut', 'es:ESHttpDelete'] : read,
      resources: [indexArn, `${indexArn}/*`],
    }),
  );
  if (access === 'write') {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['es:ESHttpPost'], resources: [`${domain.domainArn}/_bulk`] }),
    );
  }
  acknowledgeWildcardResource(
    grantee,
    `${indexArn}/*`,
    `OpenSearch authorises each HTTP path under an index (${index}/_search, ${index}/_doc/<id>); the wildcard stays inside this one index of this one domain.`,
  );
}

/**
 * `bedrock:InvokeModel` (which the Converse API also checks) on exactly the given models, called
 * in `region`. A plain model id is one foundation-model ARN. A cross-region inference profile
 * (`us.anthropic…`) is its profile ARN plus its foundation model in the destination regions the
 * profile routes to, allowed only through that profile (`bedrock:InferenceProfileArn`): the
 * routing list is AWS's and grows, so the region is left open rather than copied here.
 */
export function grantBedrockModels(
  modelIds: readonly string[],
  region: string,
  grantee: iam.IGrantable & IConstruct,
): void {
  const partition = Aws.PARTITION;
  const account = Stack.of(grantee).account;
  const foundation: string[] = [];
  for (const modelId of [...new Set(modelIds)]) {
    const geography = inferenceProfileGeography(modelId);
    if (!geography) {
      foundation.push(`arn:${partition}:bedrock:${region}::foundation-model/${modelId}`);
      continue;
    }
    const profileArn = `arn:${partition}:bedrock:${region}:${account}:inference-profile/${modelId}`;
    const routed = `arn:${partition}:bedrock:*::foundation-model/${modelId.slice(geography.length + 1)}`;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [profileArn] }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [routed],
        conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
      }),
    );
    acknowledgeWildcardResource(
      grantee,
      routed,
      `The ${modelId} inference profile routes each call to this one foundation model in one of its destination regions; the region is open but the statement only applies through that profile (bedrock:InferenceProfileArn condition).`,
    );
  }
  if (foundation.length > 0) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: foundation }),
    );
  }
}
