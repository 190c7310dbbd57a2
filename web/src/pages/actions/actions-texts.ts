/** Texts of the Actions screen: the spec's words (S2 §2.3, §4, §5, §8); labels it leaves open are plain. */
export const ACTIONS_TEXTS = {
  title: 'My Personal Actions',
  subtitle: 'Manage your personal tasks and actions',
  suggest: 'Suggest Personal Actions',
  suggesting: 'Suggesting...',
  processReminders: 'Process Reminders',
  create: 'Create Action',
  tabs: { pending: 'Pending', due_soon: 'Due Soon', completed: 'Completed', all: 'All' },
  priorityFilter: { all: 'All', high: 'High', medium: 'Medium', low: 'Low' },
  priorityLabel: 'Priority',
  sortLabel: 'Sort',
  sorts: {
    'due_date:asc': 'Due date (earliest first)',
    'due_date:desc': 'Due date (latest first)',
    'priority:desc': 'Priority (high to low)',
    'priority:asc': 'Priority (low to high)',
    'created_at:desc': 'Newest first',
  },
  views: { grid: 'Grid', table: 'Table' },
  viewLabel: 'View',
  empty: 'No actions found',
  aiSuggest: 'AI Suggest Actions',
  noGroupTitle: 'No Group Associated',
  noGroupBody: 'Your account is not associated with a community group. Please contact an administrator.',
  loadFailed: 'Failed to load actions',
  loadFailedHint: 'Please try refreshing the page',
  loadMore: 'Load more',
  // Badges and labels (S2 §4)
  completed: 'Completed',
  pending: 'Pending',
  dueSoon: 'Due Soon',
  overdue: 'Overdue',
  priorities: { high: 'High', medium: 'Medium', low: 'Low' },
  // Card and row actions
  done: 'Done',
  snooze: 'Snooze',
  delete: 'Delete',
  view: 'View',
  // Bulk bar (S2 §4 bulk Mark as Complete / Mark as Pending)
  selected: (n: number) => `${n} selected`,
  markComplete: 'Mark as Complete',
  markPending: 'Mark as Pending',
  setPriority: 'Set priority',
  clearSelection: 'Clear selection',
  confirmDeleteTitle: 'Delete actions',
  confirmDelete: (n: number) =>
    `Are you sure? This will permanently delete ${n} selected actions. This action cannot be undone.`,
  cancel: 'Cancel',
  // Table columns (S2 §2.3 subject label)
  columns: { subject: 'Subject', title: 'Title', priority: 'Priority', status: 'Status', due: 'Due date', actions: 'Actions' },
  // Detail dialog (S2 §2.3)
  details: 'Details',
  dueDate: 'Due date',
  created: 'Created',
  assignedTo: 'Assigned to',
  source: 'Source',
  evidence: 'Evidence',
  none: '—',
  copyDetails: 'Copy Details',
  copyTitle: 'Copy title',
  viewMessage: 'View Message',
  markCompleteOne: 'Mark Complete',
  edit: 'Edit Action',
  editTitle: 'Edit Action',
  titleField: 'Title',
  advanced: 'Advanced options',
  save: 'Save changes',
  saving: 'Saving...',
  time: 'Time',
  // Toasts (S2 §8)
  updated: 'Action updated successfully',
  updateFailed: 'Failed to update action',
  markedComplete: 'Action marked as complete',
  markCompleteFailed: 'Failed to mark action as complete',
  markedDone: 'Action marked as done',
  snoozed: 'Action snoozed for 1 day',
  deleted: 'Action deleted',
  bulkUpdated: (n: number) => `Updated ${n} actions`,
  bulkDeleted: (n: number) => `Deleted ${n} actions`,
  bulkUpdateFailed: 'Failed to update actions',
  bulkDeleteFailed: 'Failed to delete actions',
  copied: 'Action details copied to clipboard',
  titleCopied: 'Action title copied to clipboard',
  copyFailed: 'Failed to copy',
  suggested: (n: number) => `Suggested ${n} actions`,
  viewActions: 'View Actions',
  suggestFailed: 'Failed to suggest actions',
  remindersProcessed: (n: number) => `Processed ${n} reminders`,
  remindersFailed: 'Failed to process reminders',
} as const;

/** A date as the screen shows it (S2 §9: MMM d, yyyy). */
export function formatActionDate(iso: string | null): string {
  if (!iso) return ACTIONS_TEXTS.none;
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
