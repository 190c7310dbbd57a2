import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@kehila/functions/data/table-client';
import type { Deps } from '@kehila/functions/core/deps';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { findCommunityIdByGroup, getCommunity } from '@kehila/functions/data/communities';
import { keys } from '@kehila/functions/data/keys';
import { getProfile } from '@kehila/functions/data/profiles';
import { api, stack, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';

const group = () => `1203639${Math.floor(1e11 + Math.random() * 8e11)}@g.us`;
const waId = (phone: string) => `${phone.replace(/\D/g, '')}@c.us`;

/** A Green API group message, authenticated with the local webhook token. */
function greenMessage(groupId: string, sender: string, text: string) {
  return fetch(`${stack().url}/webhooks/whatsapp/green`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${LOCAL_WHATSAPP_SECRETS.green.webhookToken}`,
    },
    body: JSON.stringify({
      typeWebhook: 'incomingMessageReceived',
      instanceData: { idInstance: 1, wid: '972500000000@c.us', typeInstance: 'whatsapp' },
      timestamp: Math.floor(Date.now() / 1000),
      idMessage: randomUUID(),
      senderData: { chatId: groupId, chatName: 'Group', sender, senderName: 'Admin' },
      messageData: { typeMessage: 'textMessage', textMessageData: { textMessage: text } },
    }),
  });
}

/** A WAHA `group.v2.join` (the bot was added), signed with the local HMAC key. */
function wahaJoin(groupId: string, adder: string, subject: string) {
  const body = JSON.stringify({
    event: 'group.v2.join',
    session: 'default',
    me: { id: '972500000000@c.us' },
    payload: { group: { id: groupId, subject }, author: adder },
  });
  return fetch(`${stack().url}/webhooks/whatsapp/waha`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-hmac': createHmac('sha512', LOCAL_WHATSAPP_SECRETS.waha.hmacKey).update(body).digest('hex'),
      'x-webhook-hmac-algorithm': 'sha512',
    },
    body,
  });
}

async function outbox(deps: Deps, communityId: string): Promise<string[]> {
  const res = await deps.db.doc.send(
    new QueryCommand({
      TableName: deps.db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.outbox(communityId, '', '').pk },
    }),
  );
  return (res.Items ?? []).map((i) => String(i.text));
}

describe('the bot completes a pending connection', () => {
  let deps: Deps;

  beforeAll(() => {
    deps = useStackEnv();
  });

  it('a connect command from the admin’s phone connects the group; the onboarding poll sees it; the bot confirms', async () => {
    const admin = await signedInUser('bot');
    const start = await api('/api/onboarding', { token: admin.token, method: 'POST' });
    const communityId = (start.body.community as { id: string }).id;
    const groupId = group();

    expect((await greenMessage(groupId, '972599999999@c.us', '/connect')).status).toBe(200);
    expect(((await api('/api/onboarding', { token: admin.token })).body.connection as { status: string }).status).toBe(
      'pending',
    );
    expect((await greenMessage(groupId, waId(admin.phone), 'hello')).status).toBe(200);
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBeNull();

    expect((await greenMessage(groupId, waId(admin.phone), '/connect')).status).toBe(200);
    const poll = await api('/api/onboarding', { token: admin.token });
    expect(poll.body.connection).toMatchObject({ status: 'connected', group_id: groupId, community_id: communityId });
    expect(typeof (poll.body.connection as { uuid_detected_at: unknown }).uuid_detected_at).toBe('string');
    expect(await getCommunity(deps.db, communityId)).toMatchObject({ group_id: groupId });
    expect((await getProfile(deps.db, admin.id))?.group_id).toBe(groupId);
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBe(communityId);
    expect(await outbox(deps, communityId)).toEqual([expect.stringContaining(`Group ID: ${groupId}`)]);
  });

  it('the admin adding the bot to the group connects it too', async () => {
    const admin = await signedInUser('botadd');
    const start = await api('/api/onboarding', { token: admin.token, method: 'POST' });
    const communityId = (start.body.community as { id: string }).id;
    const groupId = group();
    expect((await wahaJoin(groupId, waId(admin.phone), 'Founders')).status).toBe(200);
    expect((await api('/api/onboarding', { token: admin.token })).body.connection).toMatchObject({
      status: 'connected',
      group_id: groupId,
    });
    expect(await outbox(deps, communityId)).toEqual([expect.stringContaining('"Founders"')]);
  });

  it('a group already connected elsewhere is not taken over', async () => {
    const first = await signedInUser('first');
    const second = await signedInUser('second');
    const groupId = group();
    await api('/api/communities', { token: first.token, method: 'POST', body: { group_id: groupId } });
    await api('/api/onboarding', { token: second.token, method: 'POST' });
    // The webhook stores messages of owned groups and does not ask the bot connection about them.
    await greenMessage(groupId, waId(second.phone), '/connect');
    expect(((await api('/api/onboarding', { token: second.token })).body.connection as { status: string }).status).toBe(
      'pending',
    );
  });
});
