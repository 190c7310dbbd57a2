import * as z from 'zod';

/** Bedrock chat model by default: a US cross-region inference profile (Claude Haiku 4.5 has no on-demand id). */
export const DEFAULT_BEDROCK_MODEL_ID = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
/** Bedrock embedding model by default. */
export const DEFAULT_BEDROCK_EMBED_MODEL_ID = 'cohere.embed-multilingual-v3';

const EnvSchema = z.object({
  STAGE: z.enum(['local', 'cloud']).default('cloud'),
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  /** Local engines only; unset in the cloud. */
  DYNAMODB_ENDPOINT: z.string().optional(),
  SQS_ENDPOINT: z.string().optional(),
  USER_POOL_ID: z.string().default(''),
  USER_POOL_CLIENT_ID: z.string().default(''),
  COGNITO_ENDPOINT: z.string().optional(),
  /** AI provider (adapters/ai): local offline NLP or Amazon Bedrock; default local when STAGE=local, else bedrock. */
  AI_PROVIDER: z.enum(['local', 'bedrock']).optional(),
  /** Bedrock chat model (Converse API) and embedding model (InvokeModel); region defaults to AWS_REGION. */
  BEDROCK_MODEL_ID: z.string().min(1).default(DEFAULT_BEDROCK_MODEL_ID),
  BEDROCK_EMBED_MODEL_ID: z.string().min(1).default(DEFAULT_BEDROCK_EMBED_MODEL_ID),
  BEDROCK_REGION: z.string().optional(),
  /** Object store (adapters/storage): S3 buckets in the cloud (logos/ keys, everything else)… */
  LOGOS_BUCKET: z.string().optional(),
  EXPORTS_BUCKET: z.string().optional(),
  /** …or locally a directory, the key signing its URLs, and the origin put in front of them ('' = same origin). */
  LOCAL_OBJECTS_DIR: z.string().optional(),
  /** The local stack's data directory: the spreadsheet outbox (CSV files) lives under its outbox/. */
  KEHILA_DATA_DIR: z.string().optional(),
  /** Google service account (its JSON key) that appends summaries to spreadsheets. */
  GOOGLE_SERVICE_ACCOUNT_JSON: z.string().optional(),
  /** Secrets Manager secret (name or ARN) holding that JSON key: the cloud's way. */
  GOOGLE_SERVICE_ACCOUNT_SECRET_NAME: z.string().optional(),
  /**
   * Profile enrichment (LinkedIn panel): the People Data Labs API key given directly (a dev run
   * against the real API) or the Secrets Manager secret holding it (the cloud). With neither, the
   * local stack serves the public-profile fixtures that ship with the project.
   */
  ENRICHMENT_API_KEY: z.string().optional(),
  ENRICHMENT_SECRET_NAME: z.string().optional(),
  /** Caps every queue's retry back-off, in seconds (the local stack's tests retry after 1 s). */
  QUEUE_RETRY_MAX_SECONDS: z.coerce.number().int().min(0).optional(),
  LOCAL_OBJECTS_SECRET: z.string().optional(),
  LOCAL_OBJECTS_URL: z.string().default(''),
  /** OpenSearch domain endpoint (https://…); unset means the embedded local search engine. */
  SEARCH_ENDPOINT: z.string().optional(),
  /** Name of the messages index (one per stage, e.g. kehila-prod-messages). */
  SEARCH_INDEX: z.string().min(1).default('kehila-messages'),
  /** How requests to SEARCH_ENDPOINT are authenticated: SigV4 (Amazon OpenSearch Service) or none (a local container). */
  SEARCH_SIGNING: z.enum(['sigv4', 'none']).default('sigv4'),
  /** Dimension of the index's knn_vector field; the AI port's embeddingDimensions when unset. */
  SEARCH_VECTOR_DIMENSIONS: z.coerce.number().int().positive().optional(),
  /** WhatsApp gateway secrets as JSON (see adapters/whatsapp/secrets.ts); local defaults when unset. */
  WHATSAPP_WEBHOOK_SECRETS: z.string().optional(),
  /** Secrets Manager secret holding the same JSON (the cloud). */
  WHATSAPP_SECRET_NAME: z.string().optional(),
  /** Which gateway sends outbound messages in the cloud (waha | green | evolution | meta). */
  WHATSAPP_SEND_PROVIDER: z.string().optional(),
  /** Key of the per-community keyed hash of senders (analytics); required in the cloud. */
  SENDER_HASH_KEY: z.string().optional(),
  /** Secrets Manager secret (name or ARN) holding that key as its plain string: the cloud's way (core/messages/ids.ts). */
  SENDER_HASH_KEY_SECRET_NAME: z.string().optional(),
  /** API Gateway WebSocket management endpoint (https://{api}.execute-api.{region}.amazonaws.com/{stage}). */
  REALTIME_ENDPOINT: z.string().optional(),
  /** Origin of the web app (https://app.example.com): links in e-mails, checkout return URLs. */
  WEB_ORIGIN: z.string().optional(),
  /** Secrets Manager secret with the Lemon Squeezy settings as JSON (the cloud; see docs/accounts.md). */
  LEMON_SQUEEZY_SECRET_NAME: z.string().optional(),
  /** The same JSON given directly (a dev deploy or a local run against a Lemon Squeezy test store). */
  LEMON_SQUEEZY_CONFIG: z.string().optional(),
  /** Secrets Manager secret (name or ARN) holding the key that signs sign-up tickets (core/accounts/sign-up-ticket.ts). */
  SIGN_UP_TICKET_SECRET_NAME: z.string().optional(),
  /** The same key given directly (tests); locally a documented key stands in when neither is set. */
  SIGN_UP_TICKET_KEY: z.string().optional(),
  /**
   * Secrets Manager secret (ARN) holding the value CloudFront adds to every API request it forwards
   * (http/origin-check.ts); set on every API function in the cloud, unset locally (no check).
   */
  ORIGIN_VERIFY_SECRET_NAME: z.string().optional(),
});

