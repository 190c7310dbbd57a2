import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes, type GroupReconciliation, type Invitation } from '@kehila/shared';
import MembersPage from '../../../../web/src/pages/members';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { PHONE_WIDTH } from '../../helpers/viewport';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const counts = { total: 1, pending: 0, approved: 1, rejected: 0 };

const reconciliation: GroupReconciliation = {
  group_connected: true,
  synced_at: null,
  in_group: 3,
  not_registered: [
    {
      wa_id: '972501112233@c.us',
      phone: '+972501112233',
      display_name: 'Tamar Golan',
      is_admin: false,
      joined_at: '2026-03-05T09:00:00.000Z',
      left_at: null,
      member_id: null,
      member_name: null,
    },
  ],
  not_in_group: [{ member_id: 'm-omer', name: 'Omer Levi', phone: '+972507770006', approval_status: 'approved' }],
  members_without_phone: 2,
  left: [
    {
      wa_id: '972507770004@c.us',
      phone: '+972507770004',
      display_name: 'Yael',
      is_admin: null,
      joined_at: '2026-03-01T09:00:00.000Z',
      left_at: '2026-03-09T18:30:00.000Z',
      member_id: 'm-yael',
      member_name: 'Yael Bar',
    },
  ],
};

const invitation: Invitation = {
  id: 'inv-1',
  code: 'AbCdEfGhIjKlMnOpQrStUv',
  uses: 0,
  max_uses: null,
  created_at: '2026-03-01T00:00:00.000Z',
  expires_at: null,
};

function groupApi(invites: Invitation[] = [invitation]): FakeApi {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [COMMUNITY] })],
    [routes.listMembers, () => ({ items: [], total: 1, page: 1, pageSize: 1, counts, matching: counts })],
    [routes.listInvites, () => ({ items: invites })],
    [routes.listDirectoryLinks, () => ({ items: [] })],
    [routes.groupMembers, () => reconciliation],
  ]);
}

async function openGroupTab(api: FakeApi, width?: number) {
  const view = renderScreen({
    routes: [{ path: '/members', element: <MembersPage /> }],
    path: '/members',
    fetch: api.fetch,
    ...(width ? { width } : {}),
  });
  await view.user.click(await screen.findByRole('tab', { name: 'WhatsApp Group' }));
  await screen.findByText('Tamar Golan');
  return view;
}

describe('members reconciled with the WhatsApp group', () => {
  it('lists who is in the group but not registered, with the counts of the three views', async () => {
    await openGroupTab(groupApi());
    // the selected segment also shows in the narrow-screen select
    expect(screen.getAllByText('In group, not registered (1)').length).toBeGreaterThan(0);
    expect(screen.getByText('Registered, not in group (1)')).toBeInTheDocument();
    expect(screen.getByText('Left (1)')).toBeInTheDocument();
    expect(screen.getByText('+972501112233')).toBeInTheDocument();
    expect(screen.getByText(/3 in the group/)).toBeInTheDocument();
  });

  it('copies the active invitation link for someone not registered', async () => {
    const { user } = await openGroupTab(groupApi());
    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    await findToast('Link copied');
    // user-event's clipboard stands in for the browser's
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/register/${invitation.code}`);
  });

  it('offers the Create Invitation dialog when there is no active invitation', async () => {
    const { user } = await openGroupTab(groupApi([]));
    const table = screen.getByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Create Invitation' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows registered members missing from the group, and who left with the date', async () => {
    const { user } = await openGroupTab(groupApi());
    await user.click(screen.getByText('Registered, not in group (1)'));
    expect(await screen.findByText('Omer Levi')).toBeInTheDocument();
    // the approval status as the Members tab words it
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('2 registered members have no phone number to match')).toBeInTheDocument();
    await user.click(screen.getByText('Left (1)'));
    expect(await screen.findByText('Yael Bar')).toBeInTheDocument();
    expect(screen.getByText(new Date('2026-03-09T18:30:00.000Z').toLocaleDateString())).toBeInTheDocument();
  });

  it('reads the participant list again from WhatsApp on Refresh', async () => {
    const api = groupApi().on(routes.syncGroupMembers, () => ({
      ...reconciliation,
      synced_at: '2026-03-12T10:00:00.000Z',
      not_registered: [],
    }));
    const { user } = await openGroupTab(api);
    await user.click(screen.getByRole('button', { name: 'Refresh from WhatsApp' }));
    await waitFor(() => expect(screen.queryByText('Tamar Golan')).not.toBeInTheDocument());
    expect(api.callsTo(routes.syncGroupMembers)).toHaveLength(1);
    expect(screen.getByText('Everyone in the group is registered')).toBeInTheDocument();
  });

  it('at 375 px shows each person as a card, with a Hebrew name isolated, the hidden number of an @lid and the invite action', async () => {
    const api = groupApi().on(routes.groupMembers, () => ({
      ...reconciliation,
      not_registered: [
        ...reconciliation.not_registered,
        {
          wa_id: '184467440737095@lid',
          phone: null,
          display_name: 'מיכל אברהם',
          is_admin: true,
          joined_at: null,
          left_at: null,
          member_id: null,
          member_name: null,
        },
      ],
    }));
    await openGroupTab(api, PHONE_WIDTH);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const name = screen.getByText('מיכל אברהם');
    expect(name).toHaveAttribute('dir', 'auto');
    const card = name.closest('li') as HTMLElement;
    expect(within(card).getByText('Group admin')).toBeInTheDocument();
    expect(within(card).getByText('Hidden by WhatsApp')).toBeInTheDocument();
    expect(within(card).getByText('Before tracking')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy invite link' })).toBeInTheDocument();
  });
});
