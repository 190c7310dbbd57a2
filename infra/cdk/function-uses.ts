import type { SearchAccess } from './constructs/grants';

/**
 * What each function uses besides the table and the queues (which every area and worker gets),
 * by owner: an HTTP area (`messages`) or a queue worker (`workers/embed`). Each use brings its
 * environment and its grants, and only the functions listed get them: least privilege by
 * declaration. Read from the code (which handler reaches which port or setting); when a handler
 * starts using one, add it here. Live-event publishers come from functions/src/realtime/declaration.ts.
 */
export interface FunctionUses {
  /**
   * The AI port on Amazon Bedrock: the models the function calls (`chat`: BEDROCK_MODEL_ID through
   * Converse; `embed`: BEDROCK_EMBED_MODEL_ID), each granted bedrock:InvokeModel on exactly that
   * model. An empty list only passes the settings (the search index takes the embedding model's
   * dimension), so every function sharing the index agrees on them.
   */
  readonly ai?: readonly AiModel[];
  /** The OpenSearch index: SEARCH_ENDPOINT, SEARCH_INDEX and HTTP access to that index. */
  readonly search?: SearchAccess;
  /**
   * Chat-export uploads under `imports/` in the exports bucket: `upload` presigns the browser's PUT
   * and checks (HEAD), or deletes an oversized upload; `process` reads and deletes the file.
   */
  readonly imports?: 'upload' | 'process';
  /** Deploy secrets the function reads by name (the variable holding the name is set with the grant). */
  readonly secrets?: readonly SecretUse[];
  /** WEB_ORIGIN: the site's origin, when the deploy configuration knows it (domainName or webUrl). */
  readonly webOrigin?: boolean;
  /** WHATSAPP_SEND_PROVIDER, when configured: the function sends WhatsApp messages. */
  readonly whatsappSend?: boolean;
}

/** The two Bedrock models of the AI port. */
export type AiModel = 'chat' | 'embed';

/** The deploy secrets and the variable that names each. */
export const SECRETS = {
  lemonSqueezy: {
    env: 'LEMON_SQUEEZY_SECRET_NAME',
    summary: 'Lemon Squeezy API key, store, variants and webhook secret',
  },
  whatsapp: { env: 'WHATSAPP_SECRET_NAME', summary: 'WhatsApp gateway credentials and webhook secrets' },
  senderHashKey: { env: 'SENDER_HASH_KEY_SECRET_NAME', summary: 'key of the per-community sender hash (generated)' },
} as const;

export type SecretUse = keyof typeof SECRETS;

/** The uses of each function, by owner. Functions not listed use only the table and the queues. */
export const FUNCTION_USES: Readonly<Record<string, FunctionUses>> = {
  // core/messages/ai-actions.ts: generate and suggest actions.
  actions: { ai: ['chat'] },
  // core/messages/ai-actions.ts: summaries.
  summaries: { ai: ['chat'] },
  // http/search: AI search embeds the query; text fallback and stats query the index.
  search: { ai: ['embed'], search: 'read' },
  // core/messages/list.ts searches; core/imports/service.ts presigns and checks uploads.
  messages: { ai: [], search: 'read', imports: 'upload' },
  // core/billing: checkout (its success URL needs the site's origin) and the signed webhook.
  billing: { secrets: ['lemonSqueezy'], webOrigin: true },
  // core/messages/webhook.ts verifies with the WhatsApp secret; the bot replies through a gateway.
  webhooks: { secrets: ['whatsapp'], whatsappSend: true },
  // core/messages/enrich-batch.ts: AI enrichment, keyed sender hash, live events.
  'workers/enrich': { ai: ['chat'], secrets: ['senderHashKey'] },
  // workers/embed.ts: embeddings, then the index (created on first write).
  'workers/embed': { ai: ['embed'], search: 'write' },
  // core/imports/service.ts runImport: reads the export, deletes it once queued.
  'workers/import': { imports: 'process' },
};

/** The uses of one owner (none when not listed). */
export function usesOf(owner: string): FunctionUses {
  return FUNCTION_USES[owner] ?? {};
}
