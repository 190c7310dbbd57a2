import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hmacHex } from '@kehila/functions/adapters/whatsapp/signatures';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { demoLogins } from '../../../../infra/local/seed';
import { api, signIn, stack } from '../../support';

/** A request with the target sent exactly as written (fetch would normalise or refuse it). */
function raw(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<{ status: number; body: string }> {
  const { port } = new URL(stack().url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Requests the fuzz test found answered 500 (or worse) by the local gateway; each now gets its 4xx. */
describe('the local gateway with malformed requests', () => {
  it('answers a target that is no URL with 404 and keeps serving', async () => {
    expect(await raw('GET', '//[/api/health')).toEqual({ status: 404, body: JSON.stringify({ message: 'Not Found' }) });
    expect((await api('/api/health')).status).toBe(200);
  });

  it('answers a path parameter that is not valid percent-encoding with 400 Invalid id', async () => {
    const { IdToken } = await signIn(demoLogins().admin.email, demoLogins().admin.password);
    for (const id of ['%E0%A4%A', '%ZZ', '%']) {
      const res = await raw('GET', `/api/communities/${id}`, { authorization: `Bearer ${IdToken}` });
      expect(res.status, id).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ message: 'Invalid id', code: 'bad_request' });
    }
    expect(
      (await raw('POST', '/webhooks/whatsapp/%ZZ', { 'content-type': 'application/json' }, Buffer.from('{}'))).status,
    ).toBe(400);
  });

  it('hands a webhook the exact bytes of a body that is not UTF-8, so its signature holds and the body is refused as such', async () => {
    const body = Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]);
    const res = await raw(
      'POST',
      '/webhooks/whatsapp/waha',
      {
        'content-type': 'application/json',
        'x-webhook-hmac': hmacHex('sha512', LOCAL_WHATSAPP_SECRETS.waha.hmacKey, body),
        'x-webhook-hmac-algorithm': 'sha512',
      },
      body,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'bad_request', message: 'Webhook body is not valid JSON' });
  });
});
