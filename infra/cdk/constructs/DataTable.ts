import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition } from '@kehila/functions/data/table';

export interface DataTableProps {
  /** prod keeps the table on stack deletion and turns on deletion protection. */
  readonly isProd: boolean;
}

const str = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * The single DynamoDB table, built from `tableDefinition` (functions/src/data/table.ts), the
 * declaration the local stack also reads: on-demand, point-in-time recovery, AWS-managed KMS
 * encryption, every GSI projecting all attributes.
 */
export class DataTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    const def = tableDefinition;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(def.partitionKey),
      sortKey: str(def.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: def.ttlAttribute,
      deletionProtection: props.isProd,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of def.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
