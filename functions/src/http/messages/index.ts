import { createAreaHandler } from '../route-handler';
import { messageImplementations } from './messages';
import { importImplementations } from './imports';
import { sqsQueues } from '../../wiring/cloud/queues';
import { openSearch } from '../../wiring/cloud/search';
import { s3Storage } from '../../wiring/cloud/storage';
import type { Wiring } from '../../wiring/deps';

/** Filtered lists read the search index; imports presign uploads and queue the import. */
export const wiring: Wiring = { search: openSearch, storage: s3Storage, queues: sqsQueues };

/** Lambda handler of the messages area: the message list and chat-export imports. */
export const handler = createAreaHandler([...messageImplementations, ...importImplementations], wiring);
