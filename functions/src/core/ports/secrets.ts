/** Deploy secrets the functions read (docs/deploy.md lists them). */
export type SecretName =
  | 'lemonSqueezy'
  | 'whatsapp'
  | 'senderHashKey'
  | 'signUpTicketKey'
  | 'originVerify'
  | 'googleServiceAccount'
  | 'enrichmentApiKey';

/**
 * Secrets by name: Secrets Manager in the cloud (through Powertools Parameters, cached), the
 * environment or nothing locally. Null when the deployment has none configured.
 */
export interface SecretsPort {
  get(name: SecretName): Promise<string | null>;
}
