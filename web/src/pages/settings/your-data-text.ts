/** Texts of the Settings 'Your data' card (data rights; ours: the specs have none). */
export const yourDataText = {
  title: 'Your data',
  description: 'Download everything Kehila keeps about this community, or delete the community for good.',
  ownerOnly: "Only the workspace owner can download or delete this community's data.",
  noCommunity: 'Select a community to download or delete its data.',
  exportHeading: 'Download community data',
  exportBody: 'Messages, members, actions, summaries and settings, as JSON and CSV files in one zip.',
  exportStart: 'Prepare download',
  exportPreparing: 'Preparing your download…',
  exportReady: 'Your download is ready',
  exportLink: 'Download (zip)',
  exportLinkNote: 'The link works for 5 minutes; open this card again for a new one.',
  exportFailed: 'Failed to prepare the download',
  deleteHeading: 'Delete community',
  deleteBody:
    'Deletes its messages, search index, statistics, members, invitations, directory links, logo and schedules. This cannot be undone.',
  deleteStart: 'Delete community',
  deleteTitle: 'Delete this community?',
  deleteConfirmLabel: (name: string) => `Type "${name}" to confirm`,
  deleteConfirm: 'Delete permanently',
  cancel: 'Cancel',
  close: 'Close',
  deleting: 'Deleting the community…',
  deleted: 'Community deleted',
  deletedReport: 'What was deleted',
  deleteFailed: 'Failed to delete the community',
  progress: 'Progress',
} as const;

/** Texts of the Settings 'Your account' card: a user's own data (ours: the specs have none). */
export const yourAccountText = {
  title: 'Your account',
  description:
    'Download everything Kehila keeps about you, or delete your account. This is about you, not about a community.',
  exportHeading: 'Download my data',
  exportBody:
    'Your profile, consent, memberships, and in each community you belong to the messages sent from your phone number, the actions filed for you and the suppliers you added, as JSON and CSV files in one zip.',
  exportStart: 'Download my data',
  exportPreparing: 'Preparing your download…',
  exportReady: 'Your download is ready',
  exportLink: 'Download my data (zip)',
  exportLinkNote: 'The link works for 5 minutes; prepare it again for a new one.',
  exportFailed: 'Failed to prepare the download',
  deleteHeading: 'Delete my account',
  deleteBody:
    'Deletes your profile, your memberships with everything you entered in them, and your sign-in. Messages you sent stay in their communities. This cannot be undone.',
  ownerNote: 'A workspace owner must transfer workspace ownership to another admin, or delete the community, first.',
  deleteStart: 'Delete my account',
  deleteTitle: 'Delete your account?',
  deleteConfirmLabel: (email: string) => `Type your e-mail address "${email}" to confirm`,
  deleteConfirm: 'Delete my account permanently',
  cancel: 'Cancel',
  deleting: 'Deleting your account…',
  deleted: 'Your account has been deleted',
  deletedReport: 'What was deleted',
  deleteFailed: 'Failed to delete your account',
  signOut: 'Sign out',
} as const;
