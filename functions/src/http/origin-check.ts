import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import type { Config } from '../core/config';
import type { SecretsPort } from '../core/ports/secrets';

/**
 * The header CloudFront adds to every request it forwards to the HTTP API (infra/cdk Website). A
 * viewer cannot forge it: CloudFront overwrites a viewer header of the same name with its own value.
 */
export const ORIGIN_VERIFY_HEADER = 'x-kehila-origin-verify';

/** The JSON key of the value CloudFront sends (the secret's other key, `previous`, only during a rotation). */
export const ORIGIN_SECRET_KEY = 'current';

/**
 * The origin secret: `current` is what CloudFront sends; `previous`, present only while a rotation
 * is under way (docs/deploy.md "The origin secret"), is still accepted so that neither the old nor
 * the new distribution configuration is refused while CloudFront deploys the new one.
 */
const OriginSecretSchema = z.object({
  [ORIGIN_SECRET_KEY]: z.string().min(32),
  previous: z.string().min(32).optional(),
});

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * True when `presented` is one of the values the secret accepts. Compared as SHA-256 digests with
 * `timingSafeEqual`, so neither the time taken nor a length check tells anything about the value.
 */
export function matchesOriginSecret(presented: string | undefined, secretJson: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretJson);
  } catch {
    throw new Error('the origin secret is not JSON: it must be {"current": "<at least 32 characters>"}');
  }
  const secret = OriginSecretSchema.safeParse(parsed);
  if (!secret.success) throw new Error('the origin secret must be {"current": "<at least 32 characters>"}');
  const given = digest(presented ?? '');
  let match = false;
  for (const accepted of [secret.data.current, secret.data.previous]) {
    if (accepted !== undefined && timingSafeEqual(given, digest(accepted))) match = true;
  }
  return presented !== undefined && match;
}

/**
 * The secrets port this check reads through, one per configuration (so Powertools' five-minute cache
 * is kept across requests). Built here rather than taken from the area's wiring: every area has the
 * check, whatever ports its routes use; the adapter is a chunk loaded on the first request.
 */
const secretsByConfig = new WeakMap<Config, Promise<SecretsPort>>();

function secretsFor(config: Config): Promise<SecretsPort> {
  let port = secretsByConfig.get(config);
  if (!port) {
    port = import('../adapters/secrets').then((m) => m.createSecrets(config));
    secretsByConfig.set(config, port);
  }
  return port;
}

/**
 * Whether a request came through the site's CloudFront distribution, and so through its WAF web
 * ACL: the API's own execute-api address stays reachable on the internet (API Gateway HTTP APIs
 * take no WAF), so the handler refuses what lacks CloudFront's header. Always true where the
 * deployment names no origin secret (the local stack, tests).
 */
export async function cameThroughCloudFront(
  headers: Readonly<Record<string, string>>,
  config: Config,
): Promise<boolean> {
  if (!config.originVerifySecretName) return true;
  const secret = await (await secretsFor(config)).get('originVerify');
  if (!secret) throw new Error(`the origin secret ${config.originVerifySecretName} is empty`);
  return matchesOriginSecret(headers[ORIGIN_VERIFY_HEADER], secret);
}
