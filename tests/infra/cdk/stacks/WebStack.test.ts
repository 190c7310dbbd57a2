import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigSchema } from '@kehila/shared';
import { ORIGIN_SECRET_KEY, ORIGIN_VERIFY_HEADER } from '@kehila/functions/http/origin-check';
import { MISSING_WEB_BUILD_WARNING } from '../../../../infra/cdk/constructs/Website';
import { makeSourceTree } from '../support/source-tree';
import { synthKehila, type SynthesizedKehila } from '../support/synth';
import {
  actionsOf,
  exportedValue,
  flattenValue,
  importedResourceId,
  onlyResource,
  referencedId,
  resourcesOf,
} from '../support/template';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const dev = synthKehila({}, makeSourceTree());
const prod = synthKehila(
  {
    stage: 'prod',
    region: 'eu-west-1',
    googleClientId: 'client-123.apps.googleusercontent.com',
    domainName: 'app.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    hostedZoneId: 'Z123',
    hostedZoneName: 'example.com',
  },
  makeSourceTree(),
);
const noBuild = synthKehila({}, makeSourceTree({ webDist: false }));

const [, distribution] = onlyResource(dev.templates.web, 'AWS::CloudFront::Distribution');
const cfg = distribution.Properties.DistributionConfig;
const originById = (id: string) => (cfg.Origins as { Id: string }[]).find((o) => o.Id === id) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON

/** config.json as uploaded: the jsonData asset with its deploy-time markers mapped back to values. */
function uploadedConfig(k: SynthesizedKehila): { json: Record<string, unknown>; markers: Record<string, unknown> } {
  const deployments = Object.values(resourcesOf(k.templates.web, 'Custom::CDKBucketDeployment'));
  const entry = deployments.find((d) => d.Properties.DistributionPaths)!;
  const index = (entry.Properties.SourceMarkers as Record<string, unknown>[]).findIndex(
    (m) => Object.keys(m).length > 0,
  );
  const key = (entry.Properties.SourceObjectKeys as string[])[index]!.replace(/\.zip$/, '');
  const text = readFileSync(join(k.app.outdir, `asset.${key}`, 'config.json'), 'utf8');
  return { json: JSON.parse(text) as Record<string, unknown>, markers: entry.Properties.SourceMarkers[index] };
}

