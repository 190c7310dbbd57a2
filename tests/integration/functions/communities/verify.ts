import { randomUUID } from 'node:crypto';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { api, stack } from '../../support';

/** A new group id. */
export const group = () => `1203639${Math.floor(1e11 + Math.random() * 8e11)}@g.us`;

/** The WhatsApp id of a phone ('+972501234567' → '972501234567@c.us'). */
export const waId = (phone: string) => `${phone.replace(/\D/g, '')}@c.us`;

/** A Green API group message through the local stack's webhook, authenticated with the local token. */
export function greenMessage(groupId: string, sender: string, text: string) {
  return fetch(`${stack().url}/webhooks/whatsapp/green`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${LOCAL_WHATSAPP_SECRETS.green.webhookToken}`,
    },
    body: JSON.stringify({
      typeWebhook: 'incomingMessageReceived',
      instanceData: { idInstance: 1, wid: '972500000000@c.us', typeInstance: 'whatsapp' },
      timestamp: Math.floor(Date.now() / 1000),
      idMessage: randomUUID(),
      senderData: { chatId: groupId, chatName: 'Group', sender, senderName: 'Admin' },
      messageData: { typeMessage: 'textMessage', textMessageData: { textMessage: text } },
    }),
  });
}

/**
 * What a user does to prove a group is theirs (Add Community): open a verification, then send its
 * code in the group from their own WhatsApp. Returns the verification as the app then polls it.
 */
export async function verifyGroup(user: { token: string; phone: string }, groupId: string) {
  const opened = await api('/api/connections', { token: user.token, method: 'POST', body: {} });
  if (opened.status !== 201) throw new Error(`could not open a verification: ${opened.status}`);
  const code = String(opened.body.code);
  const sent = await greenMessage(groupId, waId(user.phone), `/connect ${code}`);
  if (sent.status !== 200) throw new Error(`the webhook refused the code: ${sent.status}`);
  return (await api(`/api/connections/${String(opened.body.id)}`, { token: user.token })).body;
}
