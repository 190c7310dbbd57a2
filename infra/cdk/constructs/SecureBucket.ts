import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface SecureBucketProps {
  readonly isProd: boolean;
  /** Where S3 server access logs go; absent only for a log bucket itself. */
  readonly accessLogs?: { readonly bucket: s3.IBucket; readonly prefix: string };
  readonly lifecycleRules?: s3.LifecycleRule[];
  readonly versioned?: boolean;
  /** CloudFront standard logging writes with ACLs, so its target needs object-writer ACLs. */
  readonly objectOwnership?: s3.ObjectOwnership;
}

/**
 * A private bucket with our baseline: public access blocked, TLS 1.2+ only, SSE-S3 encryption,
 * server access logs, and removal that follows the stage (non-prod buckets empty themselves
 * on stack deletion so teardown is one command).
 */
export class SecureBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: SecureBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: props.objectOwnership ?? s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: props.versioned ?? false,
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(props.lifecycleRules ?? []),
      ],
      ...(props.accessLogs
        ? { serverAccessLogsBucket: props.accessLogs.bucket, serverAccessLogsPrefix: props.accessLogs.prefix }
        : {}),
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.isProd,
    });
  }
}

/** A log bucket: the target of server access logs (and CloudFront logs when asked), expiring old logs. */
export function logBucketProps(isProd: boolean, forCloudFront = false): SecureBucketProps {
  return {
    isProd,
    lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(isProd ? 365 : 30) }],
    ...(forCloudFront ? { objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED } : {}),
  };
}
