import { screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../web/src/api/client';
import { runGoogleCallback } from '../../../web/src/app/google-callback';
import { authModule, resetAuth, setSignedIn } from '../helpers/amplify-auth';
import { failure, fakeApi, meFor } from '../helpers/fake-api';
import { renderApp } from '../helpers/render-app';
import { findToast } from '../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([import('../../../web/src/app/signed-in-layout'), import('../../../web/src/pages/onboarding')]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
  window.sessionStorage.setItem('kehila:google-callback', '1');
  window.localStorage.setItem(
    'kehila:google-consent',
    JSON.stringify({
      acceptedPrivacyPolicy: true,
      acceptedEmailCommunications: true,
      consentTimestamp: '2025-01-01T00:00:00.000Z',
    }),
  );
});

function consentApi() {
  return fakeApi().on('PUT', '/api/me/consent', {
    provider: 'google',
    accepted_privacy_policy: true,
    accepted_email_communications: true,
    consent_timestamp: '2025-01-01T00:00:00.000Z',
  });
}

describe('Google sign-in callback (S1 §4, §8)', () => {
  it('welcomes back an existing user on the page the round trip landed on, and records the consent', async () => {
    const api = consentApi();
    const { router } = renderApp({ path: '/dashboard', fetch: api.fetch });
    expect(await findToast('Welcome back!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('PUT', '/api/me/consent')[0]?.body).toEqual({
      acceptedPrivacyPolicy: true,
      acceptedEmailCommunications: true,
      consentTimestamp: '2025-01-01T00:00:00.000Z',
    });
    expect(window.sessionStorage.getItem('kehila:google-callback')).toBeNull();
  });

  it('sends a new user (no community yet) to /onboarding with a welcome', async () => {
    const api = consentApi().on('GET', '/api/communities', { communities: [] }).on('GET', '/api/onboarding', null);
    const { router } = renderApp({ path: '/dashboard', fetch: api.fetch });
    expect(await findToast("Welcome to Kehila! Let's connect your community.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it("gives up after 3 attempts: 'Failed to complete account setup. Please try again.', sign-out, /login", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = consentApi().on('GET', '/api/me', failure(503, 'down'));
      const { router } = renderApp({ path: '/dashboard', fetch: api.fetch });
      await waitFor(() => expect(api.callsTo('GET', '/api/me')).toHaveLength(1), { timeout: 15_000 });
      await vi.advanceTimersByTimeAsync(2_000);
      await waitFor(() => expect(api.callsTo('GET', '/api/me')).toHaveLength(2));
      await vi.advanceTimersByTimeAsync(4_000);
      expect(await findToast('Failed to complete account setup. Please try again.')).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/me')).toHaveLength(3);
      expect(authModule.signOut).toHaveBeenCalled();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('heading', { name: 'Sign in to Kehila' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits 2 s, then 4 s, between attempts, and succeeds when the profile arrives', async () => {
    let calls = 0;
    const api = consentApi().on('GET', '/api/me', () => {
      calls += 1;
      return calls < 3 ? { status: 200, body: meFor({ profile: null, access: null }) } : { status: 200, body: meFor() };
    });
    const waits: number[] = [];
    const result = await runGoogleCallback({
      callApi: createApiClient({ baseUrl: '', getIdToken: async () => 'token', fetch: api.fetch }),
      queryClient: new QueryClient(),
      userId: 'user-dana',
      sleep: async (ms) => void waits.push(ms),
    });
    expect(waits).toEqual([2_000, 4_000]);
    expect(result).toEqual({ ok: true, isNew: false });
  });
});
