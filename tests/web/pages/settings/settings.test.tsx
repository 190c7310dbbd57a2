import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Community, UserCommunity } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { communityRecord, failure, fakeApi, listEntry, meFor, onboardingState } from '../../helpers/fake-api';
import { isShown, setField } from '../../helpers/fields';
import { renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([
    import('../../../../web/src/pages/settings'),
    import('../../../../web/src/app/shell/shell-layout'),
    import('../../../../web/src/app/require-setup'),
  ]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

const open = async (path: string, api = fakeApi()) => {
  const app = renderApp({ path, fetch: api.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 });
  return app;
};

describe('Settings tabs and footer (S2 §2.4)', () => {
  it('has the five tabs, profile first', async () => {
    await open('/settings');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Community',
      'Appearance',
      'App',
      'Debugging',
    ]);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows session, profile and community facts in the debugging tab, and no token', async () => {
    await open('/settings?tab=debugging');
    expect(await screen.findByText('Session and Profile')).toBeInTheDocument();
    expect(screen.getAllByText('user-dana').length).toBeGreaterThan(0);
    expect(screen.getByText('dana@example.com')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/eyJ[\w-]{10,}/);
  });

  it('links to /privacy and /terms in a new tab', async () => {
    await open('/settings');
    for (const [name, href] of [
      [/Privacy Policy/, '/privacy'],
      [/Terms of Service/, '/terms'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });
});

describe('Profile tab (S2 §2.4, §4, §5)', () => {
  it('shows both e-mail preferences as subscribed, display only', async () => {
    await open('/settings');
    expect(screen.getByText('Marketing Communications')).toBeInTheDocument();
    expect(screen.getByText('Community Updates')).toBeInTheDocument();
    expect(screen.getAllByText('Subscribed')).toHaveLength(2);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it("edits the username: 'All Saved' until changed, Reset, 'Username cannot be empty', then 'Saved'", async () => {
    const api = fakeApi().on('PATCH', '/api/me/profile', (call) => ({
      status: 200,
      body: { ...meFor().profile, username: (call.body as { username: string }).username },
    }));
    const { user } = await open('/settings', api);
    const field = screen.getByLabelText('Username');
    expect(field).toHaveValue('dana');
    expect(screen.getByRole('button', { name: 'All Saved' })).toBeDisabled();

    setField(field, 'dana l');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field).toHaveValue('dana');
    expect(screen.getByRole('button', { name: 'All Saved' })).toBeDisabled();

    setField(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(isShown('Username cannot be empty')).toBe(true);
    expect(api.callsTo('PATCH', '/api/me/profile')).toHaveLength(0);

    setField(field, '  Dana Levi ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(api.callsTo('PATCH', '/api/me/profile')[0]?.body).toEqual({ username: 'Dana Levi' });
    // The header follows the saved name.
    expect(await screen.findByRole('button', { name: 'Dana Levi' })).toBeInTheDocument();
  });

  it("says 'Failed to update profile. Please try again.' when saving fails", async () => {
    const api = fakeApi().on('PATCH', '/api/me/profile', failure(500, 'boom'));
    const { user } = await open('/settings', api);
    setField(screen.getByLabelText('Username'), 'someone');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Failed to update profile. Please try again.')).toBeInTheDocument();
  });
});

describe('Community tab: Community Management (S2 §2.4, §4; S1 §4, §8)', () => {
  const a = communityRecord({
    id: 'c-a',
    name: 'Community for 120363111111111111@g.us',
    created_at: '2025-03-01T00:00:00Z',
  });
  const b = communityRecord({ id: 'c-b', name: "dana's Community", created_at: '2025-02-01T00:00:00Z' });
  const c = communityRecord({
    id: 'c-c',
    name: 'Founders',
    meaningful_id: 'founders',
    created_at: '2025-01-15T00:00:00Z',
  });
  const d = communityRecord({ id: 'c-d', name: 'Tel Aviv Runners', created_at: '2025-01-01T00:00:00Z' });
  const entries: UserCommunity[] = [
    listEntry(a, { display_name: 'WhatsApp Group (12036311...)', member_count: 1 }),
    listEntry(b, { display_name: "dana's Community", role: 'Member', member_count: 0 }),
    listEntry(c, { display_name: 'founders', member_count: 40 }),
    listEntry(d, { display_name: 'Tel Aviv Runners', member_count: 7 }),
  ];

  function apiWith(list: UserCommunity[], communities: Community[] = [a, b, c, d]) {
    const byId = new Map(communities.map((x) => [x.id, x]));
    return fakeApi()
      .on('GET', '/api/communities', { communities: list })
      .on('GET', '/api/communities/{communityId}', (_call, p) => ({
        status: 200,
        body: byId.get(p.communityId ?? ''),
      }));
  }

  const row = (name: string) =>
    within(screen.getByRole('list', { name: 'Your communities' }))
      .getByText(name)
      .closest('li') as HTMLElement;

  it('lists the communities with a count, display labels, the Needs Name badge, role and active members', async () => {
    await open('/settings?tab=community', apiWith(entries));
    expect(screen.getByText('Your Communities (4)')).toBeInTheDocument();
    const expectations: [string, string, boolean, string][] = [
      ['WhatsApp Group (12036311...)', 'WhatsApp Group', true, 'Admin · 1 active member (30 days)'],
      ["dana's Community", 'Auto-generated', true, 'Member · 0 active members (30 days)'],
      ['founders', 'Custom ID', false, 'Admin · 40 active members (30 days)'],
      ['Tel Aviv Runners', 'Custom Name', false, 'Admin · 7 active members (30 days)'],
    ];
    for (const [name, label, needsName, meta] of expectations) {
      const r = row(name);
      expect(within(r).getByText(label)).toBeInTheDocument();
      expect(within(r).queryByText('Needs Name') !== null).toBe(needsName);
      expect(within(r).getByText(meta)).toBeInTheDocument();
    }
  });

  it("switches the active community with 'Switched to {display name}' and stores the choice", async () => {
    const { user } = await open('/settings?tab=community', apiWith(entries));
    const switcher = screen.getByRole('button', { name: /active community/i });
    expect(switcher).toHaveTextContent('WhatsApp Group (12036311...)');
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'Tel Aviv Runners' }));
    expect(await findToast('Switched to \u2068Tel Aviv Runners\u2069')).toBeInTheDocument();
    expect(window.localStorage.getItem('kehila:selected-community')).toBe('c-d');
    expect(within(row('Tel Aviv Runners')).getByText('Selected')).toBeInTheDocument();
  });

  it("leaves a community: 'Left community successfully', and the first remaining one is selected", async () => {
    window.localStorage.setItem('kehila:selected-community', 'c-a');
    let list = entries;
    const api = apiWith(entries)
      .on('GET', '/api/communities', () => ({ status: 200, body: { communities: list } }))
      .on('DELETE', '/api/communities/{communityId}/membership', (_call, p) => {
        list = list.filter((x) => x.community_id !== p.communityId);
        return { status: 200, body: { ok: true } };
      });
    const { user } = await open('/settings?tab=community', api);
    await user.click(within(row('WhatsApp Group (12036311...)')).getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Leave Community' }));
    expect(await findToast('Left community successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Your Communities (3)')).toBeInTheDocument());
    expect(within(row("dana's Community")).getByText('Selected')).toBeInTheDocument();
    expect(window.localStorage.getItem('kehila:selected-community')).toBe('c-b');
  });

  it("says 'Failed to leave community' when leaving fails", async () => {
    const api = apiWith(entries).on('DELETE', '/api/communities/{communityId}/membership', { status: 500, body: 'x' });
    const { user } = await open('/settings?tab=community', api);
    await user.click(within(row('Tel Aviv Runners')).getByRole('button', { name: 'Leave' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave Community' }));
    expect(await findToast('Failed to leave community')).toBeInTheDocument();
    expect(screen.getByText('Your Communities (4)')).toBeInTheDocument();
  });
});

describe('Settings connect flow (S2 §2.4, §4)', () => {
  const bare = communityRecord({
    id: 'c-new',
    name: "dana's Community",
    group_id: null,
    group_description: null,
    group_goals: null,
    admin_name: null,
    admin_gender: null,
    metadata_collected_at: null,
  });
  const connected = communityRecord({ id: 'c-old', created_at: '2024-01-01T00:00:00Z' });

  /** dana administers a connected community and a newer one without its group, which is selected. */
  function apiWith(result: { needs_metadata: boolean; user_role: 'Admin' | 'Member' }) {
    window.localStorage.setItem('kehila:selected-community', bare.id);
    return fakeApi()
      .on('GET', '/api/communities', {
        communities: [listEntry(bare, { display_name: "dana's Community" }), listEntry(connected)],
      })
      .on('GET', '/api/onboarding', onboardingState(connected, 'connected'))
      .on('GET', '/api/communities/{communityId}', (_c, p) => ({
        status: 200,
        body: p.communityId === bare.id ? bare : connected,
      }))
      .on('POST', '/api/communities/{communityId}/group', {
        success: true,
        message: 'WhatsApp group connected successfully!',
        community_id: bare.id,
        ...result,
      });
  }

  async function openFlow(api: ReturnType<typeof fakeApi>) {
    const app = renderApp({ path: '/settings', fetch: api.fetch });
    await screen.findByRole('heading', { name: 'Connect your WhatsApp group to get started' }, { timeout: 15_000 });
    return app;
  }

  it('shows only the connect flow before the group is connected, with the instructions, bot number and support e-mail', async () => {
    await openFlow(apiWith({ needs_metadata: true, user_role: 'Admin' }));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText('1 Connect Group')).toBeInTheDocument();
    expect(screen.getByText('2 Community Info')).toBeInTheDocument();
    expect(screen.getByTestId('bot-number')).toHaveTextContent('+1 555 010 0000');
    expect(screen.getByRole('link', { name: 'support@kehila.local' })).toHaveAttribute(
      'href',
      'mailto:support@kehila.local',
    );
  });

  it('shows and hides the three instruction steps', async () => {
    const { user } = await openFlow(apiWith({ needs_metadata: true, user_role: 'Admin' }));
    expect(screen.getByText(/Add the Kehila bot to your WhatsApp group/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide Instructions' }));
    expect(screen.queryByText(/Add the Kehila bot to your WhatsApp group/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Instructions' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Add the Kehila bot/),
        expect.stringMatching(/^Get the group ID/),
        expect.stringMatching(/^Enter the group ID/),
      ]),
    );
  });

  it.each([
    ['', 'Please enter a valid Group ID'],
    ['120363012345', 'Group ID must end with @g.us'],
  ])('refuses the group id %j with %s', async (value, message) => {
    const api = apiWith({ needs_metadata: true, user_role: 'Admin' });
    const { user } = await openFlow(api);
    setField(screen.getByLabelText('Group ID'), value);
    await user.click(screen.getByRole('button', { name: 'Connect Group' }));
    expect(isShown(message)).toBe(true);
    expect(api.callsTo('POST', `/api/communities/${bare.id}/group`)).toHaveLength(0);
  });

  it('goes to Community Info when the server says needs_metadata for an Admin, and skipping ends at All Set! with the skip text', async () => {
    const api = apiWith({ needs_metadata: true, user_role: 'Admin' });
    const { user, router } = await openFlow(api);
    setField(screen.getByLabelText('Group ID'), '  120363099999999999@g.us ');
    await user.click(screen.getByRole('button', { name: 'Connect Group' }));
    expect(await findToast('WhatsApp group connected successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/communities/${bare.id}/group`)[0]?.body).toEqual({
      group_id: '120363099999999999@g.us',
    });
    expect(await screen.findByRole('tab', { name: 'Basic Info' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.getByRole('heading', { name: 'All Set!' })).toBeInTheDocument();
    expect(screen.getByText('You can add community information later in your settings.')).toBeInTheDocument();
    expect(window.localStorage.getItem(`kehila:setup-skipped:${bare.id}`)).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each<[string, { needs_metadata: boolean; user_role: 'Admin' | 'Member' }]>([
    ['no metadata is needed', { needs_metadata: false, user_role: 'Admin' }],
    ['the user is not an Admin', { needs_metadata: true, user_role: 'Member' }],
  ])('goes straight to All Set! when %s', async (_case, result) => {
    const { user } = await openFlow(apiWith(result));
    setField(screen.getByLabelText('Group ID'), '120363099999999999@g.us');
    await user.click(screen.getByRole('button', { name: 'Connect Group' }));
    expect(await screen.findByRole('heading', { name: 'All Set!' })).toBeInTheDocument();
    expect(screen.queryByText('You can add community information later in your settings.')).not.toBeInTheDocument();
  });

  it('opens a connect code for this community and moves on by itself once the bot has connected the group', async () => {
    const api = apiWith({ needs_metadata: false, user_role: 'Admin' });
    await openFlow(api);
    expect(await screen.findByTestId('connect-command')).toHaveTextContent('/connect 482913');
    expect(api.callsTo('POST', `/api/communities/${bare.id}/connection`)).toHaveLength(1);
    api.updateVerification({ status: 'connected', group_id: '120363099999999999@g.us' });
    expect(await screen.findByRole('heading', { name: 'All Set!' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/communities/${bare.id}/group`).map((c) => c.body)).toEqual([
      { group_id: '120363099999999999@g.us' },
    ]);
  });

  it("toasts the server's message, else 'Failed to connect WhatsApp group'", async () => {
    const api = apiWith({ needs_metadata: false, user_role: 'Admin' }).on(
      'POST',
      '/api/communities/{communityId}/group',
      failure(409, 'This WhatsApp group is already connected to another community.'),
    );
    const { user } = await openFlow(api);
    setField(screen.getByLabelText('Group ID'), '120363099999999999@g.us');
    await user.click(screen.getByRole('button', { name: 'Connect Group' }));
    expect(await findToast('This WhatsApp group is already connected to another community.')).toBeInTheDocument();

    api.on('POST', '/api/communities/{communityId}/group', { status: 502, body: 'bad gateway' });
    await user.click(screen.getByRole('button', { name: 'Connect Group' }));
    expect(await findToast('Failed to connect WhatsApp group')).toBeInTheDocument();
  });
});
