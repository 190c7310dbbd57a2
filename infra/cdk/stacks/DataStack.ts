import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { DataTable } from '../constructs/DataTable';
import { ObjectStorage } from '../constructs/ObjectStorage';
import { SenderHashKey } from '../constructs/SenderHashKey';

export interface DataStackProps extends StackProps {
  readonly config: DeployConfig;
}

/** Stateful storage: the one DynamoDB table, the logos / exports buckets and the sender hash key. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly logos: s3.Bucket;
  readonly exports: s3.Bucket;
  readonly senderHashKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.table = new DataTable(this, 'Table', { isProd: config.isProd }).table;
    const storage = new ObjectStorage(this, 'Storage', {
      isProd: config.isProd,
      ...(config.webUrl ? { uploadOrigin: config.webUrl } : {}),
    });
    this.logos = storage.logos;
    this.exports = storage.exports;
    this.senderHashKey = new SenderHashKey(this, 'SenderHashKey', { isProd: config.isProd }).secret;

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'LogosBucketName', { value: this.logos.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.exports.bucketName });
    new CfnOutput(this, 'SenderHashKeySecretArn', {
      description: 'SENDER_HASH_KEY_SECRET_NAME for operator tools that hash senders against the deployed table',
      value: this.senderHashKey.secretArn,
    });
  }
}
