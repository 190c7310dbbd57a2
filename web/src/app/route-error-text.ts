/** S1 §8 error-boundary texts (apart from the route error page, so /login's first load shows them without the router). */
export const routeErrorText = { title: 'Something went wrong', refresh: 'Refresh Page' } as const;
