import type { RealtimeServerMessage } from '@kehila/shared';
import type { RealtimePort } from '../../core/ports/realtime';

/** One live connection as the hub sees it. */
export interface HubSubscriber {
  /** The user the connection subscribed as. */
  readonly userId: string;
  /** Sends one serialized server message; throwing marks the subscriber gone. */
  send(data: string): void;
}

/**
 * The local stack's realtime hub: community id → live WebSocket subscribers, in process. The
 * enrichment worker publishes into it (the local pollers run workers in the gateway's process) and
 * infra/local/plugins/realtime.ts serves it as `ws` at `/ws`.
 */
export class LocalRealtimeHub {
  private readonly byCommunity = new Map<string, Set<HubSubscriber>>();

  /** Subscribes to a community's events; returns the unsubscribe function. */
  subscribe(communityId: string, subscriber: HubSubscriber): () => void {
    let set = this.byCommunity.get(communityId);
    if (!set) {
      set = new Set();
      this.byCommunity.set(communityId, set);
    }
    set.add(subscriber);
    return () => {
      const s = this.byCommunity.get(communityId);
      s?.delete(subscriber);
      if (s && s.size === 0) this.byCommunity.delete(communityId);
    };
  }

  /** Sends an event to every subscriber of a community; a subscriber that fails is dropped. */
  publish(communityId: string, event: RealtimeServerMessage): number {
    const set = this.byCommunity.get(communityId);
    if (!set) return 0;
    const data = JSON.stringify(event);
    let sent = 0;
    for (const s of [...set]) {
      try {
        s.send(data);
        sent += 1;
      } catch {
        set.delete(s);
      }
    }
    return sent;
  }

  /** Drops every subscription of a user to a community (they left or were removed); returns how many. */
  revoke(communityId: string, userId: string): number {
    const set = this.byCommunity.get(communityId);
    if (!set) return 0;
    let dropped = 0;
    for (const s of [...set]) {
      if (s.userId !== userId) continue;
      set.delete(s);
      dropped += 1;
    }
    if (set.size === 0) this.byCommunity.delete(communityId);
    return dropped;
  }

  /** Subscribers of a community (tests, diagnostics). */
  size(communityId: string): number {
    return this.byCommunity.get(communityId)?.size ?? 0;
  }
}

// One hub per process, even if the module were loaded twice under different specifiers.
const HUB = Symbol.for('kehila.localRealtimeHub');
type WithHub = typeof globalThis & { [HUB]?: LocalRealtimeHub };

/** The process-wide local hub. */
export function localHub(): LocalRealtimeHub {
  const g = globalThis as WithHub;
  g[HUB] ??= new LocalRealtimeHub();
  return g[HUB];
}

/** The realtime port over a hub (the process-wide one by default). */
export function localRealtimePort(hub: LocalRealtimeHub = localHub()): RealtimePort {
  return {
    async publish(communityId, event) {
      hub.publish(communityId, event);
    },
    async revoke(communityId, userId) {
      hub.revoke(communityId, userId);
    },
  };
}
