import { randomUUID } from 'node:crypto';
import { mockTable } from '../../../../support/table-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GetCommand, UpdateCommand } from '@kehila/functions/data/table-client';
import type { Context } from 'aws-lambda';
import { routeKey, routes, type InboundMessage, type WhatsAppProvider } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import type { HttpEvent } from '@kehila/functions/http/route-handler';
import { signBody } from '@kehila/functions/adapters/whatsapp/payloads';
import { metrics, METRIC } from '@kehila/functions/core/metrics';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { fixture, FIXTURE_GROUPS } from '../../../../fixtures/whatsapp/index';

const completeConnection = vi.hoisted(() => vi.fn(async () => false));
vi.mock('@kehila/functions/core/connections/complete-from-bot', () => ({
  completeConnectionFromBot: completeConnection,
}));

const { handler } = await import('@kehila/functions/http/webhooks/index');

const ddb = mockTable();
const sent: { queue: string; bodies: unknown[] }[] = [];
const queues: QueueClient = {
  async send(queue, body) {
    sent.push({ queue, bodies: [body] });
  },
  async sendBatch(queue, bodies) {
    sent.push({ queue, bodies: [...bodies] });
  },
};

function event(
  method: 'POST' | 'GET',
  provider: string,
  init: { body?: string; headers?: Record<string, string>; query?: Record<string, string> },
): HttpEvent {
  const route = method === 'POST' ? routes.whatsappWebhook : routes.whatsappWebhookVerify;
  return {
    routeKey: routeKey(route),
    rawPath: `/webhooks/whatsapp/${provider}`,
    headers: init.headers ?? {},
    pathParameters: { provider },
    ...(init.query ? { queryStringParameters: init.query } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
    isBase64Encoded: false,
    requestContext: { requestId: 'r', http: { method, path: `/webhooks/whatsapp/${provider}`, sourceIp: '127.0.0.1' } },
  };
}

const context = {
  functionName: 'webhooks',
  awsRequestId: 'a',
  getRemainingTimeInMillis: () => 5000,
} as unknown as Context;

async function post(provider: WhatsAppProvider, body: string, headers = signBody(provider, body)) {
  const res = await handler(event('POST', provider, { body, headers }), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

/** The community that owns each group, as the table answers GetItem on the group claim. */
function owners(map: Record<string, string>) {
  ddb.on(GetCommand).callsFake((input: { Key: { pk: string } }) => {
    const group = input.Key.pk.replace(/^GROUP#/, '');
    return map[group] ? { Item: { pk: input.Key.pk, sk: 'GROUP', community_id: map[group] } } : {};
  });
}

describe('POST /webhooks/whatsapp/{provider}', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(UpdateCommand).resolves({});
    sent.length = 0;
    completeConnection.mockReset().mockResolvedValue(false);
    // A fresh table name per test keeps the warm owner cache of one test out of the next.
    setDeps(createLocalDeps(loadConfig({ STAGE: 'local', TABLE_NAME: `t-${randomUUID()}` }), { queues }));
  });
  afterEach(() => setDeps(undefined));

  it.each(['waha', 'green', 'evolution', 'meta'] as const)(
    '%s: queues the owned group’s messages as InboundMessages in one batch',
    async (provider) => {
      owners({ [FIXTURE_GROUPS[provider]]: 'community-a' });
      const res = await post(provider, fixture(provider, 'text'));
      expect(res).toEqual({ status: 200, body: { accepted: 1, dropped: 0 } });
      expect(sent).toHaveLength(1);
      expect(sent[0]?.queue).toBe('ingest');
      const [msg] = sent[0]?.bodies as InboundMessage[];
      expect(msg).toMatchObject({ community_id: 'community-a', provider, group_id: FIXTURE_GROUPS[provider] });
    },
  );

  it('refuses a forged signature with 401, reading and storing nothing, and counts it', async () => {
    const counted = vi.spyOn(metrics, 'addMetric');
    const body = fixture('waha', 'text');
    const res = await post('waha', body, signBody('waha', body, { waha: { hmacKey: 'attacker' } }));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid X-Webhook-Hmac signature');
    expect(sent).toHaveLength(0);
    expect(ddb.calls()).toHaveLength(0);
    expect(counted).toHaveBeenCalledWith(METRIC.webhooksRefused, 'Count', 1);
    counted.mockRestore();
  });

  it.each<[WhatsAppProvider, Record<string, string>, string]>([
    ['meta', {}, 'Missing X-Hub-Signature-256 signature'],
    ['waha', {}, 'Missing X-Webhook-Hmac signature'],
    ['green', { authorization: 'Bearer guessed-token' }, 'Invalid Authorization token'],
    ['evolution', {}, 'Missing apikey'],
  ])('refuses %s without its proof (%j) with 401 and counts it', async (provider, headers, message) => {
    const counted = vi.spyOn(metrics, 'addMetric');
    const body =
      provider === 'evolution'
        ? fixture(provider, 'text').replace(/"apikey":\s*"[^"]*",?/, '')
        : fixture(provider, 'text');
    const res = await post(provider, body, { 'content-type': 'application/json', ...headers });
    expect(res).toEqual({ status: 401, body: { message, code: 'unauthorized' } });
    expect(sent).toHaveLength(0);
    expect(counted).toHaveBeenCalledWith(METRIC.webhooksRefused, 'Count', 1);
    counted.mockRestore();
  });

  it.each([
    ['not JSON', 'waha', '{"event": ', 'Webhook body is not valid JSON'],
    [
      'not a WAHA event',
      'waha',
      '{"hello":"world"}',
      'WAHA webhook body must be a JSON object with "event" and "payload"',
    ],
    ['not a Green API event', 'green', '"hello"', 'Green API webhook body must be a JSON object with "typeWebhook"'],
  ] as const)('answers 400 with the reason for a body that is %s', async (_case, provider, body, reason) => {
    const res = await post(provider, body);
    expect(res).toEqual({ status: 400, body: { message: reason, code: 'bad_request' } });
    expect(sent).toHaveLength(0);
  });

  it('ignores a direct chat: nothing queued, nothing dropped', async () => {
    owners({});
    expect(await post('evolution', fixture('evolution', 'direct-chat'))).toEqual({
      status: 200,
      body: { accepted: 0, dropped: 0 },
    });
    expect(sent).toHaveLength(0);
  });

  it('offers a message of an unowned group to the pending connection, then drops and counts it', async () => {
    owners({});
    const res = await post('green', fixture('green', 'text'));
    expect(res.body).toEqual({ accepted: 0, dropped: 1 });
    expect(completeConnection).toHaveBeenCalledWith(expect.anything(), {
      kind: 'message',
      groupId: FIXTURE_GROUPS.green,
      senderId: '972527654321@c.us',
      text: 'Reminder: the pitch practice session moved to Thursday 18:00 at the Azrieli lobby.',
      groupName: null,
    });
    expect(sent).toHaveLength(0);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.Key?.pk).toBe('STATS#webhooks');
    expect(update?.Key?.sk).toMatch(/^DROPPED#\d{4}-\d{2}-\d{2}$/);
    expect(update?.UpdateExpression).toContain('ADD #count :n');
    expect(update?.ExpressionAttributeValues?.[':n']).toBe(1);
  });

  it('stores nothing and counts nothing when the bot being added completes a connection', async () => {
    owners({});
    completeConnection.mockResolvedValue(true);
    const res = await post('waha', fixture('waha', 'group-join'));
    expect(res.body).toEqual({ accepted: 0, dropped: 0 });
    expect(completeConnection).toHaveBeenCalledWith(expect.anything(), {
      kind: 'bot_added',
      groupId: '120363025555000009@g.us',
      senderId: '972541112233@c.us',
      text: '',
      groupName: 'Haifa Makers',
    });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('GET /webhooks/whatsapp/{provider}', () => {
  beforeEach(() => setDeps(createLocalDeps(loadConfig({ STAGE: 'local', TABLE_NAME: 't' }), { queues })));
  afterEach(() => setDeps(undefined));
  const verify = (provider: string, query: Record<string, string>) =>
    handler(event('GET', provider, { query }), context);

  it('echoes Meta’s challenge when the verify token matches', async () => {
    const res = await verify('meta', {
      'hub.mode': 'subscribe',
      'hub.verify_token': LOCAL_WHATSAPP_SECRETS.meta.verifyToken,
      'hub.challenge': '1158201444',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
  });

  it('answers 403 to a wrong verify token and 404 for providers without a handshake', async () => {
    const wrong = await verify('meta', { 'hub.mode': 'subscribe', 'hub.verify_token': 'x', 'hub.challenge': '1' });
    expect(wrong.statusCode).toBe(403);
    expect((await verify('waha', {})).statusCode).toBe(404);
  });
});
