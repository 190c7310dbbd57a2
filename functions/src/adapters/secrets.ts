import { BaseProvider } from '@aws-lambda-powertools/parameters/base';
import { awsJson, type AwsTarget } from '../aws/http';
import type { Config } from '../core/config';
import type { SecretName, SecretsPort } from '../core/ports/secrets';

/** How long a secret read from Secrets Manager is reused (a rotation takes effect within this). */
const MAX_AGE_SECONDS = 5 * 60;

/**
 * A Powertools Parameters provider for Secrets Manager: Powertools' caching (per name, `maxAge`)
 * and transforms over one signed GetSecretValue call, without bundling the Secrets Manager SDK
 * client in every function that reads a secret (aws/http.ts).
 */
class SecretsManagerProvider extends BaseProvider {
  constructor(private readonly target: AwsTarget) {
    super({});
  }

  protected async _get(name: string): Promise<string | undefined> {
    const res = await awsJson<{ SecretString?: string }>(this.target, {
      operation: 'secretsmanager.GetSecretValue',
      version: '1.1',
      body: { SecretId: name },
    });
    return res.SecretString;
  }

  protected async _getMultiple(): Promise<Record<string, unknown>> {
    throw new Error('reading secrets by path is not supported');
  }
}

/** Where each secret comes from: a value given directly (local runs, tests), or a Secrets Manager secret's name. */
function sourceOf(config: Config, name: SecretName): { value?: string | undefined; secretId?: string | undefined } {
  switch (name) {
    case 'lemonSqueezy':
      return { value: config.billing?.configJson, secretId: config.billing?.secretName };
    case 'whatsapp':
      return { value: config.whatsapp?.secretsJson, secretId: config.whatsapp?.secretName };
    case 'senderHashKey':
      return { value: config.senderHashKey, secretId: config.senderHashKeySecretName };
    case 'signUpTicketKey':
      return { value: config.signUpTicket?.key, secretId: config.signUpTicket?.secretName };
    case 'originVerify':
      return { secretId: config.originVerifySecretName };
    case 'googleServiceAccount':
      return { value: config.sheets?.serviceAccountJson, secretId: config.sheets?.serviceAccountSecretName };
    case 'enrichmentApiKey':
      return { value: config.enrichment.apiKey, secretId: config.enrichment.secretName };
  }
}

/**
 * Secrets by name (docs/deploy.md): the value set directly in the environment when there is one,
 * else the Secrets Manager secret the deployment names, read through Powertools Parameters (cached
 * for five minutes per warm function), else null.
 */
export function createSecrets(config: Config): SecretsPort {
  let provider: SecretsManagerProvider | undefined;
  return {
    async get(name) {
      const source = sourceOf(config, name);
      if (source.value) return source.value;
      if (!source.secretId) return null;
      provider ??= new SecretsManagerProvider({ service: 'secretsmanager', region: config.region });
      const value = await provider.get(source.secretId, { maxAge: MAX_AGE_SECONDS });
      if (typeof value !== 'string') throw new Error(`secret ${source.secretId} holds no string`);
      return value;
    },
  };
}
