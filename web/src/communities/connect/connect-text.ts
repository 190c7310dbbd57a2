import { BOT_CONNECT_COMMANDS, CONNECT_CODE_MAX_ATTEMPTS } from '@kehila/shared/constants';

/** The connect command the instructions name (the bot also accepts `#kehila <code>`). */
export const BOT_CONNECT_COMMAND = BOT_CONNECT_COMMANDS[0];

/** The command with a code, as the user sends it in the group. */
export const connectCommand = (code: string) => `${BOT_CONNECT_COMMAND} ${code}`;

/**
 * Texts of the group connection instructions (S1 §2: three steps), the connect code that proves the
 * group is the user's (ours: the spec's bot supplies the group id; the code makes the claim safe) and
 * group-id entry.
 */
export const connectText = {
  instructionsToggleShow: 'Show Instructions',
  instructionsToggleHide: 'Hide Instructions',
  instructionsTitle: 'Instructions',
  step1: 'Add the Kehila bot to your WhatsApp group (you must be a group admin).',
  step2: `Get the group ID from the bot: send ${BOT_CONNECT_COMMAND} with your connect code in the group, from your own WhatsApp. The bot replies with the group ID.`,
  step3: 'Enter the group ID below (it ends with @g.us); it is filled in for you as soon as the bot sees your code.',
  botNumber: 'Bot number',
  copyBotNumber: 'Copy bot number',
  botNotConfigured: 'The bot number is not configured for this deployment. Please contact support.',
  support: 'Need help? Contact',
  codeTitle: 'Your connect code',
  codeSend: (phone: string) => `Send this in the group from your WhatsApp number ${phone}:`,
  copyCommand: 'Copy connect command',
  codeRules: (minutes: number) =>
    `The code works once, for ${minutes === 1 ? 'less than a minute' : `${minutes} more minutes`}; after ${CONNECT_CODE_MAX_ATTEMPTS} wrong codes a new one is needed.`,
  codeWaiting: 'Waiting for the bot to see your code…',
  codeExpired: 'This code has expired.',
  codeVerified: (groupId: string) => `Group verified: ${groupId}`,
  newCode: 'Get a new code',
  phoneLabel: 'Your WhatsApp number',
  phoneDescription: 'The number you will send the code from, in international form.',
  phonePlaceholder: '+972501234567',
  getCode: 'Get a connect code',
  openFailed: 'Failed to create a connect code. Please try again.',
  groupIdLabel: 'Group ID',
  groupIdPlaceholder: '120363012345678901@g.us',
} as const;
