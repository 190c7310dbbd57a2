import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ActionSchema, routes, type Action, type ActionCounts, type UserCommunity } from '@kehila/shared';
import { ApiClientContext } from '../../../../web/src/api/api-client-context';
import { createApiClient } from '../../../../web/src/api/client';
import { AuthContext, type AuthContextValue } from '../../../../web/src/auth/auth-context';
import { getIdToken } from '../../../../web/src/auth/session';
import { CurrentCommunityProvider } from '../../../../web/src/communities/current-community';
import { ToastProvider } from '../../../../web/src/components/toast/toast-provider';
import { RuntimeConfigContext } from '../../../../web/src/config/runtime-config-context';
import ActionsRoute from '../../../../web/src/pages/actions';
import { localConfig } from '../../helpers/render-app';
import { setViewportWidth } from '../../helpers/viewport';
import { COMMUNITY, FakeApi } from '../messages/support';

export { COMMUNITY, FakeApi };

let seq = 0;
/** A stored action of the signed-in user; every field a test does not give has a plain value. */
export function action(over: Partial<Action> = {}): Action {
  seq += 1;
  return ActionSchema.parse({
    action_id: `a-${String(seq).padStart(4, '0')}`,
    group_id: COMMUNITY.group_id,
    user_id: 'user-dana',
    title: `Action number ${seq}`,
    details: null,
    due_date: null,
    priority: 'medium',
    status: 'pending',
    assigned_to: null,
    evidence: null,
    source: 'manual',
    created_at: '2026-03-01T10:00:00.000Z',
    reminder_ts: null,
    message_refs: [],
    ...over,
  });
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
      (call) => items.find((a) => a.action_id === call.params.actionId) ?? { status: 404, body: { message: 'Action not found', code: 'not_found' } },
    ],
  ]);
}

const signedIn: AuthContextValue = {
  state: { status: 'signedIn', user: { userId: 'user-dana', username: 'user-dana', email: 'dana@example.com' } },
  refresh: async () => signedIn.state,
  signOut: async () => undefined,
};

/** Renders the Actions screen at `path` with the real providers and a memory router that also knows /messages. */
export function renderActions(options: { api: FakeApi; path?: string; width?: number }) {
  setViewportWidth(options.width ?? 1280);
  const router = createMemoryRouter(
    [
      { path: '/actions', element: <ActionsRoute /> },
      { path: '/messages', element: <h1>Messages screen</h1> },
    ],
    { initialEntries: [options.path ?? '/actions'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const callApi = createApiClient({ baseUrl: '', getIdToken, fetch: options.api.fetch });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <RuntimeConfigContext.Provider value={localConfig}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthContext.Provider value={signedIn}>
            <ApiClientContext.Provider value={callApi}>
              <CurrentCommunityProvider>
                <RouterProvider router={router} />
              </CurrentCommunityProvider>
            </ApiClientContext.Provider>
          </AuthContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </RuntimeConfigContext.Provider>,
  );
  return { ...view, router, user };
}
