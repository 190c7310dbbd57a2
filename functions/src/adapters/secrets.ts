import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** How long a secret read from Secrets Manager is reused (a rotation takes effect within this). */
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { value: string; until: number }>();

/**
 * A Secrets Manager secret's string, through one signed GetSecretValue call (no SDK client is
 * bundled for a single call), cached for five minutes per region and name.
 */
export async function readSecretString(
  region: string,
  secretId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const key = `${region}/${secretId}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const host = `secretsmanager.${region}.amazonaws.com`;
  const body = JSON.stringify({ SecretId: secretId });
  const signer = new SignatureV4({ service: 'secretsmanager', region, credentials: defaultProvider(), sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname: host,
    path: '/',
    headers: { host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body,
  });
  const res = await fetchImpl(`https://${host}/`, {
    method: 'POST',
    headers: signed.headers as Record<string, string>,
    body,
    signal: AbortSignal.timeout(5_000),
  });
  const out = (await res.json()) as { SecretString?: string; message?: string; Message?: string };
  if (!res.ok || typeof out.SecretString !== 'string') {
    throw new Error(`could not read secret ${secretId}: ${res.status} ${out.message ?? out.Message ?? ''}`);
  }
  cache.set(key, { value: out.SecretString, until: Date.now() + CACHE_MS });
  return out.SecretString;
}
