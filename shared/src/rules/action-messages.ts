// The action forms' texts, without zod: screens that only show them (the Messages screen's summary and
// suggested actions, on a signed-in first visit) import this module, not the action schemas.
// `schemas/actions` re-exports them.

/** Messages of the action forms (S2 §5). */
export const ACTION_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  groupMissing: 'Group ID is missing',
  notAuthenticated: 'User not authenticated',
  messageMissing: 'Message data is missing',
  noGroup: 'No group found. Please join a group first.',
} as const;
