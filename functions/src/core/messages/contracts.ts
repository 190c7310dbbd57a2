import * as z from 'zod';

/**
 * Body of an `embed` queue message, sent by the enrichment worker for every stored message (new or
 * seen again) and consumed by workers/embed: enough to read the message by its table key.
 */
export const EmbedRequestSchema = z.object({
  communityId: z.string(),
  msgId: z.string(),
  /** ISO timestamp; with msgId it forms the message's key (keys.message). */
  timestamp: z.string(),
});
export type EmbedRequest = z.infer<typeof EmbedRequestSchema>;
