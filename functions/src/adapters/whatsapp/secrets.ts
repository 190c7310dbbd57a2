import * as z from 'zod';
import type { SecretsPort } from '../../core/ports/secrets';

/**
 * Secrets of the WhatsApp gateways, one JSON document: what verifies their webhooks and what sends
 * through them. Locally it comes from `WHATSAPP_WEBHOOK_SECRETS` or the defaults below; in the
 * cloud from the Secrets Manager secret named by `WHATSAPP_SECRET_NAME` (or the variable itself).
 */
export const WhatsAppSecretsSchema = z.object({
  waha: z
    .object({
      /** `config.hmac.key` of the WAHA webhook: WAHA signs each body with HMAC-SHA512. */
      hmacKey: z.string().min(1).optional(),
      baseUrl: z.string().optional(),
      apiKey: z.string().optional(),
      session: z.string().optional(),
    })
    .optional(),
  green: z
    .object({
      /** `webhookUrlToken` of the instance: Green API sends it in the Authorization header. */
      webhookToken: z.string().min(1).optional(),
      apiUrl: z.string().optional(),
      idInstance: z.string().optional(),
      apiTokenInstance: z.string().optional(),
    })
    .optional(),
  evolution: z
    .object({
      /** The instance's apikey: in the body of every webhook, or an `apikey` header set on the webhook. */
      apiKey: z.string().min(1).optional(),
      baseUrl: z.string().optional(),
      instance: z.string().optional(),
    })
    .optional(),
  meta: z
    .object({
      /** The Meta app secret: Meta signs each body with HMAC-SHA256 (X-Hub-Signature-256). */
      appSecret: z.string().min(1).optional(),
      /** The token typed into the app's webhook settings, echoed by the GET verification handshake. */
      verifyToken: z.string().min(1).optional(),
      accessToken: z.string().optional(),
      phoneNumberId: z.string().optional(),
      graphVersion: z.string().optional(),
    })
    .optional(),
});
export type WhatsAppSecrets = z.infer<typeof WhatsAppSecretsSchema>;
/** What webhook verification reads (the same document). */
export type WebhookSecrets = WhatsAppSecrets;

/**
 * The local stack's secrets when none are configured. The simulator, the bench and the tests sign
 * with these; they are not secret and never used in the cloud.
 */
export const LOCAL_WHATSAPP_SECRETS = {
  waha: { hmacKey: 'kehila-local-waha-hmac-key' },
  green: { webhookToken: 'kehila-local-green-webhook-token' },
  evolution: { apiKey: 'kehila-local-evolution-api-key' },
  meta: { appSecret: 'kehila-local-meta-app-secret', verifyToken: 'kehila-local-meta-verify-token' },
} as const satisfies WhatsAppSecrets;

function parse(json: string, source: string): WhatsAppSecrets {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${source} is not valid JSON`);
  }
  const r = WhatsAppSecretsSchema.safeParse(value);
  if (!r.success) throw new Error(`${source} does not match the WhatsApp secrets shape: ${r.error.issues[0]?.message}`);
  return r.data;
}

/**
 * The WhatsApp secrets of this deployment (the `whatsapp` secret: WHATSAPP_WEBHOOK_SECRETS, or the
 * Secrets Manager secret WHATSAPP_SECRET_NAME names), else on the local stage the local defaults. In
 * the cloud with nothing configured the result is empty, so every webhook is refused: fail closed.
 */
export async function loadWhatsAppSecrets(secrets: SecretsPort, stage: 'local' | 'cloud'): Promise<WhatsAppSecrets> {
  const json = await secrets.get('whatsapp');
  if (json) return parse(json, 'the WhatsApp secret');
  return stage === 'local' ? LOCAL_WHATSAPP_SECRETS : {};
}
