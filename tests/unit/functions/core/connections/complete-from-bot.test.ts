import { describe, expect, it, vi } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import {
  completeConnectionFromBot,
  type BotConnectionStore,
  type UnclaimedGroupEvent,
} from '@kehila/functions/core/connections/complete-from-bot';
import type { ConnectionRecord } from '@kehila/functions/data/connections';

const now = new Date('2026-06-01T12:00:00.000Z');
const pending: ConnectionRecord = {
  id: 'conn-1',
  community_id: 'c-1',
  admin_phone: '+972501234567',
  status: 'pending',
  group_id: null,
  uuid_detected_at: null,
  created_at: '2026-06-01T11:59:00.000Z',
  user_id: 'u-1',
};

function fakes(
  opts: { connection?: ConnectionRecord | null; connect?: { ok: boolean; reason?: string }; sendFails?: boolean } = {},
) {
  const calls = {
    pendingFor: [] as string[],
    connected: [] as unknown[],
    marked: [] as unknown[],
    sent: [] as unknown[],
  };
  const store: BotConnectionStore = {
    pendingConnection: async (phone) => {
      calls.pendingFor.push(phone);
      return opts.connection === undefined ? pending : opts.connection;
    },
    connectGroup: async (input) => {
      calls.connected.push(input);
      return opts.connect ?? { ok: true };
    },
    markConnected: async (connection, groupId, at) => {
      calls.marked.push({ id: connection.id, groupId, at });
    },
  };
  const send = vi.fn(async (input: unknown) => {
    calls.sent.push(input);
    if (opts.sendFails) throw new Error('gateway down');
  });
  const deps = { db: {}, now: () => now, whatsapp: { send } } as unknown as Pick<Deps, 'db' | 'now' | 'whatsapp'>;
  return { deps, store, calls };
}

const message = (text: string, senderId = '972501234567@c.us'): UnclaimedGroupEvent => ({
  kind: 'message',
  groupId: '120363000000000001@g.us',
  senderId,
  text,
  groupName: null,
});

describe('bot connection from an unclaimed group', () => {
  it('a connect command from the pending admin phone connects the group and confirms in it', async () => {
    const { deps, store, calls } = fakes();
    await expect(completeConnectionFromBot(deps, message('/connect'), store)).resolves.toBe(true);
    expect(calls.pendingFor).toEqual(['+972501234567']);
    expect(calls.connected).toEqual([{ communityId: 'c-1', groupId: '120363000000000001@g.us', userId: 'u-1' }]);
    expect(calls.marked).toEqual([{ id: 'conn-1', groupId: '120363000000000001@g.us', at: now.toISOString() }]);
    expect(calls.sent).toEqual([
      {
        communityId: 'c-1',
        groupId: '120363000000000001@g.us',
        text: expect.stringContaining('Group ID: 120363000000000001@g.us'),
      },
    ]);
  });

  it('the admin adding the bot connects the group without any command', async () => {
    const { deps, store, calls } = fakes();
    const added: UnclaimedGroupEvent = {
      kind: 'bot_added',
      groupId: '120363000000000002@g.us',
      senderId: '972501234567@s.whatsapp.net',
      text: '',
      groupName: 'Founders',
    };
    await expect(completeConnectionFromBot(deps, added, store)).resolves.toBe(true);
    expect(calls.sent[0]).toMatchObject({ text: expect.stringContaining('"Founders"') });
  });

  it('the group-id question counts as a connect request', async () => {
    const { deps, store } = fakes();
    await expect(completeConnectionFromBot(deps, message('What is the group id?'), store)).resolves.toBe(true);
  });

  it('ordinary chat is not looked at', async () => {
    const { deps, store, calls } = fakes();
    await expect(completeConnectionFromBot(deps, message('good morning'), store)).resolves.toBe(false);
    expect(calls.pendingFor).toEqual([]);
  });

  it('a sender whose id hides the phone (@lid) cannot be matched', async () => {
    const { deps, store, calls } = fakes();
    await expect(completeConnectionFromBot(deps, message('/connect', '123456789012345@lid'), store)).resolves.toBe(
      false,
    );
    expect(calls.pendingFor).toEqual([]);
  });

  it('a phone without a pending connection connects nothing', async () => {
    const { deps, store, calls } = fakes({ connection: null });
    await expect(completeConnectionFromBot(deps, message('/connect', '447700900123@c.us'), store)).resolves.toBe(false);
    expect(calls.pendingFor).toEqual(['+447700900123']);
    expect(calls.connected).toEqual([]);
    expect(calls.sent).toEqual([]);
  });

  it('a refused group (another community has it) leaves the connection pending and says nothing', async () => {
    const { deps, store, calls } = fakes({ connect: { ok: false, reason: 'group_taken' } });
    await expect(completeConnectionFromBot(deps, message('/connect'), store)).resolves.toBe(false);
    expect(calls.marked).toEqual([]);
    expect(calls.sent).toEqual([]);
  });

  it('a failed confirmation does not undo the connection', async () => {
    const { deps, store, calls } = fakes({ sendFails: true });
    await expect(completeConnectionFromBot(deps, message('#kehila'), store)).resolves.toBe(true);
    expect(calls.marked).toHaveLength(1);
  });
});