/** Runtime settings of every handler and worker. */
export interface Config {
  readonly stage: 'local' | 'cloud';
  readonly region: string;
  readonly tableName: string;
  readonly endpoints: { readonly dynamodb?: string; readonly sqs?: string; readonly cognito?: string };
  /** Queue URLs by queue name, from `QUEUE_URL_<NAME>` variables (see workers/queues.ts). */
  readonly queueUrls: Readonly<Record<string, string>>;
  readonly userPool: { readonly id: string; readonly clientId: string };
  /** AI provider and its Bedrock models (docs/ai.md). */
  readonly ai?: {
    readonly provider: 'local' | 'bedrock';
    readonly bedrockModelId: string;
    readonly bedrockEmbedModelId: string;
    readonly bedrockRegion: string;
  };
  /** Object store: S3 buckets (cloud), or a local directory with its URL signing key and origin. */
  readonly objects?: {
    readonly logosBucket?: string;
    readonly exportsBucket?: string;
    readonly localDir?: string;
    readonly localSecret?: string;
    readonly localBaseUrl?: string;
  };
  /** Message search: OpenSearch when `endpoint` is set, else the embedded local engine (docs/search.md). */
  readonly search?: {
    readonly endpoint?: string;
    readonly index: string;
    readonly signing: 'sigv4' | 'none';
    readonly vectorDimensions?: number;
  };
  /** WhatsApp gateway settings (webhook secrets and outbound sending). */
  readonly whatsapp?: { readonly secretsJson?: string; readonly secretName?: string; readonly sendProvider?: string };
  readonly senderHashKey?: string;
  /** Secret holding the sender hash key, read once per process (see `loadSenderHashKey`). */
  readonly senderHashKeySecretName?: string;
  readonly realtime?: { readonly endpoint?: string };
  /** Origin of the web app, without a trailing slash. */
  readonly webOrigin?: string;
  /** Where the Lemon Squeezy settings come from; neither set means billing is off (local default). */
  readonly billing?: { readonly secretName?: string; readonly configJson?: string };
  /** Where the sign-up ticket key comes from (a secret in the cloud). */
  readonly signUpTicket?: { readonly secretName?: string; readonly key?: string };
  /** The secret proving a request came through CloudFront; absent means the API takes requests from anyone. */
  readonly originVerifySecretName?: string;
  /** Summary spreadsheets: the Google service account (cloud), or the local CSV outbox directory. */
  readonly sheets?: {
    readonly serviceAccountJson?: string;
    readonly serviceAccountSecretName?: string;
    readonly localDir?: string;
  };
  /**
   * Profile enrichment: `peopledatalabs` (its key given directly or a secret's name) when a key is
   * configured, else `fixtures` (the local stack only; the cloud refuses to enrich without a key).
   */
  readonly enrichment: {
    readonly provider: 'peopledatalabs' | 'fixtures';
    readonly apiKey?: string;
    readonly secretName?: string;
  };
  /** The longest retry back-off of any queue (core/queues.ts retryDelaySeconds); the declarations' own when unset. */
  readonly queueRetryMaxSeconds?: number;
}

