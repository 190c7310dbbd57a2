/** Texts of the data-rights flows the API answers with (ours: the specs have none). */
export const RIGHTS_TEXTS = {
  confirmMismatch: 'Type the community name exactly as shown to confirm',
  jobNotFound: 'Export or deletion not found',
  communityGone: 'The community no longer exists',
  exportFailed: 'The export could not be built. Please try again.',
  deletionFailed: 'The deletion could not finish. Please try again.',
  confirmEmailMismatch: 'Type your e-mail address exactly as shown to confirm',
  /** The spec's ownership words (S2 §7.4b): the owner hands the community to another admin first. */
  ownerCannotDelete: (communities: readonly string[]) =>
    `You are the workspace owner of ${communities.join(', ')}. Transfer workspace ownership to another admin, or delete the community, before deleting your account.`,
} as const;
