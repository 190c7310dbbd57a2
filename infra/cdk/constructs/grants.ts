import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { acknowledgeWildcardResource } from '../nag';

/**
 * Item access to the table and its declared indexes, named one by one: reads, writes,
 * conditional and batch operations, and DescribeTable for the health check. No Scan: every list
 * is a Query (docs/data-model.md), and IAM enforces it.
 */
export function grantTableItems(table: dynamodb.ITable, indexNames: readonly string[], grantee: iam.IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DescribeTable',
      ],
      resources: [table.tableArn, ...indexNames.map((name) => `${table.tableArn}/index/${name}`)],
    }),
  );
}

/**
 * Read, write and delete of the objects under `prefix` (`''` for the whole bucket). Object ARNs
 * need a wildcard; it is acknowledged for exactly this bucket and prefix.
 */
export function grantObjects(
  bucket: s3.IBucket,
  prefix: string,
  grantee: iam.IGrantable & IConstruct,
  purpose: string,
): void {
  const objects = bucket.arnForObjects(`${prefix}*`);
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [objects] }),
  );
  acknowledgeWildcardResource(
    grantee,
    objects,
    `Objects are created at run time with generated keys (${purpose}); the wildcard covers only ${prefix ? `keys under ${prefix} in` : 'the objects of'} this one bucket.`,
  );
}
