import type { RealtimeServerMessage } from '@kehila/shared';

/** Pushes live events to a community's subscribers (API Gateway WebSocket API / the local `ws` hub). */
export interface RealtimePort {
  publish(communityId: string, event: RealtimeServerMessage): Promise<void>;
  /**
   * Stops delivering a community's events to a user at once (they left or were removed): their
   * subscriptions to it are dropped; they must subscribe again, which checks membership.
   */
  revoke(communityId: string, userId: string): Promise<void>;
}
