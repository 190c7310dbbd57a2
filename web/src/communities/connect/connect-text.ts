import { BOT_CONNECT_COMMANDS } from '@kehila/shared/constants';

/** The connect command the instructions name (the bot also accepts the others and "what is the group id"). */
export const BOT_CONNECT_COMMAND = BOT_CONNECT_COMMANDS[0];

/** Texts of the group connection instructions (S1 §2: three steps) and group-id entry. */
export const connectText = {
  instructionsToggleShow: 'Show Instructions',
  instructionsToggleHide: 'Hide Instructions',
  instructionsTitle: 'Instructions',
  step1: 'Add the Kehila bot to your WhatsApp group (you must be a group admin).',
  step2: `Get the group ID from the bot: send ${BOT_CONNECT_COMMAND} in the group. The bot replies with the group ID.`,
  step3: 'Enter the group ID below (it ends with @g.us).',
  botNumber: 'Bot number',
  copyBotNumber: 'Copy bot number',
  botNotConfigured: 'The bot number is not configured for this deployment. Please contact support.',
  support: 'Need help? Contact',
  groupIdLabel: 'Group ID',
  groupIdPlaceholder: '120363012345678901@g.us',
} as const;
