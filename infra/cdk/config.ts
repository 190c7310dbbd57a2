import * as z from 'zod';
import { WhatsAppProviderSchema } from '@kehila/shared';
import { DEFAULT_BEDROCK_EMBED_MODEL_ID, DEFAULT_BEDROCK_MODEL_ID } from '@kehila/functions/core/config';
import { WAF_RATE_LIMITS } from './firewall-rules';

/**
 * Deploy parameters of the CDK app, validated once. Each can be given as CDK context
 * (`npx cdk deploy -c stage=prod`) or as an environment variable (`KEHILA_STAGE=prod`); context
 * wins. With nothing set, the app synthesizes a `dev` stage in the CLI's default region, so
 * `npm run synth` works on a fresh clone. docs/deploy.md lists every parameter.
 */

/** Context key → environment variable for every deploy parameter. */
export const PARAMETERS = {
  stage: 'KEHILA_STAGE',
  account: 'CDK_DEFAULT_ACCOUNT',
  region: 'CDK_DEFAULT_REGION',
  googleClientId: 'KEHILA_GOOGLE_CLIENT_ID',
  googleSecretName: 'KEHILA_GOOGLE_SECRET_NAME',
  authDomainPrefix: 'KEHILA_AUTH_DOMAIN_PREFIX',
  domainName: 'KEHILA_DOMAIN_NAME',
  certificateArn: 'KEHILA_CERTIFICATE_ARN',
  hostedZoneId: 'KEHILA_HOSTED_ZONE_ID',
  hostedZoneName: 'KEHILA_HOSTED_ZONE_NAME',
  webUrl: 'KEHILA_WEB_URL',
  lemonSqueezySecretName: 'KEHILA_LEMON_SQUEEZY_SECRET_NAME',
  whatsappSecretName: 'KEHILA_WHATSAPP_SECRET_NAME',
  googleServiceAccountSecretName: 'KEHILA_GOOGLE_SERVICE_ACCOUNT_SECRET_NAME',
  enrichmentSecretName: 'KEHILA_ENRICHMENT_SECRET_NAME',
  alarmEmail: 'KEHILA_ALARM_EMAIL',
  emailFrom: 'KEHILA_EMAIL_FROM',
  searchInstanceType: 'KEHILA_SEARCH_INSTANCE_TYPE',
  searchInstanceCount: 'KEHILA_SEARCH_INSTANCE_COUNT',
  searchVolumeGb: 'KEHILA_SEARCH_VOLUME_GB',
  searchZoneAwareness: 'KEHILA_SEARCH_ZONE_AWARENESS',
  searchMasterInstanceType: 'KEHILA_SEARCH_MASTER_INSTANCE_TYPE',
  apiRateLimit: 'KEHILA_API_RATE_LIMIT',
  apiBurstLimit: 'KEHILA_API_BURST_LIMIT',
  requireWebDist: 'KEHILA_REQUIRE_WEB_DIST',
  botPhone: 'KEHILA_BOT_PHONE',
  supportEmail: 'KEHILA_SUPPORT_EMAIL',
  whatsappSendProvider: 'KEHILA_WHATSAPP_SEND_PROVIDER',
  bedrockModelId: 'KEHILA_BEDROCK_MODEL_ID',
  bedrockEmbedModelId: 'KEHILA_BEDROCK_EMBED_MODEL_ID',
  bedrockRegion: 'KEHILA_BEDROCK_REGION',
  searchIndex: 'KEHILA_SEARCH_INDEX',
  wafApiRateLimit: 'KEHILA_WAF_API_RATE_LIMIT',
  wafSiteRateLimit: 'KEHILA_WAF_SITE_RATE_LIMIT',
  wafSignInRateLimit: 'KEHILA_WAF_SIGN_IN_RATE_LIMIT',
  originSecretVersion: 'KEHILA_ORIGIN_SECRET_VERSION',
} as const;

export type ParameterName = keyof typeof PARAMETERS;
export type RawParameters = Partial<Record<ParameterName, unknown>>;

/** Empty strings count as "not given", so `KEHILA_X=` unsets a parameter. */
const optionalText = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).optional());

