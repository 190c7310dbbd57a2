import { describe, expect, it } from 'vitest';
import { LocalRealtimeHub, localHub, localRealtimePort } from '@kehila/functions/adapters/realtime/local-hub';

const event = { type: 'message.deleted' as const, communityId: 'c1', msg_id: 'm1' };

describe('local realtime hub', () => {
  it('delivers a community’s events to its subscribers only, until they unsubscribe', async () => {
    const hub = new LocalRealtimeHub();
    const a: string[] = [];
    const b: string[] = [];
    const offA = hub.subscribe('c1', { userId: 'u1', send: (d) => a.push(d) });
    hub.subscribe('c2', { userId: 'u1', send: (d) => b.push(d) });
    await localRealtimePort(hub).publish('c1', event);
    expect(a.map((d) => JSON.parse(d))).toEqual([event]);
    expect(b).toEqual([]);
    offA();
    expect(hub.publish('c1', event)).toBe(0);
  });

  it('drops a subscriber whose socket fails', () => {
    const hub = new LocalRealtimeHub();
    hub.subscribe('c1', {
      userId: 'u1',
      send() {
        throw new Error('closed');
      },
    });
    expect(hub.publish('c1', event)).toBe(0);
    expect(hub.size('c1')).toBe(0);
  });

  it('is one hub per process, used by the local realtime port', async () => {
    const seen: string[] = [];
    const off = localHub().subscribe('c-local', { userId: 'u1', send: (d) => seen.push(d) });
    await localRealtimePort().publish('c-local', { ...event, communityId: 'c-local' });
    expect(seen).toHaveLength(1);
    off();
  });

  it("revokes a user's subscriptions to one community at once, leaving others' and other communities'", async () => {
    const hub = new LocalRealtimeHub();
    const left: string[] = [];
    const stayed: string[] = [];
    const elsewhere: string[] = [];
    hub.subscribe('c1', { userId: 'leaver', send: (d) => left.push(d) });
    hub.subscribe('c1', { userId: 'stayer', send: (d) => stayed.push(d) });
    hub.subscribe('c2', { userId: 'leaver', send: (d) => elsewhere.push(d) });
    await localRealtimePort(hub).revoke('c1', 'leaver');
    hub.publish('c1', event);
    hub.publish('c2', { ...event, communityId: 'c2' });
    expect(left).toEqual([]);
    expect(stayed).toHaveLength(1);
    expect(elsewhere).toHaveLength(1);
  });
});
