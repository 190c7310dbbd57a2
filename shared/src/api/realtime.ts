import * as z from 'zod';
import { MessageSchema } from '../schemas/messages';

/**
 * The live-events protocol over the WebSocket (API Gateway WebSocket API in the cloud, the local
 * gateway's `/ws` under npm start). The route selection expression is `$request.body.action`.
 */
export const RealtimeClientMessageSchema = z.discriminatedUnion('action', [
  /** Subscribe to a community's message events; the ID token proves membership. */
  z.object({ action: z.literal('subscribe'), communityId: z.string(), token: z.string() }),
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