const flag = (fallback: boolean) =>
  z.preprocess((v) => {
    if (typeof v === 'boolean' || v === undefined) return v;
    if (v === '' || v === null) return undefined;
    const s = String(v).trim().toLowerCase();
    if (['true', '1', 'yes'].includes(s)) return true;
    if (['false', '0', 'no'].includes(s)) return false;
    return v;
  }, z.boolean().default(fallback));

const count = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(min).max(max).default(fallback),
  );

const regionName = z.string().regex(/^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\d$/, 'an AWS region such as eu-west-1');

/** A Bedrock model id or system-defined inference profile id (`us.anthropic…`), never an ARN. */
const bedrockModel = z
  .string()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+(:[a-z0-9-]+)*(:\d+)?$/, 'a Bedrock model id such as cohere.embed-multilingual-v3');

/**
 * Geography prefixes of cross-region inference profiles and the source regions each accepts:
 * a `us.` profile can only be called from a US region, and so on (`global.` from any).
 */
export const INFERENCE_PROFILE_GEOGRAPHIES: Readonly<Record<string, RegExp>> = {
  us: /^us-(?!gov-)/,
  'us-gov': /^us-gov-/,
  eu: /^eu-/,
  apac: /^ap-/,
  jp: /^ap-northeast-[13]$/,
  au: /^ap-southeast-[24]$/,
  ca: /^ca-/,
  global: /./,
};

/** The geography of an inference profile id (`us` for `us.anthropic…`), or undefined for a plain model id. */
export function inferenceProfileGeography(modelId: string): string | undefined {
  const prefix = modelId.split('.')[0] ?? '';
  return Object.hasOwn(INFERENCE_PROFILE_GEOGRAPHIES, prefix) ? prefix : undefined;
}

/**
 * The chat model when none is given: the code's default (a US profile) re-prefixed with the
 * geography of the region Bedrock is called in (`eu.` from eu-west-1, `global.` where no geography
 * matches), the same model from where it can be called.
 */
export function defaultBedrockModelFor(region: string): string {
  const codeGeography = inferenceProfileGeography(DEFAULT_BEDROCK_MODEL_ID);
  if (!codeGeography) return DEFAULT_BEDROCK_MODEL_ID;
  const geography = /^us-gov-/.test(region)
    ? 'us-gov'
    : /^us-/.test(region)
      ? 'us'
      : /^eu-/.test(region)
        ? 'eu'
        : /^ap-/.test(region)
          ? 'apac'
          : 'global';
  return `${geography}.${DEFAULT_BEDROCK_MODEL_ID.slice(codeGeography.length + 1)}`;
}

const secretName = z
  .string()
  .regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/, 'a Secrets Manager secret name: letters, digits and /_+=.@-');

