import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { DataTable } from '../constructs/DataTable';
import { ObjectStorage } from '../constructs/ObjectStorage';

export interface DataStackProps extends StackProps {
  readonly config: DeployConfig;
}

/** Stateful storage: the one DynamoDB table and the logos / exports buckets. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly logos: s3.Bucket;
  readonly exports: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.table = new DataTable(this, 'Table', { isProd: props.config.isProd }).table;
    const storage = new ObjectStorage(this, 'Storage', { isProd: props.config.isProd });
    this.logos = storage.logos;
    this.exports = storage.exports;

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'LogosBucketName', { value: this.logos.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.exports.bucketName });
  }
}
