import { BOT_CONNECT_COMMANDS } from '@kehila/shared';

/**
 * A connect command in a group no community owns yet: `/connect <code>` or `#kehila <code>` (the
 * one-time code the Kehila app shows its user), in any case, with the code's digits possibly
 * spaced or dashed. The code is what proves the group is the user's: `code` is null when the
 * command came without one.
 */
export function parseConnectCommand(text: string): { code: string | null } | null {
  const t = text.trim().replace(/\s+/g, ' ').toLowerCase();
  const command = BOT_CONNECT_COMMANDS.find((c) => t === c || t.startsWith(`${c} `));
  if (!command) return null;
  const rest = t.slice(command.length).replace(/[\s-]/g, '');
  return { code: /^\d{4,12}$/.test(rest) ? rest : null };
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

/** The bot's reply once a group is verified: it confirms and shows the group id (S1 §2 instructions). */
export function connectedReply(groupId: string, groupName: string | null): string {
  const name = groupName?.trim() ? ` "${groupName.trim()}"` : '';
  return [
    `✅ Kehila is now connected to this group${name}.`,
    `Group ID: ${groupId}`,
    'You can continue in the Kehila app.',
  ].join('\n');
}

/** The bot's answer to a connect command without a code (or the bot being added): how to finish. */
export function codeNeededReply(): string {
  return `To connect this group, send the code shown in the Kehila app here from your own WhatsApp: ${BOT_CONNECT_COMMANDS[0]} 123456 (with your code).`;
}
