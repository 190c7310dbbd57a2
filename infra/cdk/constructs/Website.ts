import { LANG_PARAM, PUBLIC_PAGES } from '@kehila/shared/public-pages';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { RuntimeConfigSchema, type RuntimeConfig } from '@kehila/shared';
import { ORIGIN_VERIFY_HEADER } from '@kehila/functions/http/origin-check';
import type { DeployConfig } from '../config';
import { acknowledge, acknowledgeWildcardResource, acknowledgeWildcardResourcePattern } from '../nag';
import { LOGOS_PREFIX } from './ObjectStorage';
import { SecureBucket, logBucketProps } from './SecureBucket';

export interface WebsiteProps {
  readonly isProd: boolean;
  /** The web build (`vite build web`); when it has no index.html the upload is skipped with a warning. */
  readonly webDist: string;
  /** Fail instead of skipping when the build is missing (the deploy script sets this). */
  readonly requireWebDist: boolean;
  /** The `config.json` the SPA fetches before `Amplify.configure`. */
  readonly runtimeConfig: RuntimeConfig;
  /** The HTTP API served under `/api/*` and `/webhooks/*` of the same origin. */
  readonly apiDomainName: string;
  /**
   * The value CloudFront sends the API in the origin header (ORIGIN_VERIFY_HEADER), which the API's
   * functions require: a dynamic reference to the origin secret, resolved at deploy.
   */
  readonly originVerifyValue: string;
  /** ARN of the CLOUDFRONT-scope WAF web ACL (edge stack, us-east-1) every request passes. */
  readonly webAclArn: string;
  /** The logos bucket (data stack), served read-only under `/logos/*`. */
  readonly logos: { readonly bucketArn: string; readonly bucketRegionalDomainName: string };
  readonly customDomain?: DeployConfig['customDomain'];
}

/** Warning id of a synth without a web build. */
export const MISSING_WEB_BUILD_WARNING = '@kehila/infra:missing-web-build';

/** What BucketDeployment may do to the distribution after an upload. */
const INVALIDATION_ACTIONS = ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'] as const;

/** Paths the API answers; CloudFront forwards them to the HTTP API uncached. */
export const API_PATH_PATTERNS = ['/api/*', '/webhooks/*'] as const;

/**
 * Viewer-request rewrite for the S3 origin only: a public page (`/`, `/pricing`, `/privacy`,
 * `/terms`, `/login`) gets its prerendered file in the language `?lang=` asks for (docs/public-pages.md); any
 * other path whose last segment has no file extension is an app route (`/dashboard`, `/c/123/messages`)
 * and gets the SPA shell. A distribution-wide 403/404 error response would also replace the API's own
 * 403/404 answers, so it is not used.
 */
export const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var pages = ${JSON.stringify(PUBLIC_PAGES)};
  var path = request.uri.length > 1 ? request.uri.replace(/\\/+$/, '') : request.uri;
  var lang = request.querystring && request.querystring.${LANG_PARAM};
  if (Object.prototype.hasOwnProperty.call(pages, path)) {
    request.uri = '/' + pages[path] + (lang && lang.value === 'he' ? '.he' : '') + '.html';
    return request;
  }
  var last = request.uri.split('/').pop();
  if (!/\\.[A-Za-z0-9]+$/.test(last)) request.uri = '/index.html';
  return request;
}`;

/**
 * The site: a private bucket behind CloudFront (origin access control) and its WAF web ACL, the SPA
 * fallback, security headers, and the API on the same origin (`/api/*`, `/webhooks/*` to the HTTP
 * API, caching off, every viewer header but Host forwarded, plus the origin header the API
 * requires) as under `npm start`. The build is uploaded with a
 * `config.json` written at deploy time from the other stacks' outputs.
 */
