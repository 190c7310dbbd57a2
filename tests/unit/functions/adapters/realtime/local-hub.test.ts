import { describe, expect, it } from 'vitest';
import { LocalRealtimeHub, localHub, localRealtimePort } from '@kehila/functions/adapters/realtime/local-hub';
import { createRealtimePort } from '@kehila/functions/adapters/realtime/index';
import { loadConfig } from '@kehila/functions/core/config';
import { createDb } from '@kehila/functions/data/db';

const event = { type: 'message.deleted' as const, communityId: 'c1', msg_id: 'm1' };

describe('local realtime hub', () => {
  it('delivers a community’s events to its subscribers only, until they unsubscribe', async () => {
    const hub = new LocalRealtimeHub();
    const a: string[] = [];
    const b: string[] = [];
    const offA = hub.subscribe('c1', { send: (d) => a.push(d) });
    hub.subscribe('c2', { send: (d) => b.push(d) });
    await localRealtimePort(hub).publish('c1', event);
    expect(a.map((d) => JSON.parse(d))).toEqual([event]);
    expect(b).toEqual([]);
    offA();
    expect(hub.publish('c1', event)).toBe(0);
  });

  it('drops a subscriber whose socket fails', () => {
    const hub = new LocalRealtimeHub();
    hub.subscribe('c1', {
      send() {
        throw new Error('closed');
      },
    });
    expect(hub.publish('c1', event)).toBe(0);
    expect(hub.size('c1')).toBe(0);
  });

  it('is one hub per process, used by the port of the local stage', async () => {
    const seen: string[] = [];
    const off = localHub().subscribe('c-local', { send: (d) => seen.push(d) });
    const config = loadConfig({ STAGE: 'local', TABLE_NAME: 't' });
    await createRealtimePort(config, createDb(config)).publish('c-local', { ...event, communityId: 'c-local' });
    expect(seen).toHaveLength(1);
    off();
  });
});
