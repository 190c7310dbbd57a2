/**
 * Server messages of the community and group-connection calls. Where S1 gives the words they are
 * used as given; where the spec only says "the server message" the wording is ours (docs/accounts.md).
 */
export const COMMUNITY_MESSAGES = {
  /** S1 §8 add community success toast. */
  added: 'Community added successfully!',
  connected: 'WhatsApp group connected successfully!',
  alreadyConnected: 'This WhatsApp group is already connected to this community.',
  groupTaken: 'This WhatsApp group is already connected to another community.',
  otherGroup: 'This community is already connected to a different WhatsApp group.',
  /** S1 §8 metadata without a community. */
  notFound: 'Community ID not found. Please try connecting again.',
  /** S1 §8 leave community failure. */
  leaveFailed: 'Failed to leave community',
  ownerCannotLeave: 'The workspace owner cannot leave the community. Transfer ownership to another admin first.',
  /** S1 §8 "Failed to initialize setup". */
  setupFailed: 'Failed to initialize setup',
  profileMissing: 'Failed to load your profile',
} as const;