const RawSchema = z
  .object({
    stage: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .regex(/^[a-z][a-z0-9-]{0,15}$/, 'lower-case letters, digits and hyphens, starting with a letter, at most 16')
        .default('dev'),
    ),
    account: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .regex(/^\d{12}$/, 'a 12-digit AWS account id')
        .optional(),
    ),
    region: z.preprocess((v) => (v === '' || v === null ? undefined : v), regionName.default('us-east-1')),
    googleClientId: optionalText,
    googleSecretName: optionalText.pipe(secretName.optional()),
    authDomainPrefix: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lower-case letters, digits and hyphens')
        .refine((s) => !/aws|amazon|cognito/.test(s), 'Cognito refuses prefixes containing aws, amazon or cognito')
        .optional(),
    ),
    domainName: optionalText.pipe(
      z
        .string()
        .regex(/^(?!-)[a-z0-9-]{1,63}(?:\.(?!-)[a-z0-9-]{1,63})+$/, 'a lower-case host name such as app.example.com')
        .optional(),
    ),
    certificateArn: optionalText.pipe(
      z
        .string()
        .regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
          'an ACM certificate ARN in us-east-1 (CloudFront only accepts certificates from us-east-1)',
        )
        .optional(),
    ),
    hostedZoneId: optionalText,
    hostedZoneName: optionalText,
    webUrl: optionalText.pipe(
      z
        .url({ protocol: /^https$/, error: 'an https:// origin such as https://d111111abcdef8.cloudfront.net' })
        .optional(),
    ),
    lemonSqueezySecretName: optionalText.pipe(secretName.optional()),
    whatsappSecretName: optionalText.pipe(secretName.optional()),
    googleServiceAccountSecretName: optionalText.pipe(secretName.optional()),
    enrichmentSecretName: optionalText.pipe(secretName.optional()),
    alarmEmail: optionalText.pipe(z.email().optional()),
    botPhone: optionalText.pipe(
      z
        .string()
        .regex(/^\+?[\d\s-]{8,20}$/, "the bot's WhatsApp number, e.g. +972 55-123-4567")
        .optional(),
    ),
    supportEmail: optionalText.pipe(z.email().optional()),
    whatsappSendProvider: optionalText.pipe(WhatsAppProviderSchema.optional()),
    bedrockModelId: optionalText.pipe(bedrockModel.optional()),
    bedrockEmbedModelId: optionalText.pipe(bedrockModel.default(DEFAULT_BEDROCK_EMBED_MODEL_ID)),
    bedrockRegion: optionalText.pipe(regionName.optional()),
    searchIndex: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9_.-]{0,199}$/,
          'an OpenSearch index name: lower-case letters, digits and _.- (not first)',
        )
        .optional(),
    ),
    emailFrom: optionalText.pipe(z.email().optional()),
    searchInstanceType: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9]+\.[a-z0-9]+\.search$/, 'an OpenSearch instance type such as t3.small.search')
        .default('t3.small.search'),
    ),
    searchInstanceCount: count(1, 20, 1),
    searchVolumeGb: count(10, 3000, 10),
    searchZoneAwareness: flag(false),
    searchMasterInstanceType: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9]+\.[a-z0-9]+\.search$/, 'an OpenSearch instance type such as m7g.large.search')
        .optional(),
    ),
    apiRateLimit: count(1, 10_000, 50),
    apiBurstLimit: count(1, 5_000, 100),
    // WAF takes 10 to 2,000,000 requests per evaluation window.
    wafApiRateLimit: count(10, 2_000_000, WAF_RATE_LIMITS.api),
    wafSiteRateLimit: count(10, 2_000_000, WAF_RATE_LIMITS.site),
    wafSignInRateLimit: count(10, 2_000_000, WAF_RATE_LIMITS.signIn),
    originSecretVersion: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]{32,64}$/, 'a Secrets Manager VersionId (the one put-secret-value printed)')
        .optional(),
    ),
    requireWebDist: flag(false),
  })
  .superRefine((c, ctx) => {
    if (c.googleSecretName && !c.googleClientId) {
      ctx.addIssue({
        code: 'custom',
        path: ['googleClientId'],
        message: 'googleSecretName is set but googleClientId is not',
      });
    }
    if (Boolean(c.domainName) !== Boolean(c.certificateArn)) {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateArn'],
        message: 'a custom domain needs both domainName and certificateArn',
      });
    }
    if (Boolean(c.hostedZoneId) !== Boolean(c.hostedZoneName)) {
      ctx.addIssue({ code: 'custom', path: ['hostedZoneId'], message: 'give both hostedZoneId and hostedZoneName' });
    }
    if (c.hostedZoneId && !c.domainName) {
      ctx.addIssue({ code: 'custom', path: ['hostedZoneId'], message: 'a hosted zone is only used with domainName' });
    }
    if (c.googleClientId && !c.domainName && !c.webUrl) {
      // Cognito must know the site's address before the web stack (which creates the CloudFront
      // address) exists; a cycle otherwise. See docs/deploy.md "Google sign-in".
      ctx.addIssue({
        code: 'custom',
        path: ['webUrl'],
        message:
          'Google sign-in needs the address of the site for its redirect URLs: set domainName, or webUrl to the WebUrl output of a first deploy without Google',
      });
    }
    if (c.searchZoneAwareness && c.searchInstanceCount % 2 !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['searchInstanceCount'],
        message: 'zone awareness spreads nodes over two zones: use an even searchInstanceCount',
      });
    }
    const bedrockRegion = c.bedrockRegion ?? c.region;
    const geography = c.bedrockModelId ? inferenceProfileGeography(c.bedrockModelId) : undefined;
    if (c.bedrockModelId && geography && !INFERENCE_PROFILE_GEOGRAPHIES[geography]?.test(bedrockRegion)) {
      // Calling a `us.` profile from eu-west-1 fails at run time; say so at synth, and make the
      // choice of where messages are sent for enrichment a deliberate one.
      ctx.addIssue({
        code: 'custom',
        path: ['bedrockModelId'],
        message: `${c.bedrockModelId} is a "${geography}" inference profile, which cannot be called from ${bedrockRegion}: set bedrockRegion to a region of that geography, or bedrockModelId to the profile of yours (e.g. ${defaultBedrockModelFor(bedrockRegion).split('.')[0]}.${c.bedrockModelId.slice(geography.length + 1)})`,
      });
    }
    if (c.apiBurstLimit < c.apiRateLimit / 10) {
      ctx.addIssue({ code: 'custom', path: ['apiBurstLimit'], message: 'apiBurstLimit is too small for apiRateLimit' });
    }
  });

