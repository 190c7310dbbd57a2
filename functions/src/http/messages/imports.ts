import type { Implementation } from '../route-handler';

/** Chat-export import routes (written by the import work). */
export const importImplementations: Implementation[] = [];
