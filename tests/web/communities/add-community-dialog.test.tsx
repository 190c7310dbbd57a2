import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCommunityError } from '../../../web/src/communities/add-community-dialog';
import { ApiRequestError } from '../../../web/src/api/client';
import { resetAuth, setSignedIn } from '../helpers/amplify-auth';
import { communityRecord, failure, fakeApi, listEntry, type FakeReply } from '../helpers/fake-api';
import { isShown, setField } from '../helpers/fields';
import { renderApp } from '../helpers/render-app';
import { findToast } from '../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([
    import('../../../web/src/pages/settings'),
    import('../../../web/src/app/shell/shell-layout'),
    import('../../../web/src/app/require-setup'),
  ]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

const GROUP = '120363055555555555@g.us';
const added = communityRecord({
  id: 'c-added',
  name: `Community for ${GROUP}`,
  group_id: GROUP,
  group_description: null,
  group_goals: null,
  admin_name: null,
  admin_gender: null,
  metadata_collected_at: null,
  created_at: '2026-01-01T00:00:00Z',
});

function apiAnswering(reply: FakeReply) {
  const existing = communityRecord();
  let list = [listEntry(existing)];
  return fakeApi()
    .on('GET', '/api/communities', () => ({ status: 200, body: { communities: list } }))
    .on('GET', '/api/communities/{communityId}', (_c, p) => ({
      status: 200,
      body: p.communityId === added.id ? added : existing,
    }))
    .on('POST', '/api/communities', () => {
      if (reply.status === 200) list = [listEntry(added, { display_name: 'WhatsApp Group (12036305...)' }), ...list];
      return reply;
    });
}

const success = (overrides: object = {}): FakeReply => ({
  status: 200,
  body: {
    success: true,
    message: 'Community added successfully!',
    community_id: added.id,
    needs_metadata: false,
    user_role: 'Admin',
    ...overrides,
  },
});

async function openDialog(api: ReturnType<typeof fakeApi>) {
  const app = renderApp({ path: '/settings?tab=community', fetch: api.fetch });
  await app.user.click(await screen.findByRole('button', { name: 'Add Community' }, { timeout: 15_000 }));
  return { ...app, dialog: await screen.findByRole('dialog') };
}

describe('Add Community dialog (S1 §2, §4, §8)', () => {
  it('walks instructions → group id → success, with the bot number (copyable) and the support contact', async () => {
    const api = apiAnswering(success());
    const { user, dialog } = await openDialog(api);
    expect(within(dialog).getByText('Step 1 of 3 · Instructions')).toBeInTheDocument();
    expect(within(dialog).getByTestId('bot-number')).toHaveTextContent('+1 555 010 0000');
    expect(within(dialog).getByRole('link', { name: 'support@kehila.local' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy bot number' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('+1 555 010 0000');
    expect(await findToast('Copied to clipboard')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Step 2 of 3 · Group ID')).toBeInTheDocument();
    setField(within(dialog).getByLabelText('Group ID'), `  ${GROUP}  `);
    await user.click(within(dialog).getByRole('button', { name: 'Add Community' }));
    expect(await findToast('Community added successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/communities')[0]?.body).toEqual({ group_id: GROUP });
    expect(await within(dialog).findByText('Step 3 of 3 · Done')).toBeInTheDocument();
    // The new community is listed, and selected once the dialog closes.
    await waitFor(() => expect(screen.getByText('Your Communities (2)')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(window.localStorage.getItem('kehila:selected-community')).toBe(added.id);
  });

  it.each([
    ['', 'Please enter a valid Group ID'],
    ['120363055555555555', 'Group ID must end with @g.us'],
  ])('refuses the group id %j with %s', async (value, message) => {
    const api = apiAnswering(success());
    const { user, dialog } = await openDialog(api);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    setField(within(dialog).getByLabelText('Group ID'), value);
    await user.click(within(dialog).getByRole('button', { name: 'Add Community' }));
    expect(isShown(message, dialog)).toBe(true);
    expect(api.callsTo('POST', '/api/communities')).toHaveLength(0);
  });

  it('asks for the community information when the server says needs_metadata for an Admin; Skip ends with the skip text', async () => {
    const { user, dialog } = await openDialog(apiAnswering(success({ needs_metadata: true })));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    setField(within(dialog).getByLabelText('Group ID'), GROUP);
    await user.click(within(dialog).getByRole('button', { name: 'Add Community' }));
    expect(await within(dialog).findByText('Step 2 of 3 · Community Info')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Skip' }));
    expect(within(dialog).getByText('You can add community information later in your settings.')).toBeInTheDocument();
    expect(window.localStorage.getItem(`kehila:setup-skipped:${added.id}`)).toBe('1');
  });

  it("says 'Community ID not found. Please try connecting again.' when the new community cannot be read for its information", async () => {
    const api = apiAnswering(success({ needs_metadata: true })).on('GET', '/api/communities/{communityId}', (_c, p) =>
      p.communityId === added.id ? failure(404, 'Not found', 'not_found') : { status: 200, body: communityRecord() },
    );
    const { user, dialog } = await openDialog(api);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    setField(within(dialog).getByLabelText('Group ID'), GROUP);
    await user.click(within(dialog).getByRole('button', { name: 'Add Community' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await findToast('Community ID not found. Please try connecting again.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/communities/${added.id}/info`)).toHaveLength(0);
  });

  it("shows the server's message when adding fails, and 'Failed to add community' when it has none", async () => {
    const api = apiAnswering(failure(409, 'This WhatsApp group is already connected to another community.'));
    const { user, dialog } = await openDialog(api);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    setField(within(dialog).getByLabelText('Group ID'), GROUP);
    await user.click(within(dialog).getByRole('button', { name: 'Add Community' }));
    expect(
      await within(dialog).findByText('This WhatsApp group is already connected to another community.'),
    ).toBeInTheDocument();

    api.on('POST', '/api/communities', { status: 500, body: 'oops' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Community' }));
    expect(await within(dialog).findByText('Failed to add community')).toBeInTheDocument();
  });

  it.each<[string, unknown, string]>([
    [
      'no session',
      new ApiRequestError({ message: 'x', code: 'unauthenticated', status: 401 }),
      'User not authenticated',
    ],
    ['a server message', new ApiRequestError({ message: 'Nope', code: 'conflict', status: 409 }), 'Nope'],
    [
      'an HTTP error without one',
      new ApiRequestError({ message: 'x', code: 'http_500', status: 500 }),
      'Failed to add community',
    ],
    ['anything else', new Error('kaput'), 'An unexpected error occurred'],
  ])('words %s as %j', (_case, error, text) => {
    expect(addCommunityError(error)).toBe(text);
  });

  it('starts over 300 ms after it closes', async () => {
    const { user, dialog } = await openDialog(apiAnswering(success()));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Step 2 of 3 · Group ID')).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      act(() => vi.advanceTimersByTime(250));
      // Still the old step while the dialog fades out.
      expect(screen.getByText('Step 2 of 3 · Group ID')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(100));
    } finally {
      vi.useRealTimers();
    }
    await user.click(screen.getByRole('button', { name: 'Add Community' }));
    expect(within(await screen.findByRole('dialog')).getByText('Step 1 of 3 · Instructions')).toBeInTheDocument();
  });
});