/** The validated deploy configuration every stack and construct reads. */
export interface DeployConfig {
  /** Deploy stage name (dev, staging, prod...): prefixes stack names and secret names. */
  readonly stage: string;
  /** `prod` keeps stateful resources (table, pool, buckets, domain) when a stack is deleted. */
  readonly isProd: boolean;
  readonly env: { readonly account?: string; readonly region: string };
  /** Google federation; absent means e-mail and password only (no hosted UI domain). */
  readonly google?: { readonly clientId: string; readonly secretName: string };
  /** Cognito hosted UI domain prefix; defaults to `kehila-<stage>-<account id>` at deploy. */
  readonly authDomainPrefix?: string;
  readonly customDomain?: {
    readonly name: string;
    readonly certificateArn: string;
    readonly hostedZone?: { readonly id: string; readonly name: string };
  };
  /** The site's origin when known before deploy (custom domain or an earlier deploy's CloudFront URL). */
  readonly webUrl?: string;
  readonly secrets: {
    readonly lemonSqueezy: string;
    readonly whatsapp: string;
    readonly googleServiceAccount: string;
    /** The People Data Labs API key of the LinkedIn enrichment (its plain string). */
    readonly enrichmentApiKey: string;
  };
  /** Which WhatsApp gateway sends the bot's messages; the first with send credentials in the secret when absent. */
  readonly whatsappSendProvider?: string;
  /** Amazon Bedrock models of the AI port (docs/ai.md) and the region they are called in. */
  readonly ai: {
    readonly bedrockModelId: string;
    readonly bedrockEmbedModelId: string;
    readonly bedrockRegion: string;
  };
  /** The stage's OpenSearch index (`kehila-<stage>-messages`); a new name re-indexes (docs/search.md). */
  readonly searchIndex: string;
  readonly alarmEmail?: string;
  /** The bot's WhatsApp number shown to admins connecting a group. */
  readonly botPhone?: string;
  /** Support contact shown in the app. */
  readonly supportEmail?: string;
  /** Sender of Cognito's e-mails through SES (a verified identity); Cognito's own sender otherwise. */
  readonly emailFrom?: string;
  readonly search: {
    readonly instanceType: string;
    readonly instanceCount: number;
    readonly volumeGb: number;
    readonly zoneAwareness: boolean;
    /** Three dedicated master nodes of this type; none when absent. */
    readonly masterInstanceType?: string;
  };
  readonly api: { readonly rateLimit: number; readonly burstLimit: number };
  /** IP rate limits of the WAF web ACLs, requests per IP per WAF_WINDOW_SECONDS (firewall-rules.ts). */
  readonly waf: { readonly apiRateLimit: number; readonly siteRateLimit: number; readonly signInRateLimit: number };
  /**
   * The version of the origin secret CloudFront sends, pinned for the deploy that rotates it
   * (docs/deploy.md "The origin secret"); the current version when absent.
   */
  readonly originSecretVersion?: string;
  /** Fail synthesis when web/dist is missing (set by the deploy script; synth alone tolerates it). */
  readonly requireWebDist: boolean;
}

