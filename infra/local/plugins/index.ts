import type { LocalPlugin } from '../plugin';

/** The local stack's plugins, in start order. Each area adds its own line. */
export const plugins: LocalPlugin[] = [];
