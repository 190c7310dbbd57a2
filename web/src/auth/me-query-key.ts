// Apart from use-me.ts so that what only writes the cached profile (the paywall on a 402, the session
// layout of every screen) does not load the query hook and the route table with it.

/** What every user's `routes.me` query key starts with. */
export const ME_QUERY_ROOT = ['me'] as const;

/** Query key of `routes.me`; scoped by user so one account never sees another's cached answer. */
export const meQueryKey = (userId: string | null) => [...ME_QUERY_ROOT, userId] as const;
