import { describe, expect, it } from 'vitest';
import { buildWebhook, type SimulatedMessage } from '@kehila/functions/adapters/whatsapp/payloads';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { webhookAdapters, whatsAppInbound } from '@kehila/functions/adapters/whatsapp/webhooks';
import type { WhatsAppProvider } from '@kehila/shared';

const providers: WhatsAppProvider[] = ['waha', 'green', 'evolution', 'meta'];
const base: SimulatedMessage = {
  groupId: '120363041234567890@g.us',
  messageId: '3EB0AAAABBBBCCCCDDDD',
  senderId: '972501234567@c.us',
  senderName: 'Dana Levi',
  timestamp: new Date('2026-02-03T04:05:06.000Z'),
  text: 'שלום לכולם, מי מגיע מחר?',
  replyTo: '3EB01111222233334444',
  media: null,
};

describe('simulated provider webhooks', () => {
  it.each(providers)('%s: a built webhook verifies and parses back to the same message', (provider) => {
    for (const media of [null, 'image'] as const) {
      const { body, headers } = buildWebhook(provider, { ...base, media });
      const adapter = webhookAdapters[provider];
      expect(adapter.verify({ rawBody: Buffer.from(body), headers }, LOCAL_WHATSAPP_SECRETS)).toEqual({ ok: true });
      expect(adapter.parse(JSON.parse(body)).messages).toEqual([
        {
          group_id: base.groupId,
          provider_message_id: base.messageId,
          sender_id: base.senderId,
          sender_name: base.senderName,
          timestamp: '2026-02-03T04:05:06.000Z',
          text: base.text,
          reply_to: base.replyTo,
          media_type: media,
        },
      ]);
    }
  });

  it('keeps @lid senders as given (except Meta, which only knows phone numbers)', () => {
    for (const provider of ['waha', 'green', 'evolution'] as const) {
      const { body } = buildWebhook(provider, { ...base, senderId: '184467440737095@lid' });
      expect(webhookAdapters[provider].parse(JSON.parse(body)).messages[0]?.sender_id).toBe('184467440737095@lid');
    }
  });
});

describe('the inbound port', () => {
  const inbound = whatsAppInbound(async () => LOCAL_WHATSAPP_SECRETS);
  const receive = (provider: WhatsAppProvider, message: SimulatedMessage) => {
    const { body, headers } = buildWebhook(provider, message);
    return inbound.receive(provider, { rawBody: Buffer.from(body), headers });
  };

  it.each(providers)(
    '%s: a signed event with ids longer than WhatsApp’s is malformed, not parsed',
    async (provider) => {
      expect((await receive(provider, base)).kind).toBe('ok');
      expect(await receive(provider, { ...base, groupId: `${'1'.repeat(101)}@g.us` })).toEqual({
        kind: 'malformed',
        reason: 'Group id is longer than 100 characters',
      });
      expect(await receive(provider, { ...base, messageId: 'A'.repeat(257) })).toEqual({
        kind: 'malformed',
        reason: 'Message or sender id is longer than 256 characters',
      });
    },
  );
});
