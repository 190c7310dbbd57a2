import * as z from 'zod';
import { CommunityParams, IdSchema, MAX_AI_INPUT_CHARS, RATE_LIMITS, route } from './contract';
import {
  AiSearchResultSchema,
  EmbeddingStatsSchema,
  MessageSchema,
  SortOrderSchema,
  UrgencySchema,
  WhatsAppProviderSchema,
} from '../schemas/messages';
import { ActionFormSchema, ActionSchema, GeneratedActionSchema } from '../schemas/actions';
import { StoredSummarySchema } from '../schemas/summaries';

const isoDate = z
  .string()
  .max(40, 'Please enter a valid date')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Please enter a valid date');

/**
 * Filters of the message list (S2 §4). `q` is a standard search term (S2 §5): `id:` prefix or a
 * long single word searches message ids, otherwise content. `to` is exclusive (the day after the
 * chosen end date). The list is paginated on the server with an opaque cursor.
 */
export const MessageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2048, 'Invalid cursor').optional(),
  order: SortOrderSchema.default('desc'),
  q: z
    .string()
    .trim()
    .max(MAX_AI_INPUT_CHARS, `Please search with at most ${MAX_AI_INPUT_CHARS} characters`)
    .optional(),
  topic: z.string().max(100).optional(),
  urgency: UrgencySchema.optional(),
  sender: z.string().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type MessageListQuery = z.input<typeof MessageListQuerySchema>;

