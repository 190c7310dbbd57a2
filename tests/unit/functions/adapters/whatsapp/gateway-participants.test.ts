import { describe, expect, it } from 'vitest';
import { readParticipantsThroughGateway } from '@kehila/functions/adapters/whatsapp/gateway-participants';
import type { WhatsAppSecrets } from '@kehila/functions/adapters/whatsapp/secrets';

const group = '120363025555000001@g.us';
const secrets: WhatsAppSecrets = {
  waha: { hmacKey: 'k', baseUrl: 'https://waha.example/', apiKey: 'waha-key', session: 'default' },
  evolution: { apiKey: 'evo-key', baseUrl: 'https://evolution.example', instance: 'kehila' },
  green: { webhookToken: 't', apiUrl: 'https://api.green-api.com', idInstance: '1101', apiTokenInstance: 'green-token' },
  meta: { appSecret: 's', verifyToken: 'v', accessToken: 'a', phoneNumberId: '1' },
};

/** A gateway stand-in: answers by URL, records each request. */
function gateway(answers: Record<string, unknown>) {
  const requests: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({
      url,
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    });
    return url in answers
      ? new Response(JSON.stringify(answers[url]), { status: 200 })
      : new Response('not here', { status: 404 });
  }) as typeof fetch;
  return { fetchImpl, requests };
}

describe("a group's participant list through each gateway", () => {
  it('WAHA: participants/v2 with the api key, the @lid phone ids and roles, without the session itself', async () => {
    const g = gateway({
      [`https://waha.example/api/default/groups/${encodeURIComponent(group)}/participants/v2`]: [
        { id: '972500000001@c.us', role: 'participant' },
        { id: '972501112233@c.us', role: 'superadmin' },
        { id: '88112233445566@lid', pn: '972504445566@c.us', role: 'participant' },
      ],
      'https://waha.example/api/sessions/default/me': { id: '972500000001@c.us', pushName: 'Kehila Bot' },
    });
    const list = await readParticipantsThroughGateway('waha', secrets, group, g.fetchImpl);
    expect(list).toEqual([
      { id: '972501112233@c.us', phoneId: null, name: null, admin: true },
      { id: '88112233445566@lid', phoneId: '972504445566@c.us', name: null, admin: false },
    ]);
    expect(g.requests.every((r) => r.headers['x-api-key'] === 'waha-key')).toBe(true);
  });

  it("Evolution: group/participants with the instance's apikey; Baileys jids become phone ids", async () => {
    const g = gateway({
      [`https://evolution.example/group/participants/kehila?groupJid=${encodeURIComponent(group)}`]: {
        participants: [
          { id: '972500000001@s.whatsapp.net', admin: null },
          { id: '88112233445566@lid', phoneNumber: '972504445566@s.whatsapp.net', admin: 'admin' },
        ],
      },
      'https://evolution.example/instance/fetchInstances?instanceName=kehila': [
        { name: 'kehila', ownerJid: '972500000001@s.whatsapp.net' },
      ],
    });
    const list = await readParticipantsThroughGateway('evolution', secrets, group, g.fetchImpl);
    expect(list).toEqual([{ id: '88112233445566@lid', phoneId: '972504445566@c.us', name: null, admin: true }]);
    expect(g.requests[0]?.headers.apikey).toBe('evo-key');
  });

  it('Green API: getGroupData with the group id in the body', async () => {
    const g = gateway({
      'https://api.green-api.com/waInstance1101/getGroupData/green-token': {
        groupId: group,
        participants: [
          { id: '972501112233@c.us', isAdmin: false, isSuperAdmin: true },
          { id: '972500000001@c.us', isAdmin: false, isSuperAdmin: false },
        ],
      },
      'https://api.green-api.com/waInstance1101/getWaSettings/green-token': { phone: '972500000001' },
    });
    const list = await readParticipantsThroughGateway('green', secrets, group, g.fetchImpl);
    expect(list).toEqual([{ id: '972501112233@c.us', phoneId: null, name: null, admin: true }]);
    expect(g.requests[0]).toMatchObject({ method: 'POST', body: JSON.stringify({ groupId: group }) });
  });

  it("Meta: the Groups API's participants with the access token, without the business's own number", async () => {
    const metaGroup = 'Y2FwaV9ncm91cDoxNTU1MDc4Mzg4MToxMjAzNjMwMjU1NTUwMDAwMDQ=';
    const g = gateway({
      [`https://graph.facebook.com/v23.0/${encodeURIComponent(metaGroup)}?fields=participants`]: {
        id: metaGroup,
        messaging_product: 'whatsapp',
        participants: [{ wa_id: '15550783881' }, { wa_id: '972501112233' }, { wa_id: '', user_id: 'IL.1' }],
      },
      'https://graph.facebook.com/v23.0/1?fields=display_phone_number': { display_phone_number: '+1 555-078-3881', id: '1' },
    });
    const list = await readParticipantsThroughGateway('meta', secrets, metaGroup, g.fetchImpl);
    expect(list).toEqual([{ id: '972501112233@c.us', phoneId: null, name: null, admin: null }]);
    expect(g.requests.every((r) => r.headers.authorization === 'Bearer a')).toBe(true);
  });

  it("says the gateway's answer when it refuses the list", async () => {
    const g = gateway({});
    await expect(readParticipantsThroughGateway('waha', secrets, group, g.fetchImpl)).rejects.toThrow(
      'waha refused the participant list: 404 not here',
    );
  });
});
