import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setSignedIn } from '../helpers/amplify-auth';
import { communityRecord, failure, fakeApi, listEntry, meFor, onboardingState } from '../helpers/fake-api';
import { renderApp } from '../helpers/render-app';
import { findToast } from '../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([
    import('../../../web/src/app/require-setup'),
    import('../../../web/src/app/shell/shell-layout'),
    import('../../../web/src/pages/onboarding'),
    import('../../../web/src/pages/paywall'),
  ]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

const unconnected = communityRecord({ group_id: null, name: "dana's Community" });
const blocked = {
  hasActiveSubscription: false,
  hasWhitelistAccess: false,
  isInTrial: false,
  isExpired: true,
  daysRemaining: null,
  trialEndsAt: '2024-01-01T00:00:00.000Z',
  isBlocked: true,
};

describe('community-setup check (S1 §4 "Session and routing")', () => {
  it.each<[string, (api: ReturnType<typeof fakeApi>) => void]>([
    ['has no profile', (api) => api.on('GET', '/api/me', meFor({ profile: null, access: null }))],
    ['has a pending connection', (api) => api.on('GET', '/api/onboarding', onboardingState(unconnected, 'pending'))],
    [
      'has no active membership and no pending connection',
      (api) => api.on('GET', '/api/communities', { communities: [] }).on('GET', '/api/onboarding', null),
    ],
    [
      'has an active membership whose community has no group_id',
      (api) =>
        api
          .on('GET', '/api/communities', { communities: [listEntry(unconnected)] })
          .on('GET', '/api/onboarding', onboardingState(unconnected, null)),
    ],
  ])('sends a user who %s to /onboarding', async (_case, arrange) => {
    const api = fakeApi();
    arrange(api);
    const { router } = renderApp({ path: '/actions', fetch: api.fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your community' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('lets a user with a connected community through', async () => {
    const { router } = renderApp({ path: '/actions' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/actions');
  });

  it("shows 'Your Free Trial Has Ended' instead of the screen when access is blocked", async () => {
    const api = fakeApi().on('GET', '/api/me', meFor({ access: blocked }));
    const { router } = renderApp({ path: '/actions', fetch: api.fetch });
    expect(
      await screen.findByRole('heading', { name: 'Your Free Trial Has Ended' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Personal Actions' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/actions');
  });

  it('checks setup before access: a blocked user without a community goes to onboarding', async () => {
    const api = fakeApi()
      .on('GET', '/api/me', meFor({ access: blocked }))
      .on('GET', '/api/communities', { communities: [] })
      .on('GET', '/api/onboarding', null);
    const { router } = renderApp({ path: '/actions', fetch: api.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Set up your community' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it("says 'Failed to load communities' and keeps the screen when the list fails", async () => {
    const api = fakeApi().on('GET', '/api/communities', failure(500, 'boom'));
    renderApp({ path: '/actions', fetch: api.fetch });
    expect(await findToast('Failed to load communities')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' })).toBeInTheDocument();
  });

  it('goes on without the pending connection when it cannot be read (S1 §8)', async () => {
    const api = fakeApi().on('GET', '/api/onboarding', failure(500, 'boom'));
    renderApp({ path: '/actions', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it("says 'Failed to load your profile' with Try Again when the profile cannot be read", async () => {
    let fail = true;
    const api = fakeApi().on('GET', '/api/me', () => (fail ? failure(503, 'down') : { status: 200, body: meFor() }));
    const { user } = renderApp({ path: '/actions', fetch: api.fetch });
    expect(await findToast('Failed to load your profile')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' })).toBeInTheDocument();
  });
});

describe('role in the user menu (S1 §2)', () => {
  it("shows members as 'Community Member'", async () => {
    const c = communityRecord();
    const api = fakeApi().on('GET', '/api/communities', { communities: [listEntry(c, { role: 'Member' })] });
    const { user } = renderApp({ path: '/actions', fetch: api.fetch });
    await user.click(await screen.findByRole('button', { name: 'dana' }, { timeout: 15_000 }));
    expect(await screen.findByText('Community Member')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('gives admins the crown', async () => {
    renderApp({ path: '/actions' });
    const header = (await screen.findByRole('button', { name: 'dana' }, { timeout: 15_000 })).closest('header');
    expect(within(header as HTMLElement).getByRole('img', { name: 'Admin' })).toBeInTheDocument();
  });
});
