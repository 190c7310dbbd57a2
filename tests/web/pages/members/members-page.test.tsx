import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { routes, type Member, type UserCommunity } from '@kehila/shared';
import MembersPage from '../../../../web/src/pages/members';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { COMMUNITY, FakeApi, setUpMessagesTests, type ApiCall } from '../messages/support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

// React's key warning fails the test that caused it (SpaceBetween wraps a text child, such as an
// empty search text left by `q && …`, in a div without a key).
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  const keyWarnings = consoleError.mock.calls.filter((c) => String(c[0]).includes('unique "key"'));
  consoleError.mockRestore();
  expect(keyWarnings).toEqual([]);
});

/** A member; every field a test does not give has a plain value. */
function member(id: string, over: Partial<Member> = {}): Member {
  return {
    id,
    auth_id: null,
    community_id: COMMUNITY.community_id,
    status: 'active',
    approval_status: 'approved',
    first_name: id,
    last_name: 'Levi',
    email: `${id}@example.com`,
    phone: null,
    country_code: '+972',
    company: null,
    job_role: null,
    role_level: null,
    gender: null,
    linkedin_profile_url: null,
    facebook_name: null,
    referral_source: null,
    attend_live_events: null,
    custom_field_label: null,
    custom_field_value: null,
    location: null,
    role: 'Member',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...over,
  };
}

const NOA = member('Noa', { approval_status: 'pending', status: 'inactive', company: 'Wix' });
const OMER = member('Omer');
const counts = { total: 45, pending: 1, approved: 43, rejected: 1 };

/** The list route as the server answers it: a page of `items`, with `total` for the tab and search. */
function listAnswer(items: Member[], total = counts.total) {
  return { items, total, page: 1, pageSize: 20, counts, matching: counts };
}

function membersApi(list: (call: ApiCall) => unknown = () => listAnswer([NOA, OMER])): FakeApi {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: [COMMUNITY] })],
    [routes.listMembers, list],
    [routes.listInvites, () => ({ items: [] })],
    [routes.listDirectoryLinks, () => ({ items: [] })],
    [
      routes.groupMembers,
      () => ({
        group_connected: false,
        synced_at: null,
        in_group: 0,
        not_registered: [],
        not_in_group: [],
        members_without_phone: 0,
        left: [],
      }),
    ],
  ]);
}

/** The query of the last list call that is not the tab-count read (pageSize 1). */
function lastListQuery(api: FakeApi): Record<string, string> {
  const calls = api.callsTo(routes.listMembers).filter((c) => c.query.get('pageSize') !== '1');
  return Object.fromEntries(calls.at(-1)?.query ?? []);
}

async function openMembers(api: FakeApi) {
  const view = renderScreen({
    routes: [{ path: '/members', element: <MembersPage /> }],
    path: '/members',
    fetch: api.fetch,
  });
  await screen.findByRole('button', { name: 'Noa Levi' });
  return view;
}

