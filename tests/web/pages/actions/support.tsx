import { ActionSchema, routes, type Action, type ActionCounts, type UserCommunity } from '@kehila/shared';
import ActionsRoute from '../../../../web/src/pages/actions';
import { renderScreen } from '../../helpers/render-screen';
import { actionOf } from '../../../fixtures/actions';
import { COMMUNITY, FakeApi } from '../messages/support';

export { COMMUNITY, FakeApi };

let seq = 0;
/** A stored action of the signed-in user; every field a test does not give has a plain value. */
export function action(over: Partial<Action> = {}): Action {
  seq += 1;
  return ActionSchema.parse(
    actionOf({
      action_id: `a-${String(seq).padStart(4, '0')}`,
      group_id: COMMUNITY.group_id as string,
      user_id: 'user-dana',
      title: `Action number ${seq}`,
      created_at: '2026-03-01T10:00:00.000Z',
      ...over,
    }),
  );
}

/** A fake API with the community and one page of `items`, counted as `counts`; a get answers from `items`. */
export function actionsApi(
  items: Action[],
  counts: ActionCounts = { pending: items.length, due_soon: 0, completed: 0, all: items.length },
  community: UserCommunity = COMMUNITY,
): FakeApi {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [community] })],
    [routes.listActions, () => ({ items, nextCursor: null, counts })],
    [
      routes.getAction,
      (call) =>
        items.find((a) => a.action_id === call.params.actionId) ?? {
          status: 404,
          body: { message: 'Action not found', code: 'not_found' },
        },
    ],
  ]);
}

/** Renders the Actions screen at `path` with the real providers and a memory router that also knows /messages. */
export function renderActions(options: { api: FakeApi; path?: string; width?: number }) {
  return renderScreen({
    routes: [
      { path: '/actions', element: <ActionsRoute /> },
      { path: '/messages', element: <h1>Messages screen</h1> },
    ],
    path: options.path ?? '/actions',
    fetch: options.api.fetch,
    ...(options.width ? { width: options.width } : {}),
  });
}
