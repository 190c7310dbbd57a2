import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Community, RealtimeServerMessage } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { api, signIn, stack, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';
import { putMember } from '@kehila/functions/data/memberships';
import { blankMember } from '@kehila/functions/core/communities/records';
import { communityWithGroup, freshGroupId, postMessage, subOf } from '../../../fixtures/whatsapp/stack-community';

/** A WebSocket client of the gateway's /ws that collects server messages. */
async function connect(): Promise<{
  ws: WebSocket;
  received: RealtimeServerMessage[];
  next: (type: string) => Promise<RealtimeServerMessage>;
}> {
  const ws = new WebSocket(`${stack().url.replace(/^http/, 'ws')}/ws`);
  const received: RealtimeServerMessage[] = [];
  const waiters: { type: string; resolve: (m: RealtimeServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as RealtimeServerMessage;
    const i = waiters.findIndex((w) => w.type === msg.type);
    if (i >= 0) waiters.splice(i, 1)[0]?.resolve(msg);
    else received.push(msg);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (type: string) =>
    new Promise<RealtimeServerMessage>((resolve, reject) => {
      const seen = received.find((m) => m.type === type);
      if (seen) {
        received.splice(received.indexOf(seen), 1);
        return resolve(seen);
      }
      waiters.push({ type, resolve });
      setTimeout(() => reject(new Error(`no ${type} within 15 s`)), 15_000);
    });
  return { ws, received, next };
}

describe('live message events over the local /ws', () => {
  let deps: Deps;
  let token: string;
  let community: Community;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
  });
  afterEach(() => {
    for (const ws of sockets.splice(0)) ws.close();
  });

  it('delivers message.inserted to a member subscribed to the community', async () => {
    const client = await connect();
    sockets.push(client.ws);
    client.ws.send(JSON.stringify({ action: 'subscribe', communityId: community.id, token }));
    expect(await client.next('subscribed')).toEqual({ type: 'subscribed', communityId: community.id });

    const posted = await postMessage(stack().url, 'evolution', {
      groupId: community.group_id as string,
      senderId: '972501234567@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(),
      text: 'Live: the venue changed to the rooftop',
    });
    const event = await client.next('message.inserted');
    expect(event).toMatchObject({
      type: 'message.inserted',
      communityId: community.id,
      message: { msg_id: posted.msgId, content: 'Live: the venue changed to the rooftop', Sender_name: 'Dana Levi' },
    });
  });

  it('stops delivering to a member the moment they leave, while the others still receive', async () => {
    const leaver = await signedInUser('leaver');
    await putMember(
      deps.db,
      blankMember({ userId: leaver.id, communityId: community.id, role: 'Member', now: new Date() }),
    );
    const stays = await connect();
    const leaves = await connect();
    sockets.push(stays.ws, leaves.ws);
    stays.ws.send(JSON.stringify({ action: 'subscribe', communityId: community.id, token }));
    leaves.ws.send(JSON.stringify({ action: 'subscribe', communityId: community.id, token: leaver.token }));
    await stays.next('subscribed');
    await leaves.next('subscribed');

    const left = await api(`/api/communities/${community.id}/membership`, { token: leaver.token, method: 'DELETE' });
    expect(left.status).toBe(200);
    const posted = await postMessage(stack().url, 'evolution', {
      groupId: community.group_id as string,
      senderId: '972501234567@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(),
      text: 'After the leaver left',
    });
    // The one who stayed receives it; by then the leaver would have too, had they still been subscribed.
    expect(await stays.next('message.inserted')).toMatchObject({ message: { msg_id: posted.msgId } });
    await new Promise((r) => setTimeout(r, 300));
    expect(leaves.received.filter((m) => m.type === 'message.inserted')).toEqual([]);
    // Subscribing again is refused: they are no longer a member.
    leaves.ws.send(JSON.stringify({ action: 'subscribe', communityId: community.id, token: leaver.token }));
    expect(await leaves.next('error')).toEqual({ type: 'error', message: 'Community not found' });
  });

  it.each([
    ['removes', 'DELETE', '', undefined],
    ['rejects', 'PUT', '/approval', { approved: false }],
  ] as const)('stops delivering to a member at once when an admin %s them', async (_what, method, suffix, body) => {
    const member = await signedInUser('removed');
    await putMember(
      deps.db,
      blankMember({ userId: member.id, communityId: community.id, role: 'Member', now: new Date() }),
    );
    const watcher = await connect();
    const removed = await connect();
    sockets.push(watcher.ws, removed.ws);
    watcher.ws.send(JSON.stringify({ action: 'subscribe', communityId: community.id, token }));
    removed.ws.send(JSON.stringify({ action: 'subscribe', communityId: community.id, token: member.token }));
    await watcher.next('subscribed');
    await removed.next('subscribed');

    const res = await api(`/api/communities/${community.id}/members/${member.id}${suffix}`, {
      token,
      method,
      ...(body ? { body } : {}),
    });
    expect(res.status).toBe(200);
    const posted = await postMessage(stack().url, 'evolution', {
      groupId: community.group_id as string,
      senderId: '972501234567@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(),
      text: `After the admin's change (${method})`,
    });
    expect(await watcher.next('message.inserted')).toMatchObject({ message: { msg_id: posted.msgId } });
    await new Promise((r) => setTimeout(r, 300));
    expect(removed.received.filter((m) => m.type === 'message.inserted')).toEqual([]);
  });

  it('answers ping with pong and refuses a bad token or a community the user is not in', async () => {
    const client = await connect();
    sockets.push(client.ws);
    client.ws.send(JSON.stringify({ action: 'ping' }));
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    client.ws.send(JSON.stringify({ action: 'subscribe', communityId: community.id, token: `${token}x` }));
    expect(await client.next('error')).toEqual({ type: 'error', message: 'Not authenticated' });
    const stranger = await communityWithGroup(deps, freshGroupId());
    client.ws.send(JSON.stringify({ action: 'subscribe', communityId: stranger.id, token }));
    expect(await client.next('error')).toEqual({ type: 'error', message: 'Community not found' });
  });
});
