import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTable } from '../../../../support/table-mock';
import { PutCommand } from '@kehila/functions/data/table-client';
import { loadWhatsAppSecrets } from '@kehila/functions/adapters/whatsapp/secrets';
import { gatewaySender, localOutboxSender } from '@kehila/functions/adapters/whatsapp/sender';
import { createSecrets } from '@kehila/functions/adapters/secrets';
import type { Config } from '@kehila/functions/core/config';
import { sendTextRequest } from '@kehila/functions/adapters/whatsapp/gateway-send';
import { loadConfig } from '@kehila/functions/core/config';
import { createDb } from '@kehila/functions/data/db';

const ddb = mockTable();
const msg = { communityId: 'c1', groupId: '120363041234567890@g.us', text: 'Weekly summary' };

/** The cloud sender as the wiring builds it: secrets from the configuration. */
const cloudSender = (config: Config) =>
  gatewaySender(config, createDb(config), () => loadWhatsAppSecrets(createSecrets(config), config.stage));

describe('WhatsApp sender', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(PutCommand).resolves({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('locally puts the message in the outbox and prints it, sending nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const config = loadConfig({ STAGE: 'local', TABLE_NAME: 't' });
    await localOutboxSender(createDb(config)).send(msg);
    const item = ddb.commandCalls(PutCommand)[0]?.args[0].input.Item;
    expect(item).toMatchObject({ pk: 'C#c1#OUTBOX', group_id: msg.groupId, text: 'Weekly summary', status: 'local' });
    expect(log.mock.calls[0]?.[0]).toContain('Weekly summary');
    expect(fetchSpy).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('in the cloud sends through the configured gateway and logs it in the outbox', async () => {
    const fetchSpy = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetchSpy);
    const config = loadConfig({
      STAGE: 'cloud',
      TABLE_NAME: 't',
      WHATSAPP_WEBHOOK_SECRETS: JSON.stringify({
        waha: { baseUrl: 'https://waha.example', apiKey: 'k', session: 'default' },
      }),
    });
    await cloudSender(config).send(msg);
    expect(fetchSpy).toHaveBeenCalledWith('https://waha.example/api/sendText', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
      body: JSON.stringify({ session: 'default', chatId: msg.groupId, text: 'Weekly summary' }),
    });
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ status: 'sent', provider: 'waha' });
  });

  it('records a refused send as failed and throws', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('quota exceeded', { status: 466 })),
    );
    const config = loadConfig({
      STAGE: 'cloud',
      TABLE_NAME: 't',
      WHATSAPP_SEND_PROVIDER: 'green',
      WHATSAPP_WEBHOOK_SECRETS: JSON.stringify({ green: { idInstance: '1101', apiTokenInstance: 'tok' } }),
    });
    await expect(cloudSender(config).send(msg)).rejects.toThrow('green refused the message: 466');
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ status: 'failed', provider: 'green' });
  });

  it.each([
    [
      'green',
      { green: { idInstance: '1101', apiTokenInstance: 'tok' } },
      'https://api.green-api.com/waInstance1101/sendMessage/tok',
      { chatId: msg.groupId, message: msg.text },
    ],
    [
      'evolution',
      { evolution: { baseUrl: 'https://evo.example/', apiKey: 'ek', instance: 'kehila' } },
      'https://evo.example/message/sendText/kehila',
      { number: msg.groupId, text: msg.text },
    ],
    [
      'meta',
      { meta: { accessToken: 'at', phoneNumberId: '1065' } },
      'https://graph.facebook.com/v23.0/1065/messages',
      {
        messaging_product: 'whatsapp',
        recipient_type: 'group',
        to: msg.groupId,
        type: 'text',
        text: { body: msg.text },
      },
    ],
  ] as const)('builds the %s send request', (provider, secrets, url, body) => {
    const req = sendTextRequest(provider, secrets, { groupId: msg.groupId, text: msg.text });
    expect(req.url).toBe(url);
    expect(JSON.parse(req.body)).toEqual(body);
  });

  it("sends a person's reminder to Meta as an individual message to the number", () => {
    const req = sendTextRequest(
      'meta',
      { meta: { accessToken: 'at', phoneNumberId: '1065' } },
      { groupId: '972501234567@c.us', text: 'Reminder' },
    );
    expect(JSON.parse(req.body)).toMatchObject({ recipient_type: 'individual', to: '972501234567' });
  });

  it('says what is missing when a gateway is not configured', () => {
    expect(() => sendTextRequest('waha', {}, { groupId: 'g', text: 't' })).toThrow('waha.baseUrl is missing');
  });
});
