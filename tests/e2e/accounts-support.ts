import { signBody } from '@kehila/functions/core/billing/signature';
import { hmacHex } from '@kehila/functions/adapters/whatsapp/signatures';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { LOCAL_BILLING_WEBHOOK_SECRET } from '@kehila/functions/core/billing/settings';

/** An e-mail the dev mailbox kept (infra/local/plugins/dev-mailbox.ts). */
export interface MailboxEntry {
  readonly to: string;
  readonly kind: 'verify' | 'reset' | 'invite';
  readonly code: string;
  readonly link: string;
}

/** Waits for the newest e-mail of a kind to an address in the stack's dev mailbox (/dev/mailbox.json). */
export async function waitForMail(
  baseUrl: string,
  to: string,
  kind: MailboxEntry['kind'],
  timeoutMs = 15_000,
): Promise<MailboxEntry> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: MailboxEntry[] };
    const found = messages.find((m) => m.kind === kind);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no ${kind} e-mail to ${to} in the dev mailbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Posts what WAHA would send when someone writes in a WhatsApp group: a `message` event signed with
 * the local stack's WAHA HMAC key (HMAC-SHA512 of the raw body in X-Webhook-Hmac), as the ingest
 * adapter verifies it (functions/src/adapters/whatsapp/waha.ts).
 */
export async function postGroupMessage(
  baseUrl: string,
  message: { groupId: string; senderPhoneDigits: string; text: string; senderName?: string },
): Promise<Response> {
  const sender = `${message.senderPhoneDigits}@c.us`;
  const keyId = `E2E${Date.now().toString(16).toUpperCase()}`;
  const body = JSON.stringify({
    event: 'message',
    session: 'default',
    me: { id: '15550100000@c.us', pushName: 'Kehila Bot' },
    engine: 'WEBJS',
    payload: {
      id: `false_${message.groupId}_${keyId}_${sender}`,
      timestamp: Math.floor(Date.now() / 1000),
      from: message.groupId,
      fromMe: false,
      participant: sender,
      body: message.text,
      hasMedia: false,
      _data: { notifyName: message.senderName ?? 'E2E Admin', type: 'chat' },
    },
  });
  return fetch(`${baseUrl}/webhooks/whatsapp/waha`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-hmac': hmacHex('sha512', LOCAL_WHATSAPP_SECRETS.waha.hmacKey, body),
      'x-webhook-hmac-algorithm': 'sha512',
    },
    body,
  });
}

/**
 * Posts a Lemon Squeezy `subscription_created` event for a user, signed with the local stack's billing
 * secret (X-Signature: hex HMAC-SHA256 of the raw body), as the billing webhook verifies it.
 */
export async function postSubscriptionCreated(baseUrl: string, user: { id: string; email: string }): Promise<Response> {
  const now = new Date().toISOString();
  const body = JSON.stringify({
    meta: { event_name: 'subscription_created', test_mode: true, custom_data: { user_id: user.id } },
    data: {
      type: 'subscriptions',
      id: `e2e-${user.id.slice(0, 8)}`,
      attributes: {
        store_id: 0,
        customer_id: 424242,
        order_id: 0,
        product_name: 'Kehila Pro',
        variant_name: 'Pro',
        user_email: user.email,
        status: 'active',
        cancelled: false,
        renews_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        ends_at: null,
        trial_ends_at: null,
        test_mode: true,
        created_at: now,
        updated_at: now,
      },
    },
  });
  return fetch(`${baseUrl}/webhooks/billing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signBody(body, LOCAL_BILLING_WEBHOOK_SECRET) },
    body,
  });
}
