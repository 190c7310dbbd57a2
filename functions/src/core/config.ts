import { z } from 'zod';

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
  };
}

/** Env var name holding a queue's URL. */
export function queueUrlEnvName(queue: string): string {
  return `QUEUE_URL_${queue.toUpperCase()}`;
}
