import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCommunityError } from '../../../web/src/communities/add-community-dialog';
import { ApiRequestError } from '../../../web/src/api/client';
import { resetAuth, setSignedIn } from '../helpers/amplify-auth';
import { communityRecord, failure, fakeApi, listEntry, pendingVerification, type FakeReply } from '../helpers/fake-api';
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

  it("shows the user's connect code to send in the group, and fills the group id in once the bot has seen it", async () => {
    const api = apiAnswering(success());
    const { user, dialog } = await openDialog(api);
    expect(await within(dialog).findByTestId('connect-command')).toHaveTextContent('/connect 482913');
    expect(within(dialog).getByText('Send this in the group from your WhatsApp number +972501234567:')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/connections')).toEqual([expect.objectContaining({ body: {} })]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy connect command' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('/connect 482913');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Waiting for the bot to see your code…')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Group ID')).toHaveValue('');
    api.updateVerification({ status: 'connected', group_id: GROUP });
    // The verification is read every 3 s.
    await waitFor(() => expect(within(dialog).getByLabelText('Group ID')).toHaveValue(GROUP), { timeout: 5_000 });
    expect(within(dialog).getByText(`Group verified: ${GROUP}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Community' }));
    expect(await within(dialog).findByText('Step 3 of 3 · Done')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/communities')[0]?.body).toEqual({ group_id: GROUP });
  });

  it('asks for the WhatsApp number when the profile has none, and opens the code for the number given', async () => {
    const api = apiAnswering(success());
    let first = true;
    api.on('POST', '/api/connections', (call) => {
      if (first) {
        first = false;
        return failure(400, 'WhatsApp phone number is required', 'bad_request');
      }
      return { status: 201, body: pendingVerification({ admin_phone: (call.body as { phone: string }).phone }) };
    });
    const { user, dialog } = await openDialog(api);
    expect(await within(dialog).findByText('WhatsApp phone number is required')).toBeInTheDocument();
    setField(within(dialog).getByLabelText('Your WhatsApp number'), '0541234567');
    await user.click(within(dialog).getByRole('button', { name: 'Get a connect code' }));
    expect(isShown('Please enter a valid WhatsApp phone number', dialog)).toBe(true);
    setField(within(dialog).getByLabelText('Your WhatsApp number'), '+972 54-123-4567');
    await user.click(within(dialog).getByRole('button', { name: 'Get a connect code' }));
    expect(await within(dialog).findByTestId('connect-command')).toHaveTextContent('/connect 482913');
    expect(within(dialog).getByText('Send this in the group from your WhatsApp number +972541234567:')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/connections').map((c) => c.body)).toEqual([{}, { phone: '+972541234567' }]);
  });

  it('says why a code failed and gives a new one for the same number', async () => {
    const api = apiAnswering(success());
    const { user, dialog } = await openDialog(api);
    await within(dialog).findByTestId('connect-command');
    const why = 'Failed to connect WhatsApp group: this WhatsApp number was verified from another Kehila account.';
    api.updateVerification({ status: 'failed', error: why });
    expect(await within(dialog).findByText(why, {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Get a new code' }));
    expect(await within(dialog).findByTestId('connect-command')).toHaveTextContent('/connect 482914');
    expect(api.callsTo('POST', '/api/connections').at(-1)?.body).toEqual({ phone: '+972501234567' });
  });

  it('offers a new code once the code has expired', async () => {
    const api = apiAnswering(success()).on('POST', '/api/connections', {
      status: 201,
      body: pendingVerification({ code_expires_at: new Date(Date.now() - 1_000).toISOString() }),
    });
    const { dialog } = await openDialog(api);
    expect(await within(dialog).findByText('This code has expired.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Get a new code' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('connect-command')).not.toBeInTheDocument();
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
