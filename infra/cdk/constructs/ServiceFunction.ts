import { AssetHashType, DockerImage, RemovalPolicy, type Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { relative } from 'node:path';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { SourceLayout } from '../source-layout';
import { bundleFunction } from '../bundle';

export interface ServiceFunctionProps {
  /** Absolute path of the TypeScript module exporting `handler`. */
  readonly entry: string;
  readonly layout: SourceLayout;
  /** Powertools service name, e.g. `kehila-accounts`. */
  readonly serviceName: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeout: Duration;
  readonly memoryMb: number;
  /** Log retention and removal follow the stage: prod keeps its logs longer and on stack deletion. */
  readonly isProd: boolean;
}

/** Context key that makes every function's bundle come with esbuild's metafile (index.meta.json). */
export const BUNDLE_METAFILE_CONTEXT = 'kehila:bundleMetafile';

/**
 * One Lambda function of ours: Node 22 on ARM64, an ESM bundle built by the local esbuild (never
 * Docker; infra/cdk/bundle.ts) with source maps, split so that adapters a handler loads lazily
 * (Bedrock, S3) are chunks fetched on first use, its own log group and a role that can only write
 * to that log group until grants add more.
 */
export class ServiceFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.isProd ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // An explicit role instead of the default one with the AWSLambdaBasicExecutionRole managed
    // policy, which may write to every log group of the account.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.serviceName}`,
    });
    this.logGroup.grantWrite(this.role);

    const metafile = this.node.tryGetContext(BUNDLE_METAFILE_CONTEXT) === true;
    const code = lambda.Code.fromAsset(props.layout.functionsRoot, {
      // The bundle's own content decides when the function is deployed again.
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never used: the local esbuild always bundles (a deploy needs no Docker). The command names
        // the entry, which makes CDK's bundling cache tell the functions apart (it keys on these options).
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-alpine'),
        command: ['esbuild', relative(props.layout.projectRoot, props.entry)],
        local: {
          tryBundle: (outputDir) => {
            bundleFunction({ entry: props.entry, outdir: outputDir, projectRoot: props.layout.projectRoot, metafile });
            return true;
          },
        },
      },
    });

    this.fn = new lambda.Function(this, 'Function', {
      code,
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: props.timeout,
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    acknowledge(
      this.fn,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime the bundles are built for (esbuild target node22 in infra/cdk/bundle.ts) and a supported Lambda runtime until its end of life (April 2027). Moving to Node.js 24 means changing this runtime and that target together and measuring again with npm run bench:lambda; the handlers are already all async, as Node.js 24 requires.',
    );
  }
}
