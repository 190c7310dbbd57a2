import { BOT_CONNECT_COMMAND } from '../../communities/connect/connect-text';

/** Texts of onboarding (S1 §2, §4, §8 where quoted; the rest are ours). */
export const onboardingText = {
  title: 'Set up your community',
  progress: (step: number, total: number) => `Step ${step} of ${total}`,
  stepTitles: { whatsapp: 'Connect WhatsApp', metadata: 'Community details', complete: 'Complete' },
  connectIntro: 'Connect your WhatsApp group so Kehila can capture its messages.',
  waiting: 'Waiting for the bot to see your group…',
  detection: 'Detection can take up to 30 seconds.',
  yourNumber: (phone: string) => `The bot recognises you by your WhatsApp number ${phone}.`,
  hintSlow: `This is taking longer than expected. Make sure the bot is in your group and that you sent ${BOT_CONNECT_COMMAND} with your code from your WhatsApp number.`,
  hintStuck:
    'Still not connecting? Check that you are an admin of the group and that the number above is yours, or enter the group ID manually below.',
  noPhone:
    'Your profile has no WhatsApp number, so the bot cannot recognise you. Enter the number you will send your connect code from.',
  manualTitle: 'Or enter the group ID manually',
  connectButton: 'Connect Group',
  connected: 'WhatsApp group connected!',
  connectFailed: 'Failed to connect WhatsApp group',
  initFailed: 'Failed to initialize setup',
  tryAgain: 'Try Again',
  detailsIntro: 'Tell us about your community so the AI can personalise its summaries and insights.',
  saveAndContinue: 'Save and Continue',
  completeTitle: "You're all set!",
  completeBody: 'Taking you to your dashboard…',
  signOut: 'Sign Out',
} as const;
