import { routes } from '@kehila/shared';
import { getMessage, listMessages } from '../../core/messages/list';
import { implement, type Implementation } from '../route-handler';

const list = implement(routes.listMessages, ({ params, query, deps }) => listMessages(deps, params.communityId, query));

const get = implement(routes.getMessage, ({ params, deps }) => getMessage(deps, params.communityId, params.msgId));

/** Message list and message by id. */
export const messageImplementations: Implementation[] = [list, get];
