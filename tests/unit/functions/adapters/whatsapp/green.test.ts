import { describe, expect, it } from 'vitest';
import { greenAdapter } from '@kehila/functions/adapters/whatsapp/green';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { MalformedWebhookError } from '@kehila/functions/adapters/whatsapp/webhook-types';
import { fixture } from '../../../../fixtures/whatsapp/index';

const secrets = LOCAL_WHATSAPP_SECRETS;
const parse = (name: string) => greenAdapter.parse(JSON.parse(fixture('green', name)));

describe('Green API webhook adapter', () => {
  it.each([
    [
      'text',
      {
        group_id: '120363025555000002@g.us',
        provider_message_id: 'BAE5F4886F6F2D05',
        sender_id: '972527654321@c.us',
        sender_name: 'Yossi Cohen',
        timestamp: '2026-01-01T08:00:00.000Z',
        text: 'Reminder: the pitch practice session moved to Thursday 18:00 at the Azrieli lobby.',
        reply_to: null,
        media_type: null,
      },
    ],
    [
      'reply',
      {
        group_id: '120363025555000002@g.us',
        provider_message_id: '3A0E9D2C7B5F41A6D8C2',
        sender_id: '184467440737095@lid',
        sender_name: 'מיכל אברהם',
        timestamp: '2026-01-01T08:03:00.000Z',
        text: 'מעולה, אני אגיע. מישהו יכול להביא מקרן?',
        reply_to: 'BAE5F4886F6F2D05',
        media_type: null,
      },
    ],
    [
      'media',
      {
        group_id: '120363025555000002@g.us',
        provider_message_id: 'BAE5C3A10F9D77E2',
        sender_id: '972501234567@c.us',
        sender_name: 'Dana Levi',
        timestamp: '2026-01-01T08:08:20.000Z',
        text: 'Term sheet template we used for our seed round',
        reply_to: null,
        media_type: 'document',
      },
    ],
  ])('normalises the %s fixture', (name, expected) => {
    expect(parse(name)).toEqual({ messages: [expected], botAdded: [], participants: [], ignored: 0 });
  });

  it.each(['direct-chat', 'own-api-send', 'status'])('ignores the %s fixture', (name) => {
    expect(parse(name)).toEqual({ messages: [], botAdded: [], participants: [], ignored: 1 });
  });

  it.each([
    ['a Bearer token', `Bearer ${secrets.green.webhookToken}`],
    ['the bare token', secrets.green.webhookToken],
  ])('accepts the webhookUrlToken as %s', (_case, authorization) => {
    expect(greenAdapter.verify({ rawBody: Buffer.from('{}'), headers: { authorization } }, secrets)).toEqual({
      ok: true,
    });
  });

  it.each([
    ['missing', {}, 'Missing Authorization token'],
    ['wrong', { authorization: 'Bearer guessed-token' }, 'Invalid Authorization token'],
  ])('refuses a %s token', (_case, headers, reason) => {
    expect(greenAdapter.verify({ rawBody: Buffer.from(fixture('green', 'text')), headers }, secrets)).toEqual({
      ok: false,
      reason,
    });
  });

  it.each([
    [{ typeWebhook: 1 }, 'Green API webhook body must be a JSON object with "typeWebhook"'],
    [
      { typeWebhook: 'incomingMessageReceived' },
      'Green API incomingMessageReceived has no "senderData" or "messageData"',
    ],
    [
      {
        typeWebhook: 'incomingMessageReceived',
        timestamp: 1,
        senderData: { chatId: '1@g.us', sender: '2@c.us' },
        messageData: { typeMessage: 'textMessage', textMessageData: { textMessage: 'hi' } },
      },
      'Green API incomingMessageReceived has no "idMessage"',
    ],
  ])('says why a malformed body is refused: %j', (body, reason) => {
    expect(() => greenAdapter.parse(body)).toThrow(new MalformedWebhookError(reason));
  });
});