export class Website extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https origin of the site (custom domain or the CloudFront domain). */
  readonly url: string;
  /** False when the web build was missing at synth time. */
  readonly deploysContent: boolean;

  constructor(scope: Construct, id: string, props: WebsiteProps) {
    super(scope, id);
    const runtimeConfig = RuntimeConfigSchema.parse(props.runtimeConfig);
    const logBucket = new SecureBucket(this, 'Logs', logBucketProps(props.isProd, true)).bucket;
    this.bucket = new SecureBucket(this, 'Site', {
      isProd: props.isProd,
      accessLogs: { bucket: logBucket, prefix: 's3/site/' },
    }).bucket;

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves the prerendered public pages and index.html for app routes (S3 origin only)',
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Kehila security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(runtimeConfig), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: false,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        // The legacy XSS auditor is off by current advice (OWASP): CSP does that job.
        xssProtection: { protection: false, override: true },
      },
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // CloudFront overwrites a viewer's header of this name, so only requests it forwards carry it.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifyValue },
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // With caching disabled this policy also forwards Authorization; Host must stay the API's.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
      compress: true,
    };
    // Imported by attributes: the bucket policy letting CloudFront read logos is written in the
    // data stack (see ObjectStorage), since this stack may not change that stack's resources.
    const logosBucket = s3.Bucket.fromBucketAttributes(this, 'LogosBucket', props.logos);
    const logosOrigin = origins.S3BucketOrigin.withOriginAccessControl(logosBucket);

    const certificate = props.customDomain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Kehila web app and API',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        ...Object.fromEntries(API_PATH_PATTERNS.map((p) => [p, apiBehavior])),
        [`/${LOGOS_PREFIX}*`]: {
          origin: logosOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
      webAclId: props.webAclArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.customDomain && certificate
        ? {
            domainNames: [props.customDomain.name],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.url = props.customDomain ? `https://${props.customDomain.name}` : `https://${this.distribution.distributionDomainName}`;

    if (props.customDomain?.hostedZone) {
      const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: props.customDomain.hostedZone.id,
        zoneName: props.customDomain.hostedZone.name,
      });
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'AliasV4', { zone, recordName: props.customDomain.name, target });
      new route53.AaaaRecord(this, 'AliasV6', { zone, recordName: props.customDomain.name, target });
    }

    acknowledge(
      this.distribution,
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'CDK cannot add the origin-access-control grant to the logos bucket of the data stack; ObjectStorage there grants cloudfront.amazonaws.com s3:GetObject on logos/* only, for distributions of this account (AWS:SourceArn distribution/*), because naming this distribution would make the data stack depend on this one.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Communities and their members are worldwide (Hebrew and English speakers in many countries), so no country may be excluded; abuse is limited per address by the web ACL (rate rules) instead of per country.',
    );
    if (!props.customDomain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution answers on *.cloudfront.net with CloudFront’s default certificate, whose minimum protocol CloudFront fixes (TLSv1) and cannot be raised; with domainName and certificateArn the distribution enforces TLSv1.2_2021 (no acknowledgement then).',
      );
    }

    this.deploysContent = this.deployContent(props, runtimeConfig);
  }

  private deployContent(props: WebsiteProps, runtimeConfig: RuntimeConfig): boolean {
    if (!existsSync(join(props.webDist, 'index.html'))) {
      const message = `No web build at ${props.webDist}: the site content and config.json are not uploaded. Run \`npm run build:web\` before deploying (npm run deploy does).`;
      if (props.requireWebDist) throw new Error(message);
      Annotations.of(this).addWarningV2(MISSING_WEB_BUILD_WARNING, message);
      return false;
    }
    const role = new iam.Role(this, 'DeployRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Uploads the web build to the site bucket',
    });
    const deployLogs = new logs.LogGroup(this, 'DeployLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    deployLogs.grantWrite(role);

    // Vite's hashed files never change: cache them for a year and keep old ones (prune off), so a
    // browser still holding the previous index.html can load the chunks it refers to.
    const assetsDir = join(props.webDist, 'assets');
    let assets: s3deploy.BucketDeployment | undefined;
    if (existsSync(assetsDir)) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(assetsDir)],
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
        role,
        logGroup: deployLogs,
      });
    }
    // Everything else (index.html, icons, config.json) is revalidated on every load.
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      sources: [
        s3deploy.Source.asset(props.webDist, { exclude: ['assets', 'assets/*', 'config.json'] }),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
      ],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      role,
      logGroup: deployLogs,
    });
    if (assets) entry.node.addDependency(assets);

    for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      acknowledge(
        role,
        `AwsSolutions-IAM5[Action::${action}]`,
        'BucketDeployment (aws-cdk-lib) grants its copy handler these action groups (its grantRead/grantReadWrite) on two buckets only: the CDK bootstrap asset bucket (read) and this site bucket (write); the statements are the library’s and cannot be narrowed from here.',
      );
    }
    acknowledgeWildcardResource(
      role,
      this.bucket.arnForObjects('*'),
      'The handler replaces the site’s files, whose names change with every build; limited to the site bucket.',
    );
    acknowledgeWildcardResourcePattern(
      role,
      /^arn:[^:]+:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
      'The handler reads the zipped build from the CDK bootstrap asset bucket, whose object keys are content hashes.',
    );
    // BucketDeployment allows the invalidation actions on every distribution; this keeps them to ours.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        actions: [...INVALIDATION_ACTIONS],
        notResources: [this.distribution.distributionArn],
      }),
    );
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'BucketDeployment (aws-cdk-lib) allows cloudfront:CreateInvalidation and GetInvalidation on "*" and offers no way to scope its statement; the role also has an explicit Deny of both on every distribution but this one (NotResource), so it can invalidate only this site.',
    );
    return true;
  }
}

/**
 * The site's Content-Security-Policy: scripts only from the site, API on the same origin, Cognito
 * and the WebSocket API on AWS endpoints, images from anywhere over https (community logos may be
 * external URLs), Google Fonts for the theme fonts.
 */
function contentSecurityPolicy(config: RuntimeConfig): string {
  const connect = ["'self'", 'https://*.amazonaws.com', 'https://*.amazoncognito.com', 'wss://*.amazonaws.com'];
  if (config.wsUrl && !Token.isUnresolved(config.wsUrl)) connect.push(new URL(config.wsUrl).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "font-src 'self' data: https://fonts.gstatic.com",
    "img-src 'self' data: blob: https:",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://*.amazoncognito.com",
    "object-src 'none'",
  ].join('; ');
}

/** The https host name of an HTTP API's default endpoint (CloudFront origins take host names). */
export function executeApiDomain(apiId: string, scope: Construct): string {
  const stack = Stack.of(scope);
  return `${apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
}
