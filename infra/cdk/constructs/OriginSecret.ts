import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_KEY } from '@kehila/functions/http/origin-check';
import { acknowledge } from '../nag';

export interface OriginSecretProps {
  readonly isProd: boolean;
}

/**
 * The value CloudFront adds to every request it forwards to the HTTP API, and which the API's
 * functions require (functions/src/http/origin-check.ts): without it a request reached the
 * execute-api address directly, past the WAF web ACL. Secrets Manager generates it at the first
 * deploy as `{"current": "<64 letters and digits>"}`; CloudFormation resolves it into the
 * distribution's origin header at deploy, the functions read it by ARN at run time. It is rotated
 * by hand (docs/deploy.md "The origin secret").
 */
export class OriginSecret extends Construct {
  readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: OriginSecretProps) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'Kehila: value CloudFront sends to the API in x-kehila-origin-verify (docs/deploy.md)',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: ORIGIN_SECRET_KEY,
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      // Nothing is lost with it: a new stack generates a new value for CloudFront and the functions alike.
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.secret,
      'AwsSolutions-SMG4',
      'A rotation must change the API functions (which accept `current` and `previous`) before CloudFront, and CloudFront only takes a new value on a deploy of the web stack; a Secrets Manager rotation Lambda would have to update the distribution outside CloudFormation. The runbook in docs/deploy.md ("The origin secret") rotates it in three steps.',
    );
  }

  /**
   * The value for CloudFront's origin header: a dynamic reference CloudFormation resolves at deploy,
   * pinned to `versionId` when given (a rotation must change the template for CloudFront to take the
   * new value).
   */
  headerValue(versionId?: string): string {
    return SecretValue.secretsManager(this.secret.secretArn, {
      jsonField: ORIGIN_SECRET_KEY,
      ...(versionId ? { versionId } : {}),
    }).unsafeUnwrap();
  }

  /** Lets a function read the secret (GetSecretValue and DescribeSecret on it alone). */
  grantRead(grantee: iam.IGrantable): void {
    this.secret.grantRead(grantee);
  }
}
