import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Community, RealtimeServerMessage } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { signIn, stack, useStackEnv } from '../../support';
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
