import { Aws, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { SecureBucket, logBucketProps } from './SecureBucket';

export interface ObjectStorageProps {
  readonly isProd: boolean;
  /** Days an export file stays downloadable before S3 deletes it. */
  readonly exportRetentionDays?: number;
  /**
   * The site's origin (https://…): browsers there may POST chat exports to presigned upload forms
   * of the exports bucket. Without it the bucket has no CORS rule and browser uploads are refused.
   */
  readonly uploadOrigin?: string;
}

/** Key prefix under which community logos are stored; the web stack serves it at `/logos/*`. */
export const LOGOS_PREFIX = 'logos/';

/** Key prefix of logo uploads waiting to be checked, in the exports bucket (core/settings/settings.ts). */
export const LOGO_UPLOADS_PREFIX = 'logo-uploads/';

/** Key prefix of uploaded chat exports in the exports bucket (core/imports/service.ts). */
export const IMPORTS_PREFIX = 'imports/';

/** Key prefix of data-rights exports in the exports bucket (core/rights; docs/data-rights.md). */
export const DATA_EXPORTS_PREFIX = 'data-exports/';

/**
 * The object store of the app: community logos (read publicly through CloudFront under
 * `/logos/`), exports (short-lived downloads) and the log bucket receiving their access logs.
 */
export class ObjectStorage extends Construct {
  readonly logBucket: s3.Bucket;
  readonly logos: s3.Bucket;
  readonly exports: s3.Bucket;

  constructor(scope: Construct, id: string, props: ObjectStorageProps) {
    super(scope, id);
    this.logBucket = new SecureBucket(this, 'AccessLogs', logBucketProps(props.isProd)).bucket;
    this.logos = new SecureBucket(this, 'Logos', {
      isProd: props.isProd,
      versioned: true,
      accessLogs: { bucket: this.logBucket, prefix: 'logos/' },
      lifecycleRules: [{ id: 'expire-replaced-logos', noncurrentVersionExpiration: Duration.days(30) }],
    }).bucket;
    this.exports = new SecureBucket(this, 'Exports', {
      isProd: props.isProd,
      accessLogs: { bucket: this.logBucket, prefix: 'exports/' },
      lifecycleRules: [
        { id: 'expire-exports', expiration: Duration.days(props.exportRetentionDays ?? 7) },
        // A logo upload is checked and removed at once; one never checked goes after a day.
        { id: 'expire-logo-uploads', prefix: LOGO_UPLOADS_PREFIX, expiration: Duration.days(1) },
      ],
    }).bucket;
    if (props.uploadOrigin) {
      // The browser POSTs the file itself in a presigned form (docs/import.md) whose policy fixes
      // the key, the Content-Type and the size range; ETag readable so an upload can be confirmed.
      // (Its upload progress listener makes the browser ask first: the preflight needs POST.)
      this.exports.addCorsRule({
        id: 'browser-uploads',
        allowedOrigins: [props.uploadOrigin],
        allowedMethods: [s3.HttpMethods.POST],
        allowedHeaders: ['content-type'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      });
    }

    // CloudFront (origin access control) may read logos only. The statement lives here rather
    // than being added by the web stack's origin, which would make this stack depend on the web
    // stack while the web stack depends on this one; it is therefore scoped to this account's
    // distributions instead of one distribution id.
    this.logos.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsLogos',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.logos.arnForObjects(`${LOGOS_PREFIX}*`)],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );
  }
}
