import * as z from 'zod';
import { DATE_PRESETS, EMOTIONS, INTENTS, URGENCY_LEVELS } from '../constants';

/** Urgency of a message (S2 §3). */
export const UrgencySchema = z.enum(URGENCY_LEVELS);
export type Urgency = z.infer<typeof UrgencySchema>;
/** Emotion of a message (S2 §9); neutral by default. */
export const EmotionSchema = z.enum(EMOTIONS);
export type Emotion = z.infer<typeof EmotionSchema>;
/** Intent of a message (S2 §9); a missing intent is shown as 'unknown'. */
export const IntentSchema = z.enum(INTENTS);
export type Intent = z.infer<typeof IntentSchema>;

/** A message captured from the group (S2 §3 table messages). */
export const MessageSchema = z.object({
  msg_id: z.string(),
  group_id: z.string(),
  content: z.string().nullable(),
  /** ISO timestamp. */
  timestamp: z.string(),
  Sender_name: z.string().nullable(),
  /** The sender's WhatsApp id (`…@c.us`, `…@lid`) or its per-community hash. */
  sender_hash: z.string().nullable(),
  topic: z.string().nullable(),
  keywords: z.array(z.string()).default([]),
  urgency: UrgencySchema.nullable(),
  /** Roughly -1 to 1; null when not scored. */
  sentiment: z.number().min(-1).max(1).nullable(),
  action_items: z.array(z.string()).default([]),
  emotion: EmotionSchema.nullable(),
  intent: IntentSchema.nullable(),
  cluster_id: z.string().nullable(),
  /** 0 to 1. */
  toxicity: z.number().min(0).max(1).nullable(),
  /** The message this one replies to (msg_id), when the provider says. */
  reply_to: z.string().nullable().optional(),
  /** Media kind of a media message (image, video, audio, document, sticker...); null for text. */
  media_type: z.string().nullable().optional(),
  /** How it arrived: live from the bot, or from an imported chat export. */
  source: z.enum(['webhook', 'import']).optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** WhatsApp gateway providers with webhook adapters (ARCHITECTURE §3). */
export const WhatsAppProviderSchema = z.enum(['waha', 'green', 'evolution', 'meta']);
export type WhatsAppProvider = z.infer<typeof WhatsAppProviderSchema>;

/**
 * One incoming group message, normalised from any provider or from an imported chat export; this
 * is what the ingest queue carries to the enrichment worker.
 */
export const InboundMessageSchema = z.object({
  community_id: z.string(),
  group_id: z.string(),
  provider: z.union([WhatsAppProviderSchema, z.literal('import')]),
  /** The provider's own message id (an import derives a stable one from the line). */
  provider_message_id: z.string(),
  /** As given: `…@c.us` or `…@lid`. */
  sender_id: z.string(),
  /** The phone id of an `@lid` sender when the gateway gives both (the worker merges the two ids). */
  sender_phone_id: z.string().nullable().optional(),
  sender_name: z.string().nullable(),
  /** ISO-8601 UTC. */
  timestamp: z.string(),
  text: z.string(),
  reply_to: z.string().nullable(),
  media_type: z.string().nullable(),
  /** Set for imported messages: counters of that import job are updated as they are stored. */
  import_id: z.string().optional(),
});
export type InboundMessage = z.infer<typeof InboundMessageSchema>;

/** Date group of a thread card (S2 §2). */
export const ThreadDateGroupSchema = z.enum(['Today', 'Yesterday', 'Earlier']);
export type ThreadDateGroup = z.infer<typeof ThreadDateGroupSchema>;

/** A thread of the overview, derived from messages by topic (S2 §3 Thread). */
export const ThreadSchema = z.object({
  /** null means General. */
  topic: z.string().nullable(),
  /** ISO timestamp of the newest message. */
  lastActivity: z.string(),
  /** Distinct sender names. */
  senders: z.array(z.string()),
  /** Up to 5 latest messages, newest first. */
  messages: z.array(MessageSchema).max(5),
  /** Highest urgency among the messages. */
  urgency: UrgencySchema.nullable(),
  /** Mean sentiment, null when none is scored. */
  sentiment: z.number().nullable(),
  dateGroup: ThreadDateGroupSchema,
});
export type Thread = z.infer<typeof ThreadSchema>;

/** Embedding statistics (S2 §3): messages total and with an embedding. */
export const EmbeddingStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  embedded: z.number().int().nonnegative(),
});
export type EmbeddingStats = z.infer<typeof EmbeddingStatsSchema>;

/** Message processing statistics (S2 §3). */
export const MessageStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type MessageStats = z.infer<typeof MessageStatsSchema>;

/** Date presets of the message filter (S2 §4). */
export const DatePresetSchema = z.enum(DATE_PRESETS);
export type DatePreset = z.infer<typeof DatePresetSchema>;
/** Sort order of the message list (S2 §4): desc is Newest (default), asc is Oldest. */
export const SortOrderSchema = z.enum(['desc', 'asc']);
export type SortOrder = z.infer<typeof SortOrderSchema>;
/** Search type (S2 §4): standard text search or AI (meaning-based) search. */
export const SearchTypeSchema = z.enum(['standard', 'pinecone']);
export type SearchType = z.infer<typeof SearchTypeSchema>;
/** Realtime status reported by the message list (S2 §4). */
export const RealtimeStatusSchema = z.enum(['connecting', 'connected', 'error']);
export type RealtimeStatus = z.infer<typeof RealtimeStatusSchema>;

/** Result of an AI search call (S2 §7): results and whether text search was used as a fallback. */
export const AiSearchResultSchema = z.object({
  results: z.array(MessageSchema),
  fallback: z.boolean().optional(),
});
export type AiSearchResult = z.infer<typeof AiSearchResultSchema>;

/** Result of an embedding or sync run (S2 §7). */
export const EmbeddingRunResultSchema = z.object({
  processed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative().optional(),
});
export type EmbeddingRunResult = z.infer<typeof EmbeddingRunResultSchema>;
