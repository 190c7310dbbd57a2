import { describe, expect, it } from 'vitest';
import { wahaAdapter } from '@kehila/functions/adapters/whatsapp/waha';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { MalformedWebhookError } from '@kehila/functions/adapters/whatsapp/webhook-types';
import { signBody } from '@kehila/functions/adapters/whatsapp/payloads';
import { hmacHex } from '@kehila/functions/adapters/whatsapp/signatures';
import { fixture } from '../../../../fixtures/whatsapp/index';

const secrets = LOCAL_WHATSAPP_SECRETS;
const parse = (name: string) => wahaAdapter.parse(JSON.parse(fixture('waha', name)));

describe('WAHA webhook adapter', () => {
  it.each([
    [
      'text',
      {
        group_id: '120363025555000001@g.us',
        provider_message_id: '3EB0C431C26A1916E07A',
        sender_id: '972501234567@c.us',
        sender_name: 'Dana Levi',
        timestamp: '2026-01-01T07:00:00.000Z',
        text: 'Does anyone know a good accountant for an early-stage startup? We need someone before the end of the quarter.',
        reply_to: null,
        media_type: null,
      },
    ],
    [
      'reply',
      {
        group_id: '120363025555000001@g.us',
        provider_message_id: '3A6C1E5F0B2D4A8C9E71',
        sender_id: '184467440737095@lid',
        sender_name: 'Yossi Cohen',
        timestamp: '2026-01-01T07:03:25.000Z',
        text: 'יש לי המלצה חמה על רואת חשבון מתל אביב, אשלח לך את הטלפון שלה בפרטי',
        reply_to: '3EB0C431C26A1916E07A',
        media_type: null,
      },
    ],
    [
      'media',
      {
        group_id: '120363025555000001@g.us',
        provider_message_id: '3EB05D2A9F7C41B6E0D3',
        sender_id: '972527654321@c.us',
        sender_name: 'Yossi Cohen',
        timestamp: '2026-01-01T07:13:42.000Z',
        text: "Slides from last night's meetup on hiring your first engineers",
        reply_to: null,
        media_type: 'image',
      },
    ],
  ])('normalises the %s fixture', (name, expected) => {
    expect(parse(name)).toEqual({ messages: [expected], botAdded: [], participants: [], ignored: 0 });
  });

  it('reports the bot joining a group with the person who added it', () => {
    expect(parse('group-join')).toEqual({
      messages: [],
      botAdded: [{ groupId: '120363025555000009@g.us', senderId: '972541112233@c.us', groupName: 'Haifa Makers' }],
      participants: [],
      ignored: 0,
    });
  });

  it.each(['direct-chat', 'own-api-send'])('ignores the %s fixture', (name) => {
    expect(parse(name)).toEqual({ messages: [], botAdded: [], participants: [], ignored: 1 });
  });

  it('accepts the fixture signed with the HMAC-SHA512 key', () => {
    const body = fixture('waha', 'text');
    expect(wahaAdapter.verify({ rawBody: Buffer.from(body), headers: signBody('waha', body) }, secrets)).toEqual({
      ok: true,
    });
  });

  it.each([
    ['missing', {}, 'Missing X-Webhook-Hmac signature'],
    ['forged', { 'x-webhook-hmac': hmacHex('sha512', 'not-the-key', 'x') }, 'Invalid X-Webhook-Hmac signature'],
    [
      'other-algorithm',
      { 'x-webhook-hmac': 'ab', 'x-webhook-hmac-algorithm': 'sha256' },
      'Unsupported X-Webhook-Hmac-Algorithm sha256',
    ],
  ])('refuses a %s signature', (_case, headers, reason) => {
    const body = fixture('waha', 'text');
    expect(wahaAdapter.verify({ rawBody: Buffer.from(body), headers }, secrets)).toEqual({ ok: false, reason });
  });

  it('refuses a body changed after signing', () => {
    const body = fixture('waha', 'text');
    const headers = signBody('waha', body);
    expect(
      wahaAdapter.verify({ rawBody: Buffer.from(body.replace('accountant', 'lawyer')), headers }, secrets).ok,
    ).toBe(false);
  });

  it('refuses everything when no HMAC key is configured', () => {
    const body = fixture('waha', 'text');
    expect(wahaAdapter.verify({ rawBody: Buffer.from(body), headers: signBody('waha', body) }, {}).ok).toBe(false);
  });

  it.each([
    [[1, 2], 'WAHA webhook body must be a JSON object with "event" and "payload"'],
    [{ event: 'message' }, 'WAHA webhook body must be a JSON object with "event" and "payload"'],
    [{ event: 'message', payload: { from: '1@g.us', timestamp: 1, body: 'x' } }, 'WAHA message payload has no "id"'],
    [
      { event: 'message', payload: { id: 'false_1@g.us_AB', from: '1@g.us', timestamp: 1, body: 'x' } },
      'WAHA group message has no "participant"',
    ],
  ])('says why a malformed body is refused: %j', (body, reason) => {
    expect(() => wahaAdapter.parse(body)).toThrow(new MalformedWebhookError(reason));
  });
});
