import type { RealtimeServerMessage } from '@kehila/shared';

/** Pushes live events to a community's subscribers (API Gateway WebSocket API / the local `ws` hub). */
export interface RealtimePort {
  publish(communityId: string, event: RealtimeServerMessage): Promise<void>;
}
