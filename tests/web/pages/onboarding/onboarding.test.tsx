import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Community } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { communityRecord, fakeApi, listEntry, onboardingState } from '../../helpers/fake-api';
import { isShown, setField } from '../../helpers/fields';
import { renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  // The screen and the toast region are chunks of their own: transformed once here, so the timed
  // steps below measure the screen, not the first import.
  await Promise.all([
    import('../../../../web/src/pages/onboarding'),
    import('../../../../web/src/components/toast/toast-region'),
  ]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

afterEach(() => {
  vi.useRealTimers();
});

const GROUP = '120363077777777777@g.us';
const fresh = communityRecord({
  id: 'c-fresh',
  name: "dana's Community",
  group_id: null,
  group_description: null,
  group_goals: null,
  admin_name: null,
  admin_gender: null,
  admin_phone: null,
  business_focus: [],
  metadata_collected_at: null,
});
const connected: Community = { ...fresh, group_id: GROUP };

/** The server side of onboarding: start answers the pending connection; polls answer `polls()`. */
function onboardingApi(polls: () => 'pending' | 'connected', start = onboardingState(fresh, 'pending')) {
  return fakeApi()
    .on('GET', '/api/communities', { communities: [listEntry(connected)] })
    .on('GET', '/api/communities/{communityId}', connected)
    .on('POST', '/api/onboarding', start)
    .on('GET', '/api/onboarding', () => ({
      status: 200,
      body: polls() === 'connected' ? onboardingState(connected, 'connected') : onboardingState(fresh, 'pending'),
    }))
    .on('PUT', '/api/communities/{communityId}/info', (call) => ({
      status: 200,
      body: { ...connected, ...(call.body as object), metadata_collected_at: '2026-01-01T00:00:00Z' },
    }));
}

const progress = () => screen.getByRole('progressbar');
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

async function fillDetails(user: ReturnType<typeof renderApp>['user']) {
  setField(screen.getByLabelText('Group description'), 'Neighbours sharing tips');
  setField(screen.getByLabelText('Group goals'), 'Help each other');
  setField(screen.getByLabelText('Admin name'), 'Dana');
  await user.click(screen.getByRole('button', { name: /admin gender/i }));
  await user.click(await screen.findByRole('option', { name: 'Female' }));
}

describe('onboarding (S1 §2, §4)', () => {
  it('polls every 3 s, gives the hints after more than 5 and more than 15 checks, and moves on 2 s after connecting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state: 'pending' | 'connected' = 'pending';
    const api = onboardingApi(() => state);
    renderApp({ path: '/onboarding', fetch: api.fetch });
    await screen.findByText('Waiting for the bot to see your group…', {}, { timeout: 15_000 });
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('value', '33');
    expect(api.callsTo('POST', '/api/onboarding')).toHaveLength(1);
    const polls = () => api.callsTo('GET', '/api/onboarding').length;
    const start = polls();

    await advance(2_900);
    expect(polls()).toBe(start);
    await advance(100);
    await waitFor(() => expect(polls()).toBe(start + 1));

    for (let i = 2; i <= 5; i++) await advance(3_000);
    await waitFor(() => expect(polls()).toBe(start + 5));
    expect(screen.queryByText(/taking longer than expected/)).not.toBeInTheDocument();
    await advance(3_000);
    expect(await screen.findByText(/This is taking longer than expected/)).toBeInTheDocument();

    for (let i = 7; i <= 15; i++) await advance(3_000);
    await waitFor(() => expect(polls()).toBe(start + 15));
    expect(screen.queryByText(/Still not connecting\?/)).not.toBeInTheDocument();
    await advance(3_000);
    expect(await screen.findByText(/Still not connecting\?/)).toBeInTheDocument();

    state = 'connected';
    await advance(3_000);
    // The poll at the end of those 3 s saw the connection; the clock runs on while the toast appears.
    const connectedAt = Date.now();
    expect(await findToast('WhatsApp group connected!')).toBeInTheDocument();
    await advance(1_900 - (Date.now() - connectedAt));
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await advance(200);
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('value', '67');
    const after = polls();
    await advance(9_000);
    expect(polls()).toBe(after);
  });

  it('saves the details, says so, completes, and goes to /dashboard after 1 s', async () => {
    const api = onboardingApi(() => 'connected', onboardingState(connected, 'connected'));
    const { user, router } = renderApp({ path: '/onboarding', fetch: api.fetch });
    expect(await screen.findByText('Step 2 of 3', {}, { timeout: 15_000 })).toBeInTheDocument();
    await fillDetails(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await findToast('Community information updated successfully! 🎉')).toBeInTheDocument();
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('value', '100');
    expect(router.state.location.pathname).toBe('/onboarding');
    await advance(1_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem('kehila:selected-community')).toBe(connected.id);
  });

  it("says 'Failed to save community information. Please try again.' when the details cannot be saved", async () => {
    const api = onboardingApi(() => 'connected', onboardingState(connected, 'connected')).on(
      'PUT',
      '/api/communities/{communityId}/info',
      { status: 500, body: 'x' },
    );
    const { user } = renderApp({ path: '/onboarding', fetch: api.fetch });
    await screen.findByText('Step 2 of 3', {}, { timeout: 15_000 });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await findToast('Failed to save community information. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it.each([
    ['', 'Please enter a valid Group ID'],
    ['120363077777777777', 'Group ID must end with @g.us'],
  ])('refuses the manual group id %j with %s', async (value, message) => {
    const api = onboardingApi(() => 'pending');
    const { user } = renderApp({ path: '/onboarding', fetch: api.fetch });
    setField(await screen.findByLabelText('Group ID', {}, { timeout: 15_000 }), value);
    await user.click(screen.getByRole('button', { name: 'Connect Group' }));
    expect(isShown(message)).toBe(true);
    expect(api.callsTo('POST', `/api/communities/${fresh.id}/group`)).toHaveLength(0);
  });

  it('connects by the manual group id, then moves on after 2 s', async () => {
    const api = onboardingApi(() => 'pending').on('POST', '/api/communities/{communityId}/group', {
      success: true,
      message: 'WhatsApp group connected successfully!',
      community_id: fresh.id,
      needs_metadata: true,
      user_role: 'Admin',
    });
    const { user } = renderApp({ path: '/onboarding', fetch: api.fetch });
    setField(await screen.findByLabelText('Group ID', {}, { timeout: 15_000 }), ` ${GROUP} `);
    await user.click(screen.getByRole('button', { name: 'Connect Group' }));
    expect(await findToast('WhatsApp group connected successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/communities/${fresh.id}/group`)[0]?.body).toEqual({ group_id: GROUP });
    expect(await screen.findByText('Step 2 of 3', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('shows the connect code to send from the WhatsApp number, copyable', async () => {
    const { user } = renderApp({ path: '/onboarding', fetch: onboardingApi(() => 'pending').fetch });
    expect(await screen.findByTestId('connect-command', {}, { timeout: 15_000 })).toHaveTextContent('/connect 482913');
    expect(screen.getByText('Send this in the group from your WhatsApp number +972501234567:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy connect command' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('/connect 482913');
  });

  it('asks a profile without a WhatsApp number for one, polls nothing before, and follows the code opened for it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = onboardingApi(() => 'pending', onboardingState(fresh, null));
    const { user } = renderApp({ path: '/onboarding', fetch: api.fetch });
    expect(
      await screen.findByText(
        'Your profile has no WhatsApp number, so the bot cannot recognise you. Enter the number you will send your connect code from.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    await advance(10_000);
    expect(api.callsTo('GET', '/api/onboarding')).toHaveLength(0);

    setField(screen.getByLabelText('Your WhatsApp number'), '+972 54 765 4321');
    await user.click(screen.getByRole('button', { name: 'Get a connect code' }));
    expect(await screen.findByTestId('connect-command')).toHaveTextContent('/connect 482913');
    expect(api.callsTo('POST', `/api/communities/${fresh.id}/connection`)[0]?.body).toEqual({ phone: '+972547654321' });
    expect(screen.getByText('Waiting for the bot to see your group…')).toBeInTheDocument();
    await advance(3_000);
    await waitFor(() => expect(api.callsTo('GET', '/api/onboarding')).toHaveLength(1));
  });

  it('says why the code failed and gives a new one', async () => {
    const why = 'Failed to connect WhatsApp group: too many wrong codes. Get a new code and try again.';
    const failed = onboardingState(fresh, 'pending');
    const api = onboardingApi(() => 'pending').on('GET', '/api/onboarding', {
      ...failed,
      connection: { ...failed.connection!, status: 'failed', error: why },
    });
    const { user } = renderApp({ path: '/onboarding', fetch: api.fetch });
    expect(await screen.findByText(why, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the bot to see your group…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a new code' }));
    expect(await screen.findByTestId('connect-command')).toHaveTextContent('/connect 482913');
    expect(api.callsTo('POST', `/api/communities/${fresh.id}/connection`)[0]?.body).toEqual({ phone: '+972501234567' });
  });

  it("shows the server's reason, else 'Failed to initialize setup', with Try Again", async () => {
    let fail = true;
    const api = onboardingApi(() => 'pending').on('POST', '/api/onboarding', () =>
      fail ? { status: 500, body: 'x' } : { status: 200, body: onboardingState(fresh, 'pending') },
    );
    const { user } = renderApp({ path: '/onboarding', fetch: api.fetch });
    expect(await screen.findByText('Failed to initialize setup', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Waiting for the bot to see your group…')).toBeInTheDocument();
  });

  it('shows and hides the instructions, with the bot number', async () => {
    const { user } = renderApp({ path: '/onboarding', fetch: onboardingApi(() => 'pending').fetch });
    await screen.findByText('Waiting for the bot to see your group…', {}, { timeout: 15_000 });
    expect(screen.getByTestId('bot-number')).toHaveTextContent('+1 555 010 0000');
    await user.click(screen.getByRole('button', { name: 'Hide Instructions' }));
    expect(screen.queryByTestId('bot-number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Instructions' }));
    expect(screen.getByTestId('bot-number')).toBeInTheDocument();
  });
});
