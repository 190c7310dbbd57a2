import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import type { Config } from '../core/config';
import type { SecretName, SecretsPort } from '../core/ports/secrets';

/** How long a secret read from Secrets Manager is reused (a rotation takes effect within this). */
const MAX_AGE_SECONDS = 5 * 60;

/** Where each secret comes from: a value given directly (local runs, tests), or a Secrets Manager secret's name. */
function sourceOf(config: Config, name: SecretName): { value?: string | undefined; secretId?: string | undefined } {
  switch (name) {
    case 'lemonSqueezy':
      return { value: config.billing?.configJson, secretId: config.billing?.secretName };
    case 'whatsapp':
      return { value: config.whatsapp?.secretsJson, secretId: config.whatsapp?.secretName };
    case 'senderHashKey':
      return { value: config.senderHashKey, secretId: config.senderHashKeySecretName };
  }
}

/**
 * Secrets by name (docs/deploy.md): the value set directly in the environment when there is one,
 * else the Secrets Manager secret the deployment names, read through Powertools Parameters (cached
 * for five minutes per warm function), else null.
 */
export function createSecrets(config: Config): SecretsPort {
  return {
    async get(name) {
      const source = sourceOf(config, name);
      if (source.value) return source.value;
      if (!source.secretId) return null;
      const value = await getSecret(source.secretId, { maxAge: MAX_AGE_SECONDS });
      if (typeof value !== 'string') throw new Error(`secret ${source.secretId} holds no string`);
      return value;
    },
  };
}
