import type { Implementation } from '../route-handler';

/** Message list and message by id (written by the ingest work). */
export const messageImplementations: Implementation[] = [];
