import { describe, expect, it } from 'vitest';
import { evolutionAdapter } from '@kehila/functions/adapters/whatsapp/evolution';
import { buildParticipantsWebhook, buildWebhook, SIMULATED_BOT_ID } from '@kehila/functions/adapters/whatsapp/payloads';
import { wahaAdapter } from '@kehila/functions/adapters/whatsapp/waha';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';

const group = '120363025555000001@g.us';
const at = new Date('2026-02-01T10:00:00.000Z');
const adapters = { waha: wahaAdapter, evolution: evolutionAdapter } as const;

describe('participant events of the WhatsApp gateways', () => {
  it.each(['waha', 'evolution'] as const)('%s: a join names each person, with the phone id beside an @lid', (p) => {
    const req = buildParticipantsWebhook(p, {
      groupId: group,
      action: 'join',
      participants: [{ id: '972501112233@c.us' }, { id: '88112233445566@lid', phoneId: '972504445566@c.us' }],
      timestamp: at,
    });
    expect(adapters[p].verify({ rawBody: Buffer.from(req.body), headers: req.headers }, LOCAL_WHATSAPP_SECRETS).ok).toBe(
      true,
    );
    const parsed = adapters[p].parse(JSON.parse(req.body));
    expect(parsed.messages).toEqual([]);
    expect(parsed.botAdded).toEqual([]);
    expect(parsed.participants).toEqual([
      {
        groupId: group,
        action: 'join',
        timestamp: at.toISOString(),
        participants: [
          expect.objectContaining({ id: '972501112233@c.us', phoneId: null }),
          expect.objectContaining({ id: '88112233445566@lid', phoneId: '972504445566@c.us' }),
        ],
      },
    ]);
  });

  it.each([
    ['waha', 'leave'],
    ['waha', 'promote'],
    ['waha', 'demote'],
    ['evolution', 'leave'],
    ['evolution', 'promote'],
    ['evolution', 'demote'],
  ] as const)('%s: maps a %s event', (p, action) => {
    const req = buildParticipantsWebhook(p, {
      groupId: group,
      action,
      participants: [{ id: '972501112233@c.us' }],
      timestamp: at,
    });
    expect(adapters[p].parse(JSON.parse(req.body)).participants.map((e) => e.action)).toEqual([action]);
  });

  it.each(['waha', 'evolution'] as const)('%s: the bot itself is never a participant', (p) => {
    const req = buildParticipantsWebhook(p, {
      groupId: group,
      action: 'join',
      participants: [{ id: SIMULATED_BOT_ID }, { id: '972501112233@c.us' }],
      timestamp: at,
    });
    const parsed = adapters[p].parse(JSON.parse(req.body));
    expect(parsed.participants[0]?.participants.map((x) => x.id)).toEqual(['972501112233@c.us']);
    expect(parsed.botAdded).toHaveLength(1);
  });

  it('evolution: reads Baileys jids (@s.whatsapp.net, device suffix) as phone ids', () => {
    const parsed = evolutionAdapter.parse({
      event: 'GROUP_PARTICIPANTS_UPDATE',
      data: { id: group, participants: ['972501112233:4@s.whatsapp.net'], action: 'remove' },
      sender: '972500000001@s.whatsapp.net',
      apikey: 'k',
    });
    expect(parsed.participants).toEqual([
      {
        groupId: group,
        action: 'leave',
        timestamp: null,
        participants: [{ id: '972501112233@c.us', phoneId: null, name: null, admin: null }],
      },
    ]);
  });

  it('ignores an event of a kind it does not know', () => {
    const parsed = wahaAdapter.parse({
      event: 'group.v2.participants',
      payload: { group: { id: group }, type: 'request', participants: [{ id: '1@c.us' }] },
    });
    expect(parsed).toEqual({ messages: [], botAdded: [], participants: [], ignored: 1 });
  });

  it.each(['waha', 'evolution'] as const)('%s: a message from an @lid carries the phone id given beside it', (p) => {
    const req = buildWebhook(p, {
      groupId: group,
      messageId: '3EB0AAAABBBBCCCC0001',
      senderId: '88112233445566@lid',
      senderPhoneId: '972504445566@c.us',
      senderName: 'Noa',
      timestamp: at,
      text: 'hello',
    });
    const [m] = adapters[p].parse(JSON.parse(req.body)).messages;
    expect(m).toMatchObject({ sender_id: '88112233445566@lid', sender_phone_id: '972504445566@c.us' });
  });
});
