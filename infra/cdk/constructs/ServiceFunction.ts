import { RemovalPolicy, type Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, LogLevel as EsbuildLogLevel } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { SourceLayout } from '../source-layout';

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
 * ESM output needs a `require` for the CommonJS dependencies esbuild inlines (parts of the AWS
 * SDK and Powertools call `require` on Node built-ins).
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __kehilaCreateRequire } from 'node:module'; const require = __kehilaCreateRequire(import.meta.url);";

/**
 * One Lambda function of ours: Node 22 on ARM64, an ESM bundle built by the local esbuild (never
 * Docker) with source maps, its own log group and a role that can only write to that log group
 * until grants add more.
 */
export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
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

    this.fn = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      projectRoot: props.layout.projectRoot,
      depsLockFilePath: props.layout.lockFile,
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
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Bundle the AWS SDK too: the versions we test against, not whatever the runtime ships.
        externalModules: [],
        // What each bundle is made of, written beside it when asked (`npm run bench:lambda`).
        metafile: this.node.tryGetContext(BUNDLE_METAFILE_CONTEXT) === true,
        forceDockerBundling: false,
        logLevel: EsbuildLogLevel.WARNING,
      },
    });
    acknowledge(
      this.fn,
      'AwsSolutions-L1',
      'The project pins Node.js 22 (the version the handlers, their tests and the local stack run on); moving to a newer runtime is a deliberate upgrade of all of them.',
    );
  }
}
