import { describe, expect, it } from 'vitest';
import { evolutionAdapter } from '@kehila/functions/adapters/whatsapp/evolution';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { MalformedWebhookError } from '@kehila/functions/adapters/whatsapp/webhook-types';
import { fixture } from '../../../../fixtures/whatsapp/index';

const secrets = LOCAL_WHATSAPP_SECRETS;
const parse = (name: string) => evolutionAdapter.parse(JSON.parse(fixture('evolution', name)));

describe('Evolution API webhook adapter', () => {
  it.each([
    [
      'text',
      {
        group_id: '120363025555000003@g.us',
        provider_message_id: '3EB0B7F2E1D04C9A8B63',
        sender_id: '972501234567@c.us',
        sender_name: 'Dana Levi',
        timestamp: '2026-01-01T09:00:00.000Z',
        text: "We're hiring a senior backend engineer (Node, AWS). Referrals welcome, bonus for hires!",
        reply_to: null,
        media_type: null,
      },
    ],
    [
      'reply',
      {
        group_id: '120363025555000003@g.us',
        provider_message_id: '3A9D4E8F1C2B7A6E5D01',
        sender_id: '184467440737095@lid',
        sender_name: 'Noa Mizrahi',
        timestamp: '2026-01-01T09:04:00.000Z',
        text: 'שלחתי לך בפרטי קורות חיים של חבר, הוא מדהים',
        reply_to: '3EB0B7F2E1D04C9A8B63',
        media_type: null,
      },
    ],
    [
      'media',
      {
        group_id: '120363025555000003@g.us',
        provider_message_id: '3EB0E6C1A8F2D9B40C57',
        // Baileys' device suffix (:14) and @s.whatsapp.net host normalise to the @c.us id.
        sender_id: '972527654321@c.us',
        sender_name: 'Yossi Cohen',
        timestamp: '2026-01-01T09:08:20.000Z',
        text: '',
        reply_to: null,
        media_type: 'audio',
      },
    ],
  ])('normalises the %s fixture', (name, expected) => {
    expect(parse(name)).toEqual({ messages: [expected], botAdded: [], participants: [], ignored: 0 });
  });

  it('reports the bot being added to a group, by whom', () => {
    expect(parse('group-participants-add')).toEqual({
      messages: [],
      botAdded: [{ groupId: '120363025555000008@g.us', senderId: '972541112233@c.us', groupName: null }],
      participants: [],
      ignored: 0,
    });
  });

  it('ignores a direct chat', () => {
    expect(parse('direct-chat')).toEqual({ messages: [], botAdded: [], participants: [], ignored: 1 });
  });

  it('accepts the apikey from the body, or from an apikey header', () => {
    const body = fixture('evolution', 'text');
    expect(evolutionAdapter.verify({ rawBody: Buffer.from(body), headers: {} }, secrets)).toEqual({ ok: true });
    const stripped = JSON.stringify({ ...JSON.parse(body), apikey: undefined });
    expect(
      evolutionAdapter.verify(
        { rawBody: Buffer.from(stripped), headers: { apikey: secrets.evolution.apiKey } },
        secrets,
      ),
    ).toEqual({
      ok: true,
    });
  });

  it.each([
    ['missing', JSON.stringify({ event: 'messages.upsert', data: {} }), {}, 'Missing apikey'],
    ['wrong', JSON.stringify({ event: 'messages.upsert', data: {}, apikey: 'guess' }), {}, 'Invalid apikey'],
    ['unreadable', 'not json', {}, 'Missing apikey'],
    ['wrong header', fixture('evolution', 'text'), { apikey: 'guess' }, 'Invalid apikey'],
  ])('refuses a %s apikey', (_case, rawBody, headers, reason) => {
    expect(evolutionAdapter.verify({ rawBody: Buffer.from(rawBody), headers }, secrets)).toEqual({ ok: false, reason });
  });

  it.each([
    [{ event: 'messages.upsert' }, 'Evolution webhook body must be a JSON object with "event" and "data"'],
    [{ event: 'messages.upsert', data: 'x' }, 'Evolution messages.upsert "data" must be an object'],
    [
      {
        event: 'messages.upsert',
        data: { key: { remoteJid: '1@g.us', participant: '2@s.whatsapp.net' }, message: { conversation: 'hi' } },
      },
      'Evolution message has no "key.id"',
    ],
  ])('says why a malformed body is refused: %j', (body, reason) => {
    expect(() => evolutionAdapter.parse(body)).toThrow(new MalformedWebhookError(reason));
  });
});
