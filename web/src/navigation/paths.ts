/** Paths of the S1 §2 route table, used by links and redirects (the router declares the same table). */
export const paths = {
  home: '/',
  pricing: '/pricing',
  privacy: '/privacy',
  terms: '/terms',
  login: '/login',
  resetPassword: '/reset-password',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  settings: '/settings',
} as const;

/** Where a signed-in user lands when nothing else was asked for. */
export const DEFAULT_SIGNED_IN_PATH = paths.dashboard;
