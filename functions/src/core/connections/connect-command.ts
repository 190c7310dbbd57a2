import { BOT_CONNECT_COMMANDS } from '@kehila/shared';

/**
 * What the bot accepts, in a group no community owns yet, as "connect this group": the connect
 * command (`/connect` or `#kehila`, optionally followed by words) or the group-id request of the
 * onboarding instructions ("what is the group id", "what's the group id", "group id", with or
 * without a question mark). Case and surrounding spaces do not matter.
 */

const GROUP_ID_REQUEST = /^(?:what(?:'s|’s| is)\s+(?:the\s+|this\s+)?)?group\s*id\s*\??$/i;

/** True when a group message asks the bot to connect the group (see BOT_CONNECT_COMMANDS). */
export function isConnectRequest(text: string): boolean {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return false;
  const lower = t.toLowerCase();
  if (BOT_CONNECT_COMMANDS.some((c) => lower === c || lower.startsWith(`${c} `))) return true;
  return GROUP_ID_REQUEST.test(t);
}

/**
 * The phone digits of a WhatsApp user id, when it carries one: `972501234567@c.us`,
 * `972501234567@s.whatsapp.net` and `972501234567:12@s.whatsapp.net` (a device) give
 * '972501234567'. Privacy ids (`…@lid`) hide the number and give null: such a sender cannot be
 * matched to a pending connection.
 */
export function phoneDigitsOfSender(senderId: string): string | null {
  const m = /^(\d{7,15})(?::\d+)?@(?:c\.us|s\.whatsapp\.net)$/i.exec(senderId.trim());
  return m?.[1] ?? null;
}

/** The bot's reply once a group is connected: it confirms and shows the group id (S1 §2 instructions). */
export function connectedReply(groupId: string, groupName: string | null): string {
  const name = groupName?.trim() ? ` "${groupName.trim()}"` : '';
  return [
    `✅ Kehila is now connected to this group${name}.`,
    `Group ID: ${groupId}`,
    'You can continue in the Kehila app.',
  ].join('\n');
}
