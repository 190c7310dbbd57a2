import { createAreaHandler } from '../route-handler';
import { messageImplementations } from './messages';
import { importImplementations } from './imports';

/** Lambda handler of the messages area: the message list and chat-export imports. */
export const handler = createAreaHandler([...messageImplementations, ...importImplementations]);
