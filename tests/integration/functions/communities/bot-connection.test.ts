import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@kehila/functions/data/table-client';
import type { Deps } from '@kehila/functions/core/deps';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { findCommunityIdByGroup, getCommunity } from '@kehila/functions/data/communities';
import { keys } from '@kehila/functions/data/keys';
import { getProfile } from '@kehila/functions/data/profiles';
import { api, stack, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';
import { greenMessage, group, verifyGroup, waId } from './verify';

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

async function outbox(deps: Deps, pk: string): Promise<string[]> {
  const res = await deps.db.doc.send(
    new QueryCommand({
      TableName: deps.db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
    }),
  );
  return (res.Items ?? []).map((i) => String(i.text));
}
const communityOutbox = (id: string) => keys.outbox(id, '', '').pk;
const groupOutbox = (id: string) => keys.groupOutbox(id, '', '').pk;

type Connection = {
  status: string;
  code: string;
  group_id: string | null;
  community_id: string | null;
  error: string | null;
};

describe('the bot completes a connection only with the code from the user’s own WhatsApp', () => {
  let deps: Deps;

  beforeAll(() => {
    deps = useStackEnv();
  });

  it('onboarding: the code sent from the admin’s phone connects the group; the poll sees it; the bot confirms', async () => {
    const admin = await signedInUser('bot');
    const start = await api('/api/onboarding', { token: admin.token, method: 'POST' });
    const communityId = (start.body.community as { id: string }).id;
    const connection = start.body.connection as Connection;
    expect(connection.code).toMatch(/^\d{6}$/);
    const groupId = group();

    // Someone else's phone, the admin's phone without the code, and a plain message: nothing.
    expect((await greenMessage(groupId, '972599999999@c.us', `/connect ${connection.code}`)).status).toBe(200);
    expect((await greenMessage(groupId, waId(admin.phone), '/connect')).status).toBe(200);
    expect((await greenMessage(groupId, waId(admin.phone), 'hello')).status).toBe(200);
    expect(((await api('/api/onboarding', { token: admin.token })).body.connection as Connection).status).toBe(
      'pending',
    );
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBeNull();
    // Without a code the bot says how to finish, and shows no code.
    expect(await outbox(deps, groupOutbox(groupId))).toEqual([
      expect.stringContaining('send the code shown in the Kehila app'),
    ]);

    expect((await greenMessage(groupId, waId(admin.phone), `/connect ${connection.code}`)).status).toBe(200);
    const poll = await api('/api/onboarding', { token: admin.token });
    expect(poll.body.connection).toMatchObject({ status: 'connected', group_id: groupId, community_id: communityId });
    expect(await getCommunity(deps.db, communityId)).toMatchObject({ group_id: groupId });
    expect((await getProfile(deps.db, admin.id))?.group_id).toBe(groupId);
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBe(communityId);
    expect(await outbox(deps, communityOutbox(communityId))).toEqual([expect.stringContaining(`Group ID: ${groupId}`)]);
  });

  it('adding the bot does not connect a group by itself: the bot asks for the code', async () => {
    const admin = await signedInUser('botadd');
    await api('/api/onboarding', { token: admin.token, method: 'POST' });
    const groupId = group();
    expect((await wahaJoin(groupId, waId(admin.phone), 'Founders')).status).toBe(200);
    expect(((await api('/api/onboarding', { token: admin.token })).body.connection as Connection).status).toBe(
      'pending',
    );
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBeNull();
    expect(await outbox(deps, groupOutbox(groupId))).toEqual([expect.stringContaining('/connect')]);
  });

  it('two accounts racing for one phone: the one whose code comes from the phone wins, the other fails with why', async () => {
    const owner = await signedInUser('owner');
    const squatter = await signedInUser('squatter', owner.phone.replace('+972', '0'));
    // The squatter opened their verification last: before the fix, the bot handed them the group.
    const mine = (await api('/api/connections', { token: owner.token, method: 'POST', body: {} }))
      .body as Connection & { id: string };
    const theirs = (await api('/api/connections', { token: squatter.token, method: 'POST', body: {} }))
      .body as Connection & {
      id: string;
    };
    expect(theirs.code).not.toBe(mine.code);
    const groupId = group();
    await greenMessage(groupId, waId(owner.phone), `/connect ${mine.code}`);
    expect((await api(`/api/connections/${mine.id}`, { token: owner.token })).body).toMatchObject({
      status: 'connected',
      group_id: groupId,
    });
    expect((await api(`/api/connections/${theirs.id}`, { token: squatter.token })).body).toMatchObject({
      status: 'failed',
      error: 'Failed to connect WhatsApp group: this WhatsApp number was verified from another Kehila account.',
    });
    // Nobody reads another's verification.
    expect((await api(`/api/connections/${mine.id}`, { token: squatter.token })).status).toBe(404);
    // And the squatter cannot claim the group.
    const claim = await api('/api/communities', { token: squatter.token, method: 'POST', body: { group_id: groupId } });
    expect(claim.status).toBe(404);
    expect(await findCommunityIdByGroup(deps.db, groupId)).toBeNull();
  });

  it('five wrong codes fail the verification; the right code then does nothing', async () => {
    const user = await signedInUser('guess');
    const opened = (await api('/api/connections', { token: user.token, method: 'POST', body: {} }))
      .body as Connection & {
      id: string;
    };
    const groupId = group();
    const wrong = String((Number(opened.code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) await greenMessage(groupId, waId(user.phone), `/connect ${wrong}`);
    await greenMessage(groupId, waId(user.phone), `/connect ${opened.code}`);
    expect((await api(`/api/connections/${opened.id}`, { token: user.token })).body).toMatchObject({
      status: 'failed',
      group_id: null,
      error: 'Failed to connect WhatsApp group: too many wrong codes. Get a new code and try again.',
    });
  });

  it('Add Community: a made-up group id, or a real group the caller never verified, is a 404 that changes nothing', async () => {
    const stranger = await signedInUser('stranger');
    const victim = await signedInUser('victim');
    const victimGroup = group();
    await verifyGroup(victim, victimGroup);
    for (const groupId of [group(), victimGroup]) {
      const res = await api('/api/communities', { token: stranger.token, method: 'POST', body: { group_id: groupId } });
      expect(res.status).toBe(404);
      expect(await findCommunityIdByGroup(deps.db, groupId)).toBeNull();
    }
    expect((await api('/api/communities', { token: stranger.token })).body.communities).toEqual([]);
    // The victim's own claim goes through.
    const own = await api('/api/communities', { token: victim.token, method: 'POST', body: { group_id: victimGroup } });
    expect(own.status).toBe(200);
    expect(await findCommunityIdByGroup(deps.db, victimGroup)).toBe(own.body.community_id);
  });

  it('Settings: connecting a group by id needs the caller’s own verification of it too', async () => {
    const admin = await signedInUser('settings');
    const start = await api('/api/onboarding', { token: admin.token, method: 'POST' });
    const communityId = (start.body.community as { id: string }).id;
    const unverified = await api(`/api/communities/${communityId}/group`, {
      token: admin.token,
      method: 'POST',
      body: { group_id: group() },
    });
    expect(unverified.status).toBe(404);
    expect((await getCommunity(deps.db, communityId))?.group_id).toBeNull();
    const opened = (
      await api(`/api/communities/${communityId}/connection`, { token: admin.token, method: 'POST', body: {} })
    ).body as Connection;
    expect(opened.community_id).toBe(communityId);
    const groupId = group();
    await greenMessage(groupId, waId(admin.phone), `#kehila ${opened.code}`);
    expect(await getCommunity(deps.db, communityId)).toMatchObject({ group_id: groupId });
  });
});