describe('the members screen', () => {
  it('answers Access Denied to someone who administers no community', async () => {
    const member: UserCommunity = { ...COMMUNITY, role: 'Member', is_owner: false };
    const api = new FakeApi([[routes.listMyCommunities, () => ({ communities: [member] })]]);
    renderScreen({ routes: [{ path: '/members', element: <MembersPage /> }], path: '/members', fetch: api.fetch });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have admin access to this community")).toBeInTheDocument();
    expect(api.callsTo(routes.listMembers)).toEqual([]);
  });

  it('shows the tabs with counts, the summary counts and which members the page holds', async () => {
    await openMembers(membersApi());
    expect(screen.getByRole('tab', { name: 'Members (45)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Invitations (0)' })).toBeInTheDocument();
    expect(within(screen.getByTestId('members-count-total')).getByText('45')).toBeInTheDocument();
    expect(within(screen.getByTestId('members-count-pending')).getByText('1')).toBeInTheDocument();
    expect(screen.getByTestId('members-showing')).toHaveTextContent('Showing 1 to 20 of 45 members');
  });

  it('searches, filters and pages on the server', async () => {
    const api = membersApi((call) => (call.query.get('q') === 'wix' ? listAnswer([NOA], 1) : listAnswer([NOA, OMER])));
    const { user } = await openMembers(api);
    expect(lastListQuery(api)).toMatchObject({ status: 'all', q: '', page: '1', pageSize: '20' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ page: '2' }));

    await user.click(screen.getByText('Pending (1)'));
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ status: 'pending', page: '1' }));

    await user.type(screen.getByRole('searchbox'), 'wix');
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ q: 'wix', status: 'pending', page: '1' }));
    expect(await screen.findByText('1 member found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Omer Levi' })).not.toBeInTheDocument());
  });

  it("shows 'No members found' with Clear search when nothing matches", async () => {
    const api = membersApi((call) => (call.query.get('q') ? listAnswer([], 0) : listAnswer([NOA, OMER])));
    const { user } = await openMembers(api);
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No members found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ q: '' }));
    expect(await screen.findByRole('button', { name: 'Noa Levi' })).toBeInTheDocument();
  });

  it('approves a pending member (the server pairs approved with active)', async () => {
    const api = membersApi().on(routes.setMemberApproval, () => ({
      ...NOA,
      approval_status: 'approved',
      status: 'active',
    }));
    const { user } = await openMembers(api);
    const row = screen.getByRole('button', { name: 'Noa Levi' }).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Approve' }));
    await findToast('Member approved');
    expect(api.callsTo(routes.setMemberApproval)).toEqual([
      expect.objectContaining({
        params: { communityId: COMMUNITY.community_id, memberId: 'Noa' },
        body: { approved: true },
      }),
    ]);
  });

  it('deletes the selected members after the confirmation and reports the ones that failed', async () => {
    const api = membersApi().on(routes.bulkDeleteMembers, () => ({
      results: [
        { id: 'Noa', ok: true, message: null },
        { id: 'Omer', ok: false, message: 'Member not found' },
      ],
      succeeded: 1,
      failed: 1,
    }));
    const { user } = await openMembers(api);
    await user.click(screen.getByRole('checkbox', { name: 'Noa Levi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Omer Levi' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete 2 member(s)?')).toBeInTheDocument();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Some Deletions Failed: 1 members could not be deleted. Check permissions.');
    expect(api.callsTo(routes.bulkDeleteMembers)[0]?.body).toEqual({ member_ids: ['Noa', 'Omer'] });
  });

  it('sends only the filled fields of Bulk Edit', async () => {
    const api = membersApi().on(routes.bulkUpdateMembers, () => ({ results: [], succeeded: 2, failed: 0 }));
    const { user } = await openMembers(api);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Bulk Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit (2)' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(
      within(dialog).getByText('Only filled fields will be updated. Empty fields will be ignored.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Company'), 'Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('2 members updated successfully, 0 failed');
    expect(api.callsTo(routes.bulkUpdateMembers)[0]?.body).toEqual({
      member_ids: ['Noa', 'Omer'],
      changes: { company: 'Monday' },
    });
  });

  it('puts the role back when Update Role fails', async () => {
    const api = membersApi().on(routes.setMemberRole, () => ({ status: 500, body: { message: 'Boom' } }));
    const { user } = await openMembers(api);
    await user.click(screen.getByRole('button', { name: 'Omer Levi' }));
    const dialog = await screen.findByRole('dialog', { name: /Omer Levi/ });
    await user.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    await user.click(within(dialog).getByRole('button', { name: /Member/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Role' }));
    await findToast('Failed to update member role');
    expect(api.callsTo(routes.setMemberRole)[0]?.body).toEqual({ role: 'Admin' });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Update Role' })).not.toBeInTheDocument());
  });

  it('creates an invitation only once the community name and rules are given', async () => {
    const api = membersApi()
      .on(routes.getCommunity, () => ({ status: 404, body: { message: 'Community not found' } }))
      .on(routes.createInvite, () => ({
        id: 'inv-1',
        code: 'AbCdEfGhIjKlMnOpQrStUv',
        uses: 0,
        max_uses: 10,
        created_at: '2026-03-01T00:00:00.000Z',
        expires_at: null,
      }));
    const { user } = await openMembers(api);
    await user.click(screen.getByRole('tab', { name: 'Invitations (0)' }));
    await user.click(await screen.findByRole('button', { name: 'Create Invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Invitation' });
    const name = within(dialog).getByLabelText('Community name');
    await user.clear(name);
    await user.click(within(dialog).getByTestId('create-invitation-submit'));
    expect(await within(dialog).findByText('Community name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Group rules are required')).toBeInTheDocument();
    expect(api.callsTo(routes.createInvite)).toEqual([]);

    await user.type(name, 'Tel Aviv Founders');
    await user.type(within(dialog).getByLabelText('Group rules'), 'Be kind');
    await user.type(within(dialog).getByLabelText('Maximum uses'), '10');
    await user.click(within(dialog).getByTestId('create-invitation-submit'));
    await findToast('Invitation created');
    expect(api.callsTo(routes.createInvite)[0]?.body).toMatchObject({
      communityName: 'Tel Aviv Founders',
      groupRules: 'Be kind',
      maxUses: 10,
      expiresAt: null,
    });
  });
});
