import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authModule, dana, resetAuth, setSignedIn } from '../helpers/amplify-auth';
import { fakeApi } from '../helpers/fake-api';
import { currentPath, jsonResponse, meBody, renderApp } from '../helpers/render-app';
import { findToast } from '../helpers/toasts';
import { DESKTOP_WIDTH, PHONE_WIDTH, setViewportWidth } from '../helpers/viewport';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

beforeEach(() => {
  resetAuth();
  setViewportWidth(DESKTOP_WIDTH);
});

async function signInThroughForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), dana.email);
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: /sign in with email/i }));
}

describe('auth guard', () => {
  it('sends a signed-out visitor of a protected screen to /login and back there after signing in', async () => {
    const { router, user } = renderApp({ path: '/actions?filter=urgent#top' });

    expect(await screen.findByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await signInThroughForm(user);

    // The toast first: it leaves after a few seconds, which a slow first load of the screen can outlast.
    expect(await findToast('Logged in successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Personal Actions' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/actions?filter=urgent#top');
    expect(authModule.signIn).toHaveBeenCalledWith({
      username: dana.email,
      password: 'correct horse',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('sends a visitor who signs in without a target to /dashboard', async () => {
    const { router, user } = renderApp({ path: '/login' });
    await signInThroughForm(user);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/dashboard', '/onboarding', '/settings', '/suppliers'])('guards %s', async (path) => {
    const { router } = renderApp({ path });
    await screen.findByRole('heading', { name: 'Sign in to Kehila' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a signed-in user through to the protected screen', async () => {
    setSignedIn();
    const { router } = renderApp({ path: '/business-intelligence' });
    expect(await screen.findByRole('heading', { name: 'Business Intelligence' }, { timeout: 12_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business-intelligence');
  });
});

describe('route table', () => {
  it.each([
    ['/', 'Your WhatsApp community, kept, found and acted on'],
    ['/pricing', 'Simple, transparent pricing'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/reset-password', 'Reset link expired'],
    // Unknown to the fake API: the pages' own error states.
    ['/register/abc123', 'Invalid Invite'],
    ['/directory/public/tok-1', 'Access Error'],
  ])('serves the public screen %s without sign-in', async (path, screenName) => {
    const { router } = renderApp({ path });
    expect(await screen.findByRole('heading', { name: screenName })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/community-helper', 'Dashboard'],
    ['/old-dashboard', 'Dashboard'],
    ['/actions', 'My Personal Actions'],
    ['/analytics', 'Analytics'],
    ['/business-intelligence', 'Business Intelligence'],
    ['/suppliers', 'Community Suppliers'],
    ['/members', 'Community Management'],
    ['/settings', 'Settings'],
    ['/onboarding', 'Set up your community'],
  ])('serves the protected screen %s to a signed-in user', async (path, screenName) => {
    setSignedIn();
    renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: screenName })).toBeInTheDocument();
  });

  it('serves /messages (its screen is the Messages work) inside the shell to a signed-in user', async () => {
    setSignedIn();
    const { router } = renderApp({ path: '/messages' });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages');
  });

  it('shows the 404 page for any other path, with a link home', async () => {
    const { router } = renderApp({ path: '/no/such/page' });
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    // A full load: the landing page is prerendered (docs/public-pages.md).
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/no/such/page');
  });
});

describe('stored redirect', () => {
  it('is consumed on load and the user is sent there', async () => {
    setSignedIn();
    window.sessionStorage.setItem('redirect', '/actions?id=7');
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'My Personal Actions' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/actions?id=7');
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
  });

  it('is dropped, not followed, when it points off the site', async () => {
    window.sessionStorage.setItem('redirect', '//evil.example/steal');
    const { router } = renderApp({ path: '/pricing' });
    await screen.findByRole('heading', { name: 'Simple, transparent pricing' });
    expect(router.state.location.pathname).toBe('/pricing');
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
  });
});

describe('session in the shell', () => {
  it('shows the profile username in the header', async () => {
    setSignedIn();
    renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('button', { name: 'dana' })).toBeInTheDocument();
  });

  it('sends a user without a profile to /onboarding (S1 §4)', async () => {
    setSignedIn();
    const api = fakeApi().on('GET', '/api/me', meBody(null));
    const { router } = renderApp({ path: '/dashboard', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your community' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it("toasts 'Failed to load your profile' when /api/me fails", async () => {
    setSignedIn();
    renderApp({
      path: '/dashboard',
      fetch: async () => jsonResponse(500, { message: 'Something went wrong. Please try again.', code: 'internal' }),
    });
    expect(await findToast('Failed to load your profile')).toBeInTheDocument();
  });

  it('signs out with the goodbye toast and lands on /login', async () => {
    setSignedIn();
    const { router, user } = renderApp({ path: '/members' });
    await user.click(await screen.findByRole('button', { name: 'dana' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toBeNull();
    expect(await findToast('Goodbye, \u2068dana\u2069! Signed out successfully')).toBeInTheDocument();
  });

  it("says 'Failed to sign out' and stays when sign-out fails", async () => {
    setSignedIn();
    authModule.signOut.mockRejectedValue(new Error('network down'));
    const { router, user } = renderApp({ path: '/members' });
    await user.click(await screen.findByRole('button', { name: 'dana' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await findToast('Failed to sign out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
  });

  it('uses the mobile layout at phone width', async () => {
    setViewportWidth(PHONE_WIDTH);
    setSignedIn();
    renderApp({ path: '/actions' });
    await screen.findByRole('heading', { name: 'My Personal Actions' });
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Tabs' })).toBeInTheDocument());
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