/** Reads the configuration from the environment: the one way to read config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env);
  const queueUrls: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (k.startsWith('QUEUE_URL_') && v) queueUrls[k.slice('QUEUE_URL_'.length).toLowerCase()] = v;
  }
  return {
    stage: e.STAGE,
    region: e.AWS_REGION,
    tableName: e.TABLE_NAME,
    endpoints: {
      ...(e.DYNAMODB_ENDPOINT ? { dynamodb: e.DYNAMODB_ENDPOINT } : {}),
      ...(e.SQS_ENDPOINT ? { sqs: e.SQS_ENDPOINT } : {}),
      ...(e.COGNITO_ENDPOINT ? { cognito: e.COGNITO_ENDPOINT } : {}),
    },
    queueUrls,
    userPool: { id: e.USER_POOL_ID, clientId: e.USER_POOL_CLIENT_ID },
    ai: {
      provider: e.AI_PROVIDER ?? (e.STAGE === 'local' ? 'local' : 'bedrock'),
      bedrockModelId: e.BEDROCK_MODEL_ID,
      bedrockEmbedModelId: e.BEDROCK_EMBED_MODEL_ID,
      bedrockRegion: e.BEDROCK_REGION ?? e.AWS_REGION,
    },
    objects: {
      ...(e.LOGOS_BUCKET ? { logosBucket: e.LOGOS_BUCKET } : {}),
      ...(e.EXPORTS_BUCKET ? { exportsBucket: e.EXPORTS_BUCKET } : {}),
      ...(e.LOCAL_OBJECTS_DIR ? { localDir: e.LOCAL_OBJECTS_DIR } : {}),
      ...(e.LOCAL_OBJECTS_SECRET ? { localSecret: e.LOCAL_OBJECTS_SECRET } : {}),
      localBaseUrl: e.LOCAL_OBJECTS_URL.replace(/\/+$/, ''),
    },
    search: {
      ...(e.SEARCH_ENDPOINT ? { endpoint: e.SEARCH_ENDPOINT.replace(/\/+$/, '') } : {}),
      index: e.SEARCH_INDEX,
      signing: e.SEARCH_SIGNING,
      ...(e.SEARCH_VECTOR_DIMENSIONS ? { vectorDimensions: e.SEARCH_VECTOR_DIMENSIONS } : {}),
    },
    whatsapp: {
      ...(e.WHATSAPP_WEBHOOK_SECRETS ? { secretsJson: e.WHATSAPP_WEBHOOK_SECRETS } : {}),
      ...(e.WHATSAPP_SECRET_NAME ? { secretName: e.WHATSAPP_SECRET_NAME } : {}),
      ...(e.WHATSAPP_SEND_PROVIDER ? { sendProvider: e.WHATSAPP_SEND_PROVIDER } : {}),
    },
    ...(e.SENDER_HASH_KEY ? { senderHashKey: e.SENDER_HASH_KEY } : {}),
    ...(e.SENDER_HASH_KEY_SECRET_NAME ? { senderHashKeySecretName: e.SENDER_HASH_KEY_SECRET_NAME } : {}),
    realtime: { ...(e.REALTIME_ENDPOINT ? { endpoint: e.REALTIME_ENDPOINT } : {}) },
    ...(e.WEB_ORIGIN ? { webOrigin: e.WEB_ORIGIN.replace(/\/+$/, '') } : {}),
    billing: {
      ...(e.LEMON_SQUEEZY_SECRET_NAME ? { secretName: e.LEMON_SQUEEZY_SECRET_NAME } : {}),
      ...(e.LEMON_SQUEEZY_CONFIG ? { configJson: e.LEMON_SQUEEZY_CONFIG } : {}),
    },
    signUpTicket: {
      ...(e.SIGN_UP_TICKET_SECRET_NAME ? { secretName: e.SIGN_UP_TICKET_SECRET_NAME } : {}),
      ...(e.SIGN_UP_TICKET_KEY ? { key: e.SIGN_UP_TICKET_KEY } : {}),
    },
    ...(e.ORIGIN_VERIFY_SECRET_NAME ? { originVerifySecretName: e.ORIGIN_VERIFY_SECRET_NAME } : {}),
    sheets: {
      ...(e.GOOGLE_SERVICE_ACCOUNT_JSON ? { serviceAccountJson: e.GOOGLE_SERVICE_ACCOUNT_JSON } : {}),
      ...(e.GOOGLE_SERVICE_ACCOUNT_SECRET_NAME
        ? { serviceAccountSecretName: e.GOOGLE_SERVICE_ACCOUNT_SECRET_NAME }
        : {}),
      ...(e.KEHILA_DATA_DIR ? { localDir: `${e.KEHILA_DATA_DIR.replace(/\/+$/, '')}/outbox` } : {}),
    },
    enrichment: {
      provider: e.ENRICHMENT_API_KEY || e.ENRICHMENT_SECRET_NAME ? 'peopledatalabs' : 'fixtures',
      ...(e.ENRICHMENT_API_KEY ? { apiKey: e.ENRICHMENT_API_KEY } : {}),
      ...(e.ENRICHMENT_SECRET_NAME ? { secretName: e.ENRICHMENT_SECRET_NAME } : {}),
    },
    ...(e.QUEUE_RETRY_MAX_SECONDS !== undefined ? { queueRetryMaxSeconds: e.QUEUE_RETRY_MAX_SECONDS } : {}),
  };
}

/** Env var name holding a queue's URL. */
export function queueUrlEnvName(queue: string): string {
  return `QUEUE_URL_${queue.toUpperCase()}`;
}