describe('web stack: CloudFront', () => {
  it('reads the site bucket through origin access control, never an OAI', () => {
    const site = originById(cfg.DefaultCacheBehavior.TargetOriginId);
    expect(site.OriginAccessControlId).toBeDefined();
    expect(site.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(Object.keys(resourcesOf(dev.templates.web, 'AWS::CloudFront::CloudFrontOriginAccessIdentity'))).toHaveLength(
      0,
    );
    const oac = resourcesOf(dev.templates.web, 'AWS::CloudFront::OriginAccessControl')[
      referencedId(site.OriginAccessControlId)
    ]!;
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
    });
  });

  it('lets only this distribution read the site bucket, which stays private', () => {
    const siteBucketId = referencedId(originById(cfg.DefaultCacheBehavior.TargetOriginId).DomainName);
    const policy = Object.values(resourcesOf(dev.templates.web, 'AWS::S3::BucketPolicy')).find(
      (p) => referencedId(p.Properties.Bucket) === siteBucketId,
    )!;
    const [distributionId] = onlyResource(dev.templates.web, 'AWS::CloudFront::Distribution');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON
    const statements = policy.Properties.PolicyDocument.Statement as Record<string, any>[];
    const grant = statements.find((s) => s.Principal?.Service === 'cloudfront.amazonaws.com')!;
    expect(grant.Action).toBe('s3:GetObject');
    expect(JSON.stringify(grant.Condition)).toContain(distributionId);
    expect(
      resourcesOf(dev.templates.web, 'AWS::S3::Bucket')[siteBucketId]!.Properties.PublicAccessBlockConfiguration,
    ).toMatchObject({
      BlockPublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  it.each(['/api/*', '/webhooks/*'])(
    'sends %s to the HTTP API uncached with every viewer header but Host',
    (pattern) => {
      const behavior = (cfg.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === pattern)!; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON
      expect(behavior.CachePolicyId).toBe(CACHING_DISABLED);
      expect(behavior.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect([...behavior.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
      expect(behavior.ViewerProtocolPolicy).toBe('https-only');
      const origin = originById(behavior.TargetOriginId);
      expect(origin.CustomOriginConfig).toEqual({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
      const [, parts] = origin.DomainName['Fn::Join'] as [string, unknown[]];
      const api = dev.templates.api;
      expect(api.toJSON().Resources[importedResourceId(api, parts[0])].Type).toBe('AWS::ApiGatewayV2::Api');
      expect(parts[1]).toBe('.execute-api.us-east-1.');
    },
  );

  it("adds the origin header to API requests only, with the api stack's origin secret resolved at deploy", () => {
    const apiOriginIds = new Set(
      (cfg.CacheBehaviors as { PathPattern: string; TargetOriginId: string }[])
        .filter((b) => ['/api/*', '/webhooks/*'].includes(b.PathPattern))
        .map((b) => b.TargetOriginId),
    );
    expect(apiOriginIds.size).toBe(1);
    for (const origin of cfg.Origins as { Id: string; OriginCustomHeaders?: unknown }[]) {
      if (!apiOriginIds.has(origin.Id)) {
        expect(origin.OriginCustomHeaders, origin.Id).toBeUndefined();
        continue;
      }
      const [header] = origin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
      expect(header!.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
      const [, parts] = (header!.HeaderValue as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
      expect(parts[0]).toBe('{{resolve:secretsmanager:');
      expect(parts[2]).toBe(`:SecretString:${ORIGIN_SECRET_KEY}::}}`);
      const api = dev.templates.api;
      const secret = api.toJSON().Resources[importedResourceId(api, parts[1])];
      expect(secret.Type).toBe('AWS::SecretsManager::Secret');
      expect(secret.Properties.GenerateSecretString.GenerateStringKey).toBe(ORIGIN_SECRET_KEY);
    }
  });

  it('pins the origin secret version given for a rotation, so that CloudFront takes the new value', () => {
    const versionId = 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';
    const rotating = synthKehila({ originSecretVersion: versionId }, makeSourceTree({ webDist: false }));
    const [, d] = onlyResource(rotating.templates.web, 'AWS::CloudFront::Distribution');
    const headers = (d.Properties.DistributionConfig.Origins as { OriginCustomHeaders?: { HeaderValue: unknown }[] }[])
      .flatMap((o) => o.OriginCustomHeaders ?? [])
      .map((h) => flattenValue(h.HeaderValue));
    expect(headers).toEqual([expect.stringMatching(new RegExp(`:SecretString:${ORIGIN_SECRET_KEY}::${versionId}}}$`))]);
  });

  it('serves logos from the logos bucket under /logos/*', () => {
    const behavior = (cfg.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/logos/*')!; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON
    const origin = originById(behavior.TargetOriginId);
    expect(origin.OriginAccessControlId).toBeDefined();
    const data = dev.templates.data;
    expect(data.toJSON().Resources[importedResourceId(data, origin.DomainName)].Type).toBe('AWS::S3::Bucket');
    expect(behavior.AllowedMethods).toBeUndefined();
  });

  it('serves the prerendered public pages in the asked language, and index.html for app routes, on the S3 origin only, keeping API errors intact', () => {
    expect(cfg.CustomErrorResponses).toBeUndefined();
    const [association] = cfg.DefaultCacheBehavior.FunctionAssociations as {
      EventType: string;
      FunctionARN: unknown;
    }[];
    expect(association?.EventType).toBe('viewer-request');
    for (const behavior of cfg.CacheBehaviors as { FunctionAssociations?: unknown }[]) {
      expect(behavior.FunctionAssociations).toBeUndefined();
    }
    const fn = resourcesOf(dev.templates.web, 'AWS::CloudFront::Function')[referencedId(association!.FunctionARN)]!;
    const handler = new Function(`${fn.Properties.FunctionCode as string}; return handler;`)() as (e: {
      request: { uri: string; querystring?: Record<string, { value: string }> };
    }) => { uri: string };
    const rewrite = (uri: string, lang?: string) =>
      handler({ request: { uri, ...(lang ? { querystring: { lang: { value: lang } } } : {}) } }).uri;
    expect(rewrite('/')).toBe('/landing.html');
    expect(rewrite('/', 'he')).toBe('/landing.he.html');
    expect(rewrite('/pricing')).toBe('/pricing.html');
    expect(rewrite('/pricing/', 'he')).toBe('/pricing.he.html');
    expect(rewrite('/privacy')).toBe('/privacy.html');
    expect(rewrite('/terms', 'fr')).toBe('/terms.html');
    expect(rewrite('/login')).toBe('/login.html');
    expect(rewrite('/login', 'he')).toBe('/login.he.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/c/abc-123/messages')).toBe('/index.html');
    expect(rewrite('/assets/app-abc123.js')).toBe('/assets/app-abc123.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(rewrite('/config.json')).toBe('/config.json');
  });

  it('adds security headers to every response', () => {
    const [policyId, policy] = onlyResource(dev.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toContain("default-src 'self'");
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    for (const b of [cfg.DefaultCacheBehavior, ...cfg.CacheBehaviors])
      expect(referencedId(b.ResponseHeadersPolicyId)).toBe(policyId);
  });

  it('logs viewer requests to a log bucket', () => {
    expect(cfg.Logging.Prefix).toBe('cloudfront/');
    const logBucket = resourcesOf(dev.templates.web, 'AWS::S3::Bucket')[referencedId(cfg.Logging.Bucket)]!;
    expect(logBucket.Properties.OwnershipControls.Rules[0].ObjectOwnership).toBe('BucketOwnerPreferred');
  });

  it('answers on the custom domain with TLS 1.2 and alias records when one is configured', () => {
    const [, d] = onlyResource(prod.templates.web, 'AWS::CloudFront::Distribution');
    expect(d.Properties.DistributionConfig.Aliases).toEqual(['app.example.com']);
    expect(d.Properties.DistributionConfig.ViewerCertificate).toMatchObject({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    for (const type of ['A', 'AAAA']) {
      prod.templates.web.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'app.example.com.',
        Type: type,
        HostedZoneId: 'Z123',
      });
    }
    expect(d.Properties.DistributionConfig.ViewerCertificate).toBeDefined();
    expect(cfg.ViewerCertificate).toBeUndefined();
  });
});

describe('web stack: the deployed build and config.json', () => {
  it('uploads hashed assets with a one-year immutable cache and the rest revalidated, keeping old files', () => {
    const deployments = Object.values(resourcesOf(dev.templates.web, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => d.Properties.DestinationBucketKeyPrefix === 'assets/')!;
    expect(assets.Properties.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = deployments.find((d) => d !== assets)!;
    expect(entry.Properties.SystemMetadata['cache-control']).toBe('no-cache');
    expect(entry.Properties.DistributionPaths).toEqual(['/*']);
    for (const d of deployments) expect(d.Properties.Prune).toBe(false);
  });

  it('writes a config.json that matches RuntimeConfigSchema, for SRP sign-in against the user pool', () => {
    const { json, markers } = uploadedConfig(dev);
    expect(RuntimeConfigSchema.parse(json)).toEqual({
      stage: 'cloud',
      region: 'us-east-1',
      userPoolId: expect.stringMatching(/^<<marker:0xbaba:\d+>>$/),
      userPoolClientId: expect.stringMatching(/^<<marker:0xbaba:\d+>>$/),
      authFlowType: 'USER_SRP_AUTH',
      wsUrl: expect.stringMatching(
        /^wss:\/\/<<marker:0xbaba:\d+>>\.execute-api\.us-east-1\.<<marker:0xbaba:\d+>>\/live$/,
      ),
      apiUrl: '',
      botPhone: '',
      supportEmail: '',
    });
    const auth = dev.templates.auth;
    const typeOf = (marker: string) => auth.toJSON().Resources[importedResourceId(auth, markers[marker])].Type;
    expect(typeOf(json.userPoolId as string)).toBe('AWS::Cognito::UserPool');
    expect(typeOf(json.userPoolClientId as string)).toBe('AWS::Cognito::UserPoolClient');
    expect(json).not.toHaveProperty('oauthDomain');
  });

  it("points config.json's wsUrl at the WebSocket API of the api stack", () => {
    const { json, markers } = uploadedConfig(dev);
    const [, apiMarker] = /^wss:\/\/(<<marker:0xbaba:\d+>>)\./.exec(json.wsUrl as string)!;
    const api = dev.templates.api;
    const wsApi = api.toJSON().Resources[importedResourceId(api, markers[apiMarker!])];
    expect(wsApi.Type).toBe('AWS::ApiGatewayV2::Api');
    expect(wsApi.Properties.ProtocolType).toBe('WEBSOCKET');
  });

  it('adds the hosted UI domain to config.json when Google is configured', () => {
    const { json, markers } = uploadedConfig(prod);
    expect(json.region).toBe('eu-west-1');
    const match = /^(<<marker:0xbaba:\d+>>)\.auth\.eu-west-1\.amazoncognito\.com$/.exec(json.oauthDomain as string);
    expect(match).not.toBeNull();
    const auth = prod.templates.auth;
    expect(auth.toJSON().Resources[importedResourceId(auth, markers[match![1]!])].Type).toBe(
      'AWS::Cognito::UserPoolDomain',
    );
    expect(exportedValue(auth, markers[json.userPoolId as string])).toEqual({ Ref: expect.any(String) });
  });

  it('lets the upload role invalidate this distribution only', () => {
    const [distributionId] = onlyResource(dev.templates.web, 'AWS::CloudFront::Distribution');
    const statements = Object.values(resourcesOf(dev.templates.web, 'AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as Record<string, unknown>[],
    );
    const invalidation = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('cloudfront:')));
    const deny = invalidation.find((st) => st.Effect === 'Deny')!;
    expect(actionsOf(deny).sort()).toEqual(['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation']);
    expect(flattenValue(deny.NotResource)).toBe(
      `arn:aws:cloudfront::<AWS::AccountId>:distribution/<${distributionId}>`,
    );
    for (const allow of invalidation.filter((st) => st.Effect === 'Allow')) {
      for (const action of actionsOf(allow)) expect(actionsOf(deny)).toContain(action);
    }
  });

  it('synthesizes without a web build, skipping the upload with a warning', () => {
    expect(Object.keys(resourcesOf(noBuild.templates.web, 'Custom::CDKBucketDeployment'))).toHaveLength(0);
    expect(Object.keys(resourcesOf(noBuild.templates.web, 'AWS::CloudFront::Distribution'))).toHaveLength(1);
    Annotations.fromStack(noBuild.stacks.web).hasWarning(
      '*',
      Match.stringLikeRegexp(`No web build at .*npm run build:web.*${MISSING_WEB_BUILD_WARNING}`),
    );
  });

  it('refuses to synthesize without a web build when the deploy requires one', () => {
    expect(() => synthKehila({ requireWebDist: 'true' }, makeSourceTree({ webDist: false }))).toThrow(
      /No web build at/,
    );
  });
});
