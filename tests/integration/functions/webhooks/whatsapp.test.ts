import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@kehila/functions/data/table-client';
import type { Community, Message, WhatsAppProvider } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { signBody } from '@kehila/functions/adapters/whatsapp/payloads';
import { webhookAdapters } from '@kehila/functions/adapters/whatsapp/webhooks';
import { messageIdFor } from '@kehila/functions/core/messages/ids';
import { getMessageById } from '@kehila/functions/data/messages';
import { keys } from '@kehila/functions/data/keys';
import { api, signIn, stack, useStackEnv } from '../../support';
import { fixture, FIXTURE_GROUPS, MESSAGE_FIXTURES } from '../../../fixtures/whatsapp/index';
import { communityWithGroup, freshGroupId, postMessage, subOf } from '../../../fixtures/whatsapp/stack-community';

const providers: WhatsAppProvider[] = ['waha', 'green', 'evolution', 'meta'];

async function post(
  provider: WhatsAppProvider,
  body: string,
  headers: Record<string, string> = signBody(provider, body),
) {
  const res = await fetch(`${stack().url}/webhooks/whatsapp/${provider}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The msg_id a fixture's message is stored under. */
function fixtureMsgId(provider: WhatsAppProvider, name: string): string {
  const [m] = webhookAdapters[provider].parse(JSON.parse(fixture(provider, name))).messages;
  if (!m) throw new Error(`${provider}/${name} holds no message`);
  return messageIdFor(m.group_id, m.provider_message_id);
}

async function partition(deps: Deps, communityId: string): Promise<Message[]> {
  const res = await deps.db.doc.send(
    new QueryCommand({
      TableName: deps.db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.messagePartition(communityId) },
    }),
  );
  return (res.Items ?? []) as Message[];
}

describe('WhatsApp webhooks into the local stack', () => {
  let deps: Deps;
  let token: string;
  const communities = {} as Record<WhatsAppProvider, Community>;

  beforeAll(async () => {
    deps = useStackEnv();
    const tokens = await signIn('admin@example.com', 'kehila-demo');
    token = tokens.IdToken;
    for (const p of providers) communities[p] = await communityWithGroup(deps, FIXTURE_GROUPS[p], [subOf(token)]);
  });

  describe.each(providers)('%s', (provider) => {
    it('stores each fixture message once, enriched, even when it is delivered twice', async () => {
      const community = communities[provider];
      for (const name of MESSAGE_FIXTURES) {
        const body = fixture(provider, name);
        expect(await post(provider, body)).toEqual({ status: 200, body: { accepted: 1, dropped: 0 } });
        expect(await post(provider, body)).toEqual({ status: 200, body: { accepted: 1, dropped: 0 } });
      }
      const ids = MESSAGE_FIXTURES.map((n) => fixtureMsgId(provider, n));
      await expect
        .poll(
          async () => (await Promise.all(ids.map((id) => getMessageById(deps.db, community.id, id)))).every(Boolean),
          {
            timeout: 20_000,
            interval: 200,
          },
        )
        .toBe(true);
      // Give a second delivery time to land before counting: it must have stored nothing.
      await new Promise((r) => setTimeout(r, 1500));
      const stored = await partition(deps, community.id);
      expect(stored.map((m) => m.msg_id).sort()).toEqual([...ids].sort());

      const text = await getMessageById(deps.db, community.id, ids[0] as string);
      expect(text?.content).toBeTruthy();
      expect(text?.urgency).toMatch(/^(high|medium|low)$/);
      expect(typeof text?.sentiment).toBe('number');
      expect(text?.emotion).toBeTruthy();
      expect(text?.intent).toBeTruthy();
      expect(typeof text?.toxicity).toBe('number');
      expect(text?.source).toBe('webhook');
      const reply = await getMessageById(deps.db, community.id, ids[1] as string);
      expect(reply?.reply_to).toBe(ids[0]);
      const media = await getMessageById(deps.db, community.id, ids[2] as string);
      expect(media?.media_type).toBeTruthy();

      // The day's aggregate counted three messages, not six.
      const day = await deps.db.doc.send(
        new GetCommand({
          TableName: deps.db.table,
          Key: keys.aggregateDay(community.id, text?.timestamp.slice(0, 10) ?? ''),
        }),
      );
      expect(day.Item?.count).toBe(3);
    });

    it('answers 401 to a forged signature and stores nothing', async () => {
      const original = JSON.parse(fixture(provider, 'text')) as unknown;
      // Same shape, new message id, signed with someone else's secret.
      const forged = JSON.stringify(original).replace(/(3EB0|BAE5|wamid\.HBgM)/, '$1FORGED');
      const headers = signBody(provider, forged, {
        waha: { hmacKey: 'attacker' },
        green: { webhookToken: 'attacker' },
        evolution: { apiKey: 'attacker' },
        meta: { appSecret: 'attacker' },
      });
      const body = provider === 'evolution' ? forged.replace('kehila-local-evolution-api-key', 'attacker') : forged;
      const res = await post(provider, body, headers);
      expect(res.status).toBe(401);
      const [m] = webhookAdapters[provider].parse(JSON.parse(body)).messages;
      await new Promise((r) => setTimeout(r, 1500));
      expect(
        await getMessageById(
          deps.db,
          communities[provider].id,
          messageIdFor(m?.group_id ?? '', m?.provider_message_id ?? ''),
        ),
      ).toBeNull();
    });
  });

  it('answers 400 with the reason to a malformed body', async () => {
    const body = '{"event":"message"}';
    expect(await post('waha', body)).toEqual({
      status: 400,
      body: { message: 'WAHA webhook body must be a JSON object with "event" and "payload"', code: 'bad_request' },
    });
  });

  it.each(providers)(
    '%s: answers 400 to a signed event whose group or message id is longer than WhatsApp’s, and counts nothing (found by the fuzz test)',
    async (provider) => {
      const day = new Date().toISOString().slice(0, 10);
      const counted = async () =>
        Number(
          (await deps.db.doc.send(new GetCommand({ TableName: deps.db.table, Key: keys.droppedCounter(day) }))).Item
            ?.count ?? 0,
        );
      const before = await counted();
      const message = { senderId: '972500000099@c.us', senderName: 'Stranger', timestamp: new Date(), text: 'hello' };
      const longGroup = await postMessage(stack().url, provider, { ...message, groupId: `${'1'.repeat(5000)}@g.us` });
      expect(longGroup).toMatchObject({ status: 400, body: { message: 'Group id is longer than 100 characters' } });
      const longId = await postMessage(stack().url, provider, {
        ...message,
        groupId: freshGroupId(),
        messageId: 'A'.repeat(5000),
      });
      expect(longId).toMatchObject({
        status: 400,
        body: { message: 'Message or sender id is longer than 256 characters' },
      });
      expect(await counted()).toBe(before);
    },
  );

  it('drops and counts messages of a group no community owns', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const before = await deps.db.doc.send(new GetCommand({ TableName: deps.db.table, Key: keys.droppedCounter(day) }));
    const res = await postMessage(stack().url, 'green', {
      groupId: freshGroupId(),
      senderId: '972500000099@c.us',
      senderName: 'Stranger',
      timestamp: new Date(),
      text: 'hello from a group nobody connected',
    });
    expect(res).toMatchObject({ status: 200, body: { accepted: 0, dropped: 1 } });
    const after = await deps.db.doc.send(new GetCommand({ TableName: deps.db.table, Key: keys.droppedCounter(day) }));
    expect(Number(after.Item?.count ?? 0)).toBe(Number(before.Item?.count ?? 0) + 1);
  });

  it('makes a webhook message findable through the message list', async () => {
    const community = communities.waha;
    const search = () =>
      api(`/api/communities/${community.id}/messages?q=${encodeURIComponent('accountant startup')}`, { token });
    // Indexing follows storage through the embed queue.
    await expect
      .poll(async () => ((await search()).body.items as Message[]).map((m) => m.msg_id), { timeout: 15_000 })
      .toContain(fixtureMsgId('waha', 'text'));
    expect((await search()).status).toBe(200);
  });

  it('answers Meta’s verification handshake', async () => {
    const ok = await fetch(
      `${stack().url}/webhooks/whatsapp/meta?hub.mode=subscribe&hub.verify_token=kehila-local-meta-verify-token&hub.challenge=8412`,
    );
    expect([ok.status, await ok.text()]).toEqual([200, '8412']);
    const bad = await fetch(
      `${stack().url}/webhooks/whatsapp/meta?hub.mode=subscribe&hub.verify_token=no&hub.challenge=1`,
    );
    expect(bad.status).toBe(403);
  });
});
