import { describe, expect, it } from 'vitest';
import { DEFAULT_BEDROCK_EMBED_MODEL_ID, DEFAULT_BEDROCK_MODEL_ID } from '@kehila/functions/core/config';
import { parseDeployConfig, readDeployParameters, type RawParameters } from '../../../infra/cdk/config';
import { WAF_RATE_LIMITS } from '../../../infra/cdk/firewall-rules';

describe('deploy configuration', () => {
  it('gives a dev stage that synthesizes with nothing set', () => {
    const c = parseDeployConfig({});
    expect(c).toMatchObject({
      stage: 'dev',
      isProd: false,
      env: { region: 'us-east-1' },
      secrets: { lemonSqueezy: 'kehila/dev/lemonsqueezy', whatsapp: 'kehila/dev/whatsapp' },
      search: { instanceType: 't3.small.search', instanceCount: 1, volumeGb: 10, zoneAwareness: false },
      api: { rateLimit: 50, burstLimit: 100 },
      requireWebDist: false,
    });
    expect(c.google).toBeUndefined();
    expect(c.customDomain).toBeUndefined();
    expect(c.env.account).toBeUndefined();
  });

  it("calls the code's default Bedrock models in the deploy region and names the search index after the stage", () => {
    const c = parseDeployConfig({ stage: 'staging', region: 'us-west-2' });
    expect(c.ai).toEqual({
      bedrockModelId: DEFAULT_BEDROCK_MODEL_ID,
      bedrockEmbedModelId: DEFAULT_BEDROCK_EMBED_MODEL_ID,
      bedrockRegion: 'us-west-2',
    });
    expect(c.searchIndex).toBe('kehila-staging-messages');
    expect(c.whatsappSendProvider).toBeUndefined();
  });

  it('takes Bedrock models, region, search index and send provider from parameters', () => {
    const c = parseDeployConfig({
      region: 'il-central-1',
      bedrockRegion: 'eu-central-1',
      bedrockModelId: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
      bedrockEmbedModelId: 'amazon.titan-embed-text-v2:0',
      searchIndex: 'kehila-prod-messages-v2',
      whatsappSendProvider: 'green',
    });
    expect(c.ai).toEqual({
      bedrockModelId: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
      bedrockEmbedModelId: 'amazon.titan-embed-text-v2:0',
      bedrockRegion: 'eu-central-1',
    });
    expect(c.searchIndex).toBe('kehila-prod-messages-v2');
    expect(c.whatsappSendProvider).toBe('green');
  });

  it("defaults to the code's chat model through the profile of the Bedrock region's geography", () => {
    const model = DEFAULT_BEDROCK_MODEL_ID.slice('us.'.length);
    expect(parseDeployConfig({ region: 'us-east-2' }).ai.bedrockModelId).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(parseDeployConfig({ region: 'eu-west-1' }).ai.bedrockModelId).toBe(`eu.${model}`);
    expect(parseDeployConfig({ region: 'ap-southeast-2' }).ai.bedrockModelId).toBe(`apac.${model}`);
    expect(parseDeployConfig({ region: 'il-central-1' }).ai.bedrockModelId).toBe(`global.${model}`);
    expect(parseDeployConfig({ region: 'eu-west-1', bedrockRegion: 'us-west-2' }).ai.bedrockModelId).toBe(
      DEFAULT_BEDROCK_MODEL_ID,
    );
  });

  it('lets a US inference profile be called from another deploy region through bedrockRegion', () => {
    expect(parseDeployConfig({ region: 'eu-west-1', bedrockRegion: 'us-east-1' }).ai.bedrockRegion).toBe('us-east-1');
    expect(
      parseDeployConfig({ region: 'eu-west-1', bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' }).ai
        .bedrockRegion,
    ).toBe('eu-west-1');
    expect(
      parseDeployConfig({ region: 'ap-south-1', bedrockModelId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0' }).ai
        .bedrockRegion,
    ).toBe('ap-south-1');
  });

  it('treats only the prod stage as production', () => {
    expect(parseDeployConfig({ stage: 'prod' }).isProd).toBe(true);
    expect(parseDeployConfig({ stage: 'staging' }).isProd).toBe(false);
  });

  it('names secrets after the stage unless given', () => {
    const c = parseDeployConfig({ stage: 'staging', whatsappSecretName: 'shared/waha' });
    expect(c.secrets).toEqual({
      lemonSqueezy: 'kehila/staging/lemonsqueezy',
      whatsapp: 'shared/waha',
      googleServiceAccount: 'kehila/staging/google-service-account',
      enrichmentApiKey: 'kehila/staging/enrichment-api-key',
    });
    expect(
      parseDeployConfig({ stage: 'staging', googleServiceAccountSecretName: 'shared/sheets' }).secrets
        .googleServiceAccount,
    ).toBe('shared/sheets');
  });

  it('turns on Google with a default secret name and takes the site origin from webUrl', () => {
    const c = parseDeployConfig({
      googleClientId: 'id.apps.googleusercontent.com',
      webUrl: 'https://d1.cloudfront.net/x/',
    });
    expect(c.google).toEqual({ clientId: 'id.apps.googleusercontent.com', secretName: 'kehila/dev/google' });
    expect(c.webUrl).toBe('https://d1.cloudfront.net');
  });

  it('derives the site origin from a custom domain', () => {
    const c = parseDeployConfig({
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      hostedZoneId: 'Z123',
      hostedZoneName: 'example.com',
    });
    expect(c.webUrl).toBe('https://app.example.com');
    expect(c.customDomain).toEqual({
      name: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      hostedZone: { id: 'Z123', name: 'example.com' },
    });
  });

  it('coerces context strings to numbers and flags', () => {
    const c = parseDeployConfig({
      searchInstanceCount: '2',
      searchZoneAwareness: 'true',
      searchVolumeGb: '20',
      requireWebDist: '1',
    });
    expect(c.search).toMatchObject({ instanceCount: 2, zoneAwareness: true, volumeGb: 20 });
    expect(c.requireWebDist).toBe(true);
  });

  it('takes the WAF rate limits from parameters, with the defaults of firewall-rules.ts', () => {
    expect(parseDeployConfig({}).waf).toEqual({
      apiRateLimit: WAF_RATE_LIMITS.api,
      siteRateLimit: WAF_RATE_LIMITS.site,
      signInRateLimit: WAF_RATE_LIMITS.signIn,
    });
    const raw = readDeployParameters(() => undefined, {
      KEHILA_WAF_API_RATE_LIMIT: '4000',
      KEHILA_WAF_SITE_RATE_LIMIT: '30000',
      KEHILA_WAF_SIGN_IN_RATE_LIMIT: '100',
    });
    expect(parseDeployConfig(raw).waf).toEqual({ apiRateLimit: 4000, siteRateLimit: 30000, signInRateLimit: 100 });
  });

  it('pins the origin secret version only when one is given', () => {
    expect(parseDeployConfig({}).originSecretVersion).toBeUndefined();
    expect(parseDeployConfig({ originSecretVersion: 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111' }).originSecretVersion).toBe(
      'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111',
    );
  });

  it('treats empty values as not set', () => {
    const c = parseDeployConfig({ stage: '', searchInstanceCount: '', alarmEmail: '', searchZoneAwareness: '' });
    expect(c.stage).toBe('dev');
    expect(c.search.instanceCount).toBe(1);
    expect(c.search.zoneAwareness).toBe(false);
    expect(c.alarmEmail).toBeUndefined();
  });

  const rejected: [string, RawParameters, RegExp][] = [
    ['an upper-case stage', { stage: 'Prod' }, /stage: lower-case letters/],
    ['a bad account id', { account: '1234' }, /account: a 12-digit AWS account id/],
    ['a bad region', { region: 'europe' }, /region: an AWS region/],
    [
      'Google without the site address',
      { googleClientId: 'x' },
      /webUrl: Google sign-in needs the address of the site/,
    ],
    ['a Google secret without a client id', { googleSecretName: 'a/b' }, /googleClientId: googleSecretName is set/],
    ['a domain without a certificate', { domainName: 'app.example.com' }, /certificateArn: a custom domain needs both/],
    [
      'a certificate outside us-east-1',
      { domainName: 'app.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' },
      /certificateArn: an ACM certificate ARN in us-east-1/,
    ],
    ['an http webUrl', { webUrl: 'http://example.com' }, /webUrl: an https:\/\/ origin/],
    ['a malformed alarm e-mail', { alarmEmail: 'ops' }, /alarmEmail:/],
    ['a malformed SES sender', { emailFrom: 'kehila' }, /emailFrom:/],
    ['an odd node count with zone awareness', { searchZoneAwareness: 'true' }, /searchInstanceCount: zone awareness/],
    ['a non-numeric node count', { searchInstanceCount: 'two' }, /searchInstanceCount:/],
    ['a Cognito prefix containing "aws"', { authDomainPrefix: 'my-aws-app' }, /authDomainPrefix: Cognito refuses/],
    ['an instance type that is not an OpenSearch type', { searchInstanceType: 't3.small' }, /searchInstanceType:/],
    [
      'a US inference profile called from a European region',
      { region: 'eu-west-1', bedrockModelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0' },
      /bedrockModelId: us\.anthropic\.claude-haiku-4-5-20251001-v1:0 is a "us" inference profile, which cannot be called from eu-west-1: .*eu\.anthropic\.claude-haiku-4-5-20251001-v1:0/,
    ],
    [
      'a European profile called in a US region',
      { bedrockModelId: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0' },
      /bedrockModelId: .* "eu" inference profile/,
    ],
    [
      'a model ARN instead of an id',
      { bedrockModelId: 'arn:aws:bedrock:us-east-1::foundation-model/x' },
      /bedrockModelId: a Bedrock model id/,
    ],
    ['a bad Bedrock region', { bedrockRegion: 'virginia' }, /bedrockRegion: an AWS region/],
    ['an upper-case index name', { searchIndex: 'Kehila-Messages' }, /searchIndex: an OpenSearch index name/],
    ['an unknown WhatsApp gateway', { whatsappSendProvider: 'twilio' }, /whatsappSendProvider:/],
    ['a WAF rate limit below what WAF takes', { wafApiRateLimit: '5' }, /wafApiRateLimit:/],
    ['a WAF rate limit that is not a number', { wafSignInRateLimit: 'many' }, /wafSignInRateLimit:/],
    ['an origin secret version that is not a VersionId', { originSecretVersion: 'AWSCURRENT' }, /originSecretVersion:/],
  ];
  it.each(rejected)('rejects %s with a message naming the parameter', (_name, raw, message) => {
    expect(() => parseDeployConfig(raw)).toThrow(message);
  });

  it('reads context first, then KEHILA_* variables, then the CLI region variables', () => {
    const context: Record<string, unknown> = { stage: 'ctx', alarmEmail: undefined };
    const raw = readDeployParameters((k) => context[k], {
      KEHILA_STAGE: 'env',
      KEHILA_ALARM_EMAIL: 'ops@example.com',
      CDK_DEFAULT_ACCOUNT: '123456789012',
      AWS_REGION: 'eu-west-1',
    });
    const c = parseDeployConfig(raw);
    expect(c.stage).toBe('ctx');
    expect(c.alarmEmail).toBe('ops@example.com');
    expect(c.env).toEqual({ account: '123456789012', region: 'eu-west-1' });
  });

  it('prefers the CDK CLI region over AWS_REGION', () => {
    const raw = readDeployParameters(() => undefined, { CDK_DEFAULT_REGION: 'eu-central-1', AWS_REGION: 'eu-west-1' });
    expect(parseDeployConfig(raw).env.region).toBe('eu-central-1');
  });
});
