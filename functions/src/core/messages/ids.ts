import { createHash, createHmac } from 'node:crypto';
import type { Config } from '../config';
import type { Deps } from '../deps';

/**
 * The message id of a group message: a UUID-shaped digest of the group id and the provider's
 * message id. Deterministic, so a provider retry, a duplicate delivery or a re-import of the same
 * line yields the same id and the conditional write stores it once; alphanumeric with hyphens, as
 * the spec's "Reference" lines expect (S2 §3).
 */
export function messageIdFor(groupId: string, providerMessageId: string): string {
  const h = createHash('sha256').update(`${groupId}\n${providerMessageId}`, 'utf8').digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** Local-only key of the sender hash; the cloud must set SENDER_HASH_KEY or SENDER_HASH_KEY_SECRET_NAME. */
const LOCAL_SENDER_HASH_KEY = 'kehila-local-sender-hash-key';

type HashKeyConfig = Pick<Config, 'stage' | 'senderHashKey' | 'senderHashKeySecretName'>;

/** Keys read from Secrets Manager, by secret name. Kept for the process: the key never rotates (see below). */
const keysFromSecrets = new Map<string, string>();

/**
 * Reads the sender hash key from the secret named by SENDER_HASH_KEY_SECRET_NAME (its plain
 * string) and keeps it for the process, so `senderKeyFor` stays synchronous. Nothing to do when the
 * key is given directly or no secret is named. The key must never change once messages are
 * counted (a new key splits every sender's history), hence no refresh.
 */
export async function loadSenderHashKey(deps: Pick<Deps, 'config' | 'secrets'>): Promise<void> {
  const name = deps.config.senderHashKeySecretName;
  if (deps.config.senderHashKey || !name || keysFromSecrets.has(name)) return;
  const key = (await deps.secrets.get('senderHashKey'))?.trim();
  if (!key) throw new Error(`secret ${name} is empty: it must hold the sender hash key`);
  keysFromSecrets.set(name, key);
}

function hashKey(config: HashKeyConfig): string {
  if (config.senderHashKey) return config.senderHashKey;
  const name = config.senderHashKeySecretName;
  const fromSecret = name ? keysFromSecrets.get(name) : undefined;
  if (fromSecret) return fromSecret;
  if (config.stage === 'local') return LOCAL_SENDER_HASH_KEY;
  if (name) throw new Error(`the sender hash key of secret ${name} is not loaded (loadSenderHashKey)`);
  throw new Error('SENDER_HASH_KEY is not set: the per-community sender hash needs a secret key in the cloud');
}

/**
 * The per-community keyed hash of a sender (ARCHITECTURE §5): aggregates and indexes count senders
 * by this, never by the phone number. The community id is part of the input, so the same person has
 * unrelated keys in two communities; the secret key stops anyone from hashing phone numbers to find
 * them. 20 hex characters (80 bits): no collisions at any community's scale.
 */
export function senderKeyFor(config: HashKeyConfig, communityId: string, senderId: string): string {
  return createHmac('sha256', hashKey(config)).update(`${communityId}\n${senderId}`, 'utf8').digest('hex').slice(0, 20);
}

/** UTC day of an ISO timestamp: `YYYY-MM-DD`. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** UTC hour of an ISO timestamp: `YYYY-MM-DDTHH`. */
export function hourOf(iso: string): string {
  return iso.slice(0, 13);
}