/** Validates raw parameters (strings from context or the environment) into a DeployConfig. */
export function parseDeployConfig(raw: RawParameters): DeployConfig {
  const parsed = RawSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new Error(`Invalid Kehila deploy configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const customDomain =
    c.domainName && c.certificateArn
      ? {
          name: c.domainName,
          certificateArn: c.certificateArn,
          ...(c.hostedZoneId && c.hostedZoneName ? { hostedZone: { id: c.hostedZoneId, name: c.hostedZoneName } } : {}),
        }
      : undefined;
  const webUrl = customDomain ? `https://${customDomain.name}` : c.webUrl ? new URL(c.webUrl).origin : undefined;
  return {
    stage: c.stage,
    isProd: c.stage === 'prod',
    env: { ...(c.account ? { account: c.account } : {}), region: c.region },
    ...(c.googleClientId
      ? { google: { clientId: c.googleClientId, secretName: c.googleSecretName ?? `kehila/${c.stage}/google` } }
      : {}),
    ...(c.authDomainPrefix ? { authDomainPrefix: c.authDomainPrefix } : {}),
    ...(customDomain ? { customDomain } : {}),
    ...(webUrl ? { webUrl } : {}),
    secrets: {
      lemonSqueezy: c.lemonSqueezySecretName ?? `kehila/${c.stage}/lemonsqueezy`,
      whatsapp: c.whatsappSecretName ?? `kehila/${c.stage}/whatsapp`,
      googleServiceAccount: c.googleServiceAccountSecretName ?? `kehila/${c.stage}/google-service-account`,
      enrichmentApiKey: c.enrichmentSecretName ?? `kehila/${c.stage}/enrichment-api-key`,
    },
    ...(c.whatsappSendProvider ? { whatsappSendProvider: c.whatsappSendProvider } : {}),
    ai: {
      bedrockModelId: c.bedrockModelId ?? defaultBedrockModelFor(c.bedrockRegion ?? c.region),
      bedrockEmbedModelId: c.bedrockEmbedModelId,
      bedrockRegion: c.bedrockRegion ?? c.region,
    },
    searchIndex: c.searchIndex ?? `kehila-${c.stage}-messages`,
    ...(c.alarmEmail ? { alarmEmail: c.alarmEmail } : {}),
    ...(c.botPhone ? { botPhone: c.botPhone } : {}),
    ...(c.supportEmail ? { supportEmail: c.supportEmail } : {}),
    ...(c.emailFrom ? { emailFrom: c.emailFrom } : {}),
    search: {
      instanceType: c.searchInstanceType,
      instanceCount: c.searchInstanceCount,
      volumeGb: c.searchVolumeGb,
      zoneAwareness: c.searchZoneAwareness,
      ...(c.searchMasterInstanceType ? { masterInstanceType: c.searchMasterInstanceType } : {}),
    },
    api: { rateLimit: c.apiRateLimit, burstLimit: c.apiBurstLimit },
    waf: { apiRateLimit: c.wafApiRateLimit, siteRateLimit: c.wafSiteRateLimit, signInRateLimit: c.wafSignInRateLimit },
    ...(c.originSecretVersion ? { originSecretVersion: c.originSecretVersion } : {}),
    requireWebDist: c.requireWebDist,
  };
}

/**
 * Reads every parameter from CDK context first, then the environment. The region also falls back
 * to AWS_REGION / AWS_DEFAULT_REGION, as the AWS CLI does.
 */
export function readDeployParameters(
  context: (key: string) => unknown,
  env: NodeJS.ProcessEnv = process.env,
): RawParameters {
  const raw: RawParameters = {};
  for (const [key, envName] of Object.entries(PARAMETERS) as [ParameterName, string][]) {
    const fromContext = context(key);
    raw[key] = fromContext !== undefined ? fromContext : env[envName];
  }
  raw.region ??= env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  return raw;
}
