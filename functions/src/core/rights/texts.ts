/** Texts of the data-rights flows the API answers with (ours: the specs have none). */
export const RIGHTS_TEXTS = {
  confirmMismatch: 'Type the community name exactly as shown to confirm',
  jobNotFound: 'Export or deletion not found',
  communityGone: 'The community no longer exists',
  exportFailed: 'The export could not be built. Please try again.',
  deletionFailed: 'The deletion could not finish. Please try again.',
} as const;
