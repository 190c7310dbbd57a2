import * as z from 'zod';
import { MessageSchema } from '../schemas/messages';
import { IdSchema } from './contract';

/** The longest client message either gateway takes (API Gateway WebSocket's 128 KB message limit). */
export const REALTIME_MAX_MESSAGE_BYTES = 128 * 1024;

/** Longer than any Cognito ID token (about 1–2 KB): a longer one is refused before it is verified. */
const MAX_TOKEN_LENGTH = 16 * 1024;

/**
 * The live-events protocol over the WebSocket (API Gateway WebSocket API in the cloud, the local
 * gateway's `/ws` under npm start). The route selection expression is `$request.body.action`.
 */
export const RealtimeClientMessageSchema = z.discriminatedUnion('action', [
  /** Subscribe to a community's message events; the ID token proves membership. */
  z.object({
    action: z.literal('subscribe'),
    communityId: IdSchema,
    token: z.string().min(1).max(MAX_TOKEN_LENGTH),
  }),
  z.object({ action: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;

export const RealtimeServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), communityId: z.string() }),
  z.object({
    type: z.literal('message.inserted'),
    communityId: z.string(),
    message: MessageSchema,
    /** The request that brought the message in (its webhook), for tracing it through the logs. */
    correlationId: z.string().optional(),
  }),
  z.object({ type: z.literal('message.updated'), communityId: z.string(), message: MessageSchema }),
  z.object({ type: z.literal('message.deleted'), communityId: z.string(), msg_id: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessageSchema>;
