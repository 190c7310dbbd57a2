import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommunityTheme, Ownership } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { communityRecord, fakeApi, listEntry } from '../../helpers/fake-api';
import { renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([import('../../../../web/src/pages/settings'), import('../../../../web/src/app/shell/shell-layout')]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

const theme = (overrides: Partial<CommunityTheme> = {}): CommunityTheme => ({
  community_id: 'c-1',
  group_id: '120363000000000001@g.us',
  logo_url: null,
  primary_color: '#0EA5E9',
  font_family: 'system-ui, sans-serif',
  can_edit: true,
  ...overrides,
});

const owner = { owner_id: 'user-dana', owner_name: 'Dana', owner_email: 'dana@example.com' };

const open = async (path: string, api: ReturnType<typeof fakeApi>) => {
  renderApp({ path, fetch: api.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 });
};

describe('Theme and Branding (S2 §2.4, §4, §5, §6)', () => {
  it("reads 'All Saved' until a preset is picked, then saves it: the spec's toast and 'Saved'", async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/api/communities/{communityId}/theme', theme())
      .on('PUT', '/api/communities/{communityId}/theme', (call) => ({
        status: 200,
        body: theme(call.body as Partial<CommunityTheme>),
      }));
    await open('/settings?tab=appearance', api);
    const save = await screen.findByRole('button', { name: 'All Saved' }, { timeout: 10_000 });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Navy Blue' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Theme settings saved successfully! 🎨');
    expect(api.callsTo('PUT', '/api/communities/c-1/theme')[0]?.body).toEqual({
      primary_color: '#0F2E4D',
      font_family: 'system-ui, sans-serif',
      logo_url: null,
    });
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('offers the 11 font presets plus Custom', async () => {
    const user = userEvent.setup();
    await open('/settings?tab=appearance', fakeApi().on('GET', '/api/communities/{communityId}/theme', theme()));
    await user.click(await screen.findByRole('button', { name: /Font/ }, { timeout: 10_000 }));
    const names = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(names).toHaveLength(12);
    expect(names.at(-1)).toBe('Custom');
  });

  it("shows another admin the owner's name and 'Theme changes are managed by the workspace owner'", async () => {
    const api = fakeApi()
      .on('GET', '/api/communities/{communityId}/theme', theme({ can_edit: false }))
      .on('GET', '/api/communities/{communityId}/ownership', { owner, is_owner: false, admins: [] } satisfies Ownership);
    await open('/settings?tab=appearance', api);
    expect(await screen.findByText('Workspace owner: Dana', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Theme changes are managed by the workspace owner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'All Saved' })).toBeNull();
  });
});

describe('Community name and Workspace Ownership (S2 §4, §5, §6)', () => {
  const c = communityRecord({ id: 'c-1', name: 'Haifa Neighbours' });

  it('renames with Enter (trimmed) and cancels with Escape', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/api/communities', { communities: [listEntry(c, { display_name: 'Haifa Neighbours' })] })
      .on('PATCH', '/api/communities/{communityId}/name', (call) => ({
        status: 200,
        body: listEntry(c, { community_name: (call.body as { name: string }).name }),
      }));
    await open('/settings?tab=community', api);
    await user.click(await screen.findByRole('button', { name: 'Rename Haifa Neighbours' }, { timeout: 10_000 }));
    const input = screen.getByRole('textbox', { name: 'Rename Haifa Neighbours' });
    await user.clear(input);
    await user.type(input, 'Something else{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Rename Haifa Neighbours' })).toBeNull();
    expect(api.callsTo('PATCH', '/api/communities/c-1/name')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rename Haifa Neighbours' }));
    const again = screen.getByRole('textbox', { name: 'Rename Haifa Neighbours' });
    await user.clear(again);
    await user.type(again, '   {Enter}');
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
    await user.type(again, '  Haifa Makers  {Enter}');
    await findToast('Community name updated');
    expect(api.callsTo('PATCH', '/api/communities/c-1/name')[0]?.body).toEqual({ name: 'Haifa Makers' });
  });

  it('gives no Rename to an admin who is not the owner', async () => {
    const api = fakeApi().on('GET', '/api/communities', {
      communities: [listEntry(c, { display_name: 'Haifa Neighbours', is_owner: false })],
    });
    await open('/settings?tab=community', api);
    await screen.findByText('Your Communities (1)', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Rename Haifa Neighbours' })).toBeNull();
  });

  it('says to add more admins first when the owner is the only admin', async () => {
    const api = fakeApi().on('GET', '/api/communities/{communityId}/ownership', {
      owner,
      is_owner: true,
      admins: [{ admin_id: 'user-dana', admin_name: 'Dana', admin_email: 'dana@example.com', is_workspace_owner: true }],
    } satisfies Ownership);
    await open('/settings?tab=community', api);
    expect(
      await screen.findByText('There are no other admins to transfer ownership to. Add more admins first.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it("asks the spec's question before transferring, and asks for an admin first", async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/api/communities/{communityId}/ownership', {
        owner,
        is_owner: true,
        admins: [
          { admin_id: 'user-dana', admin_name: 'Dana', admin_email: 'dana@example.com', is_workspace_owner: true },
          { admin_id: 'user-yossi', admin_name: 'Yossi', admin_email: 'yossi@example.com', is_workspace_owner: false },
        ],
      } satisfies Ownership)
      .on('POST', '/api/communities/{communityId}/ownership', { success: true, message: 'moved' });
    await open('/settings?tab=community', api);
    await user.click(await screen.findByRole('button', { name: 'Transfer Ownership' }, { timeout: 10_000 }));
    expect(screen.getByText('Please select an admin to transfer ownership to')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /New owner/ }));
    await user.click(screen.getByRole('option', { name: /Yossi/ }));
    await user.click(screen.getByRole('button', { name: 'Transfer Ownership' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to transfer workspace ownership? You will lose the ability to edit community settings.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await findToast('Workspace ownership transferred');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/communities/c-1/ownership')[0]?.body).toEqual({ new_owner_id: 'user-yossi' }),
    );
  });
});