export const MessagePageSchema = z.object({
  items: z.array(MessageSchema),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** Indexing progress shown in the AI search badge (S2 §4): green ≥ 90, amber ≥ 70, red below. */
export const SearchStatsSchema = EmbeddingStatsSchema.extend({
  indexed_percentage: z.number().min(0).max(100),
  /** The AI provider behind meaning-based search (the AI port's `name`): the UI says "local model" for `local`. */
  ai_provider: z.enum(['local', 'bedrock']),
});
export type SearchStats = z.infer<typeof SearchStatsSchema>;

/** A chat-export import and its progress (issue: chat-export import). */
export const ImportJobSchema = z.object({
  id: z.string(),
  community_id: z.string(),
  filename: z.string(),
  status: z.enum(['uploading', 'queued', 'parsing', 'needs_date_order', 'importing', 'done', 'failed']),
  /** Messages found in the file (after parsing). */
  total: z.number().int().nonnegative(),
  /** Messages through the pipeline so far (imported + duplicates). */
  processed: z.number().int().nonnegative(),
  imported: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  system: z.number().int().nonnegative(),
  unparsed: z.number().int().nonnegative(),
  unparsed_examples: z.array(z.string()),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

const ImportParams = CommunityParams.extend({ importId: IdSchema });

export const messageRoutes = {
  listMessages: route({
    method: 'GET',
    path: '/api/communities/{communityId}/messages',
    auth: 'member',
    area: 'messages',
    requires: 'active-plan',
    uses: { search: 'read' },
    summary: 'One page of the community’s messages with the S2 §4 filters and standard search.',
    params: CommunityParams,
    query: MessageListQuerySchema,
    response: MessagePageSchema,
  }),
  getMessage: route({
    method: 'GET',
    path: '/api/communities/{communityId}/messages/{msgId}',
    auth: 'member',
    area: 'messages',
    requires: 'active-plan',
    summary: 'One message by id.',
    params: CommunityParams.extend({ msgId: IdSchema }),
    response: MessageSchema,
  }),
  aiSearch: route({
    method: 'GET',
    path: '/api/communities/{communityId}/search',
    auth: 'member',
    area: 'search',
    requires: 'active-plan',
    feature: 'message_search',
    rateLimit: RATE_LIMITS.search,
    uses: { ai: ['embed'], search: 'read', queues: ['embed'] },
    summary:
      'Meaning-based search (S2 §5: at least 2 characters); falls back to text search when the index is not ready.',
    params: CommunityParams,
    query: z.object({
      q: z
        .string()
        .trim()
        .min(2, 'Please enter at least 2 characters to search')
        .max(MAX_AI_INPUT_CHARS, `Please search with at most ${MAX_AI_INPUT_CHARS} characters`),
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: AiSearchResultSchema,
  }),
  searchStats: route({
    method: 'GET',
    path: '/api/communities/{communityId}/search/stats',
    auth: 'member',
    area: 'search',
    requires: 'active-plan',
    feature: 'message_search',
    uses: { ai: ['embed'], search: 'read', queues: ['embed'] },
    summary: 'Messages total and indexed for meaning-based search, and the indexed percentage.',
    params: CommunityParams,
    response: SearchStatsSchema,
  }),
  createImport: route({
    method: 'POST',
    path: '/api/communities/{communityId}/imports',
    auth: 'admin',
    area: 'messages',
    requires: 'active-plan',
    uses: { objects: 'imports-upload', queues: ['import'] },
    summary:
      'Starts a chat-export import: returns the form to upload the .txt or .zip with (a presigned POST: the storage refuses a larger file).',
    params: CommunityParams,
    body: z.object({
      filename: z.string().min(1).max(255),
      size: z.number().int().positive(),
      /** Day/month order when the admin already knows it; inferred from the file otherwise. */
      day_first: z.boolean().nullable().default(null),
      /** IANA zone the export's local times are in. */
      tz: z.string().max(64).default('Asia/Jerusalem'),
    }),
    response: z.object({
      job: ImportJobSchema,
      /** POST multipart/form-data to `url`: every field of `fields` as given, then the file as the field `file`. */
      upload: z.object({ url: z.string(), method: z.literal('POST'), fields: z.record(z.string(), z.string()) }),
    }),
  }),
  startImport: route({
    method: 'POST',
    path: '/api/communities/{communityId}/imports/{importId}/start',
    auth: 'admin',
    area: 'messages',
    requires: 'active-plan',
    uses: { objects: 'imports-upload', queues: ['import'] },
    summary: 'Queues an uploaded export for parsing and import.',
    params: ImportParams,
    response: ImportJobSchema,
  }),
  setImportDateOrder: route({
    method: 'POST',
    path: '/api/communities/{communityId}/imports/{importId}/date-order',
    auth: 'admin',
    area: 'messages',
    requires: 'active-plan',
    uses: { objects: 'imports-upload', queues: ['import'] },
    summary: 'Answers the day/month question when the dates of an export are ambiguous.',
    params: ImportParams,
    body: z.object({ day_first: z.boolean() }),
    response: ImportJobSchema,
  }),
  getImport: route({
    method: 'GET',
    path: '/api/communities/{communityId}/imports/{importId}',
    auth: 'admin',
    area: 'messages',
    requires: 'active-plan',
    uses: { objects: 'imports-upload', queues: ['import'] },
    summary: 'Progress and result summary of an import.',
    params: ImportParams,
    response: ImportJobSchema,
  }),
  createAction: route({
    method: 'POST',
    path: '/api/communities/{communityId}/actions',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    summary: 'Create Action dialog (S2 §2.3, §5): a personal action of the caller, source manual.',
    params: CommunityParams,
    body: ActionFormSchema,
    response: ActionSchema,
  }),
  generateAction: route({
    method: 'POST',
    path: '/api/communities/{communityId}/actions/generate',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    feature: 'ai_agent',
    rateLimit: RATE_LIMITS.ai,
    uses: { ai: ['chat'] },
    summary: 'AI suggestion of a title and details for an action from a message (S2 §7.2 generate-action).',
    params: CommunityParams,
    body: z.object({
      message_content: z
        .string({ error: 'Message data is missing' })
        .min(1, 'Message data is missing')
        .max(MAX_AI_INPUT_CHARS, `A message can be at most ${MAX_AI_INPUT_CHARS} characters`),
      Sender_name: z.string().max(200).nullable().default(null),
      topic: z.string().max(100).nullable().default(null),
    }),
    response: GeneratedActionSchema,
  }),
  suggestActions: route({
    method: 'POST',
    path: '/api/communities/{communityId}/actions/suggest',
    auth: 'member',
    area: 'actions',
    requires: 'active-plan',
    feature: 'ai_agent',
    rateLimit: RATE_LIMITS.ai,
    uses: { ai: ['chat'] },
    summary:
      'AI-suggested actions from recent messages, saved as the caller’s pending actions (S2 §7.2 suggest-actions).',
    params: CommunityParams,
    response: z.object({ actions: z.array(ActionSchema) }),
  }),
  latestSummary: route({
    method: 'GET',
    path: '/api/communities/{communityId}/summaries/latest',
    auth: 'member',
    area: 'summaries',
    requires: 'active-plan',
    feature: 'daily_summaries',
    summary: 'The stored summary if younger than 24 hours, else null (S2 §4 AI summary).',
    params: CommunityParams,
    response: StoredSummarySchema.nullable(),
  }),
  generateSummary: route({
    method: 'POST',
    path: '/api/communities/{communityId}/summaries',
    auth: 'member',
    area: 'summaries',
    requires: 'active-plan',
    feature: 'daily_summaries',
    rateLimit: RATE_LIMITS.ai,
    uses: { ai: ['chat'] },
    summary: 'Generates and stores a new AI summary of recent messages (S2 §7.2 generate-summary).',
    params: CommunityParams,
    response: StoredSummarySchema,
  }),
  whatsappWebhook: route({
    method: 'POST',
    path: '/webhooks/whatsapp/{provider}',
    auth: 'webhook',
    area: 'webhooks',
    uses: { whatsapp: ['receive', 'send'], queues: ['ingest', 'bot'], secrets: ['whatsapp', 'senderHashKey'] },
    summary: 'Group events from a WhatsApp gateway, verified per provider, normalised and queued.',
    params: z.object({ provider: WhatsAppProviderSchema }),
    body: 'raw',
    response: z.object({ accepted: z.number().int(), dropped: z.number().int() }),
  }),
  whatsappWebhookVerify: route({
    method: 'GET',
    path: '/webhooks/whatsapp/{provider}',
    auth: 'webhook',
    area: 'webhooks',
    uses: { whatsapp: ['receive'], secrets: ['whatsapp'] },
    summary: 'Meta Cloud API subscription handshake (hub.mode, hub.verify_token, hub.challenge).',
    params: z.object({ provider: WhatsAppProviderSchema }),
    // The handshake's three parameters and nothing else.
    query: z.object({
      'hub.mode': z.string().max(100).optional(),
      'hub.verify_token': z.string().max(500).optional(),
      'hub.challenge': z.string().max(500).optional(),
    }),
    response: z.object({}),
  }),
};
