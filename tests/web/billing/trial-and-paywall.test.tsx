import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutNavigation } from '../../../web/src/billing/use-checkout';
import { resetAuth, setSignedIn } from '../helpers/amplify-auth';
import { failure, fakeApi, meFor } from '../helpers/fake-api';
import { renderApp } from '../helpers/render-app';
import { findToast } from '../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([
    import('../../../web/src/app/require-setup'),
    import('../../../web/src/app/shell/shell-layout'),
    import('../../../web/src/pages/paywall'),
    import('../../../web/src/pages/messages'),
  ]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const LOCAL_CHECKOUT_OFF =
  'Checkout needs a deployment with Lemon Squeezy configured. Locally, billing is off: the trial, the allow-list (npm run admin -- allowlist add <email>) and signed test webhooks (npm run admin -- billing test-webhook <email>) stand in for it.';

function withWarning(daysRemaining: number, message: string, urgent: boolean) {
  return fakeApi().on('GET', '/api/me', meFor({ trialWarning: { daysRemaining, message, urgent } }));
}

describe('trial warning banner (S1 §2, §4)', () => {
  it('shows the server message without the urgent badge at 4-5 days, and no upgrade button', async () => {
    const message = 'Your free trial ends in 5 days. Consider upgrading to continue enjoying all features.';
    renderApp({ path: '/actions', fetch: withWarning(5, message, false).fetch });
    const banner = await screen.findByTestId('trial-banner', {}, { timeout: 15_000 });
    expect(within(banner).getByText(message)).toBeInTheDocument();
    expect(within(banner).queryByText('50% OFF Limited Time!')).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });

  it("is urgent at 3 days or fewer: the '50% OFF Limited Time!' badge and an upgrade button that opens the checkout", async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const api = withWarning(
      1,
      'Your free trial ends tomorrow! Upgrade now to continue accessing all features.',
      true,
    ).on('POST', '/api/billing/checkout', { url: 'https://kehila.lemonsqueezy.com/checkout/abc' });
    const { user } = renderApp({ path: '/actions', fetch: api.fetch });
    const banner = await screen.findByTestId('trial-banner', {}, { timeout: 15_000 });
    expect(within(banner).getByText('50% OFF Limited Time!')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://kehila.lemonsqueezy.com/checkout/abc'));
    expect(api.callsTo('POST', '/api/billing/checkout')[0]?.body).toEqual({ plan: 'pro' });
  });

  it('toasts why the checkout cannot open', async () => {
    const api = withWarning(2, 'Your free trial ends in 2 days. Upgrade now to avoid interruption.', true).on(
      'POST',
      '/api/billing/checkout',
      failure(503, LOCAL_CHECKOUT_OFF, 'unavailable'),
    );
    const { user } = renderApp({ path: '/actions', fetch: api.fetch });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }, { timeout: 15_000 }));
    expect(await findToast(LOCAL_CHECKOUT_OFF)).toBeInTheDocument();
  });

  it('is dismissed for the session', async () => {
    const api = withWarning(
      4,
      'Your free trial ends in 4 days. Consider upgrading to continue enjoying all features.',
      false,
    );
    const first = renderApp({ path: '/actions', fetch: api.fetch });
    const banner = await screen.findByTestId('trial-banner', {}, { timeout: 15_000 });
    await first.user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('trial-banner')).not.toBeInTheDocument();
    first.unmount();

    renderApp({ path: '/actions', fetch: api.fetch });
    await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' });
    expect(screen.queryByTestId('trial-banner')).not.toBeInTheDocument();
  });

  it('does not show without a warning', async () => {
    renderApp({ path: '/actions' });
    await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' }, { timeout: 15_000 });
    expect(screen.queryByTestId('trial-banner')).not.toBeInTheDocument();
  });
});

describe("paywall 'Your Free Trial Has Ended' (S1 §2)", () => {
  const blockedMe = meFor({
    access: {
      hasActiveSubscription: false,
      hasWhitelistAccess: false,
      isInTrial: false,
      isExpired: true,
      daysRemaining: null,
      trialEndsAt: '2024-01-01T00:00:00.000Z',
      isBlocked: true,
    },
  });

  async function openPaywall(api = fakeApi().on('GET', '/api/me', blockedMe)) {
    const app = renderApp({ path: '/dashboard', fetch: api.fetch });
    await screen.findByRole('heading', { name: 'Your Free Trial Has Ended' }, { timeout: 15_000 });
    return { ...app, api };
  }

  it('lists the six missed features and the three buttons, with the support contact', async () => {
    await openPaywall();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'AI-powered daily summaries',
      'advanced analytics and insights',
      'message history search',
      'member networking features',
      'priority support',
      'export capabilities',
    ]);
    expect(screen.getByRole('button', { name: 'Upgrade to Pro - $19/month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enterprise Plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      'mailto:support@kehila.local?subject=Kehila%20Enterprise',
    );
    expect(screen.getByRole('link', { name: 'support@kehila.local' })).toHaveAttribute(
      'href',
      'mailto:support@kehila.local',
    );
  });

  it('goes to the hosted checkout the server creates for Pro', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const { user, api } = await openPaywall(
      fakeApi()
        .on('GET', '/api/me', blockedMe)
        .on('POST', '/api/billing/checkout', { url: 'https://kehila.lemonsqueezy.com/checkout/pro' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro - $19/month' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://kehila.lemonsqueezy.com/checkout/pro'));
    expect(api.callsTo('POST', '/api/billing/checkout')[0]?.body).toEqual({ plan: 'pro' });
  });

  it('says locally that billing needs a deployment, and passes on the Enterprise answer', async () => {
    const api = fakeApi()
      .on('GET', '/api/me', blockedMe)
      .on('POST', '/api/billing/checkout', (call) =>
        (call.body as { plan: string }).plan === 'pro'
          ? failure(503, LOCAL_CHECKOUT_OFF, 'unavailable')
          : failure(400, 'The Enterprise plan is sold through our sales team. Please contact sales.', 'bad_request'),
      );
    const { user } = await openPaywall(api);
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro - $19/month' }));
    expect(await screen.findByText(LOCAL_CHECKOUT_OFF)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enterprise Plan' }));
    expect(
      await screen.findByText('The Enterprise plan is sold through our sales team. Please contact sales.'),
    ).toBeInTheDocument();
  });

  it('offers the Free plan ($0/month) with what it holds, and lets the user in on it', async () => {
    let free = false;
    const api = fakeApi()
      .on('GET', '/api/me', () => ({ status: 200, body: free ? meFor() : blockedMe }))
      .on('POST', '/api/billing/free', () => {
        free = true;
        return { status: 200, body: { plan: 'free' } };
      });
    const { user } = await openPaywall(api);
    expect(screen.getByText(/^Dashboard access · 1 WhatsApp group · .* · No AI features/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Continue with Free - $0/month' });
    await user.click(button);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/billing/free')[0]?.body).toEqual({});
  });

  it("makes Free the first choice when the pricing page's Free card sent the user (?plan=free), and shows the server's refusal", async () => {
    const api = fakeApi()
      .on('GET', '/api/me', blockedMe)
      .on(
        'POST',
        '/api/billing/free',
        failure(409, 'Your account already has access through a paid plan or the allow-list.', 'conflict'),
      );
    const { user } = renderApp({ path: '/dashboard?plan=free', fetch: api.fetch });
    await screen.findByRole('heading', { name: 'Your Free Trial Has Ended' }, { timeout: 15_000 });
    const free = screen.getByRole('button', { name: 'Continue with Free - $0/month' });
    const pro = screen.getByRole('button', { name: 'Upgrade to Pro - $19/month' });
    expect(free.className).toMatch(/variant-primary/);
    expect(pro.className).not.toMatch(/variant-primary/);
    await user.click(free);
    expect(
      await screen.findByText('Your account already has access through a paid plan or the allow-list.'),
    ).toBeInTheDocument();
  });

  it('lets the user in once the access state unblocks (the billing webhook arrived)', async () => {
    let blocked = true;
    const api = fakeApi().on('GET', '/api/me', () => ({ status: 200, body: blocked ? blockedMe : meFor() }));
    await openPaywall(api);
    blocked = false;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe('a 402 from any call shows the paywall (S1 §4: the server refuses paid routes)', () => {
  const blockedMe = meFor({
    access: {
      hasActiveSubscription: false,
      hasWhitelistAccess: false,
      isInTrial: false,
      isExpired: true,
      daysRemaining: null,
      trialEndsAt: '2024-01-01T00:00:00.000Z',
      isBlocked: true,
    },
  });
  const paymentRequired = {
    status: 402,
    body: { message: 'Your Free Trial Has Ended', code: 'payment_required', reason: 'trial_ended' },
  };

  /**
   * The trial ends while the user is in the app: the profile read at start said it was running; from
   * the first refused call on, the server's profile says blocked too, until the user pays.
   */
  function endingTrial() {
    let state: 'running' | 'ended' | 'paid' = 'running';
    const api = fakeApi()
      .on('GET', '/api/me', () => ({ status: 200, body: state === 'ended' ? blockedMe : meFor() }))
      .on('GET', '/api/communities/{communityId}/messages', () => {
        if (state === 'paid') return { status: 200, body: { items: [], nextCursor: null } };
        state = 'ended';
        return paymentRequired;
      });
    return { api, pay: () => (state = 'paid') };
  }

  it('switches from the Messages screen to the paywall when the message list answers 402', async () => {
    const { api } = endingTrial();
    renderApp({ path: '/messages', fetch: api.fetch });
    expect(
      await screen.findByRole('heading', { name: 'Your Free Trial Has Ended' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro - $19/month' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Overview' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/communities/c-1/messages').length).toBeGreaterThan(0);
  });

  it('lets the user back in once the profile, re-read by the paywall, says access is open again', async () => {
    const { api, pay } = endingTrial();
    renderApp({ path: '/messages', fetch: api.fetch });
    await screen.findByRole('heading', { name: 'Your Free Trial Has Ended' }, { timeout: 15_000 });
    pay();
    expect(await screen.findByRole('tab', { name: 'Overview' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('switches to the paywall when an action (Generate Summary) answers 402', async () => {
    let ended = false;
    const api = fakeApi()
      .on('GET', '/api/me', () => ({ status: 200, body: ended ? blockedMe : meFor() }))
      .on('GET', '/api/communities/{communityId}/messages', { items: [], nextCursor: null })
      .on('POST', '/api/communities/{communityId}/summaries', () => {
        ended = true;
        return paymentRequired;
      });
    const { user } = renderApp({ path: '/messages', fetch: api.fetch });
    await user.click(await screen.findByRole('button', { name: 'Generate Summary' }, { timeout: 15_000 }));
    expect(
      await screen.findByRole('heading', { name: 'Your Free Trial Has Ended' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/communities/c-1/summaries')).toHaveLength(1);
  });

  it('leaves other failures to the screen that made the call', async () => {
    const api = fakeApi().on(
      'GET',
      '/api/communities/{communityId}/messages',
      failure(500, 'Something went wrong. Please try again.'),
    );
    renderApp({ path: '/messages', fetch: api.fetch });
    expect(await screen.findByRole('tab', { name: 'Overview' }, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/communities/c-1/messages').length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'Your Free Trial Has Ended' })).not.toBeInTheDocument();
  });
});

describe("a feature the community's plan lacks shows the upgrade prompt (402 plan_required)", () => {
  it('names the plan, keeps the screen, and its upgrade button opens the checkout', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const api = fakeApi()
      .on('GET', '/api/communities/{communityId}/messages', { items: [], nextCursor: null })
      .on('POST', '/api/communities/{communityId}/summaries', {
        status: 402,
        body: {
          message: 'This feature is available on the Pro plan',
          code: 'payment_required',
          reason: 'plan_required',
          plan: 'pro',
        },
      })
      .on('POST', '/api/billing/checkout', { url: 'https://kehila.lemonsqueezy.com/checkout/pro' });
    const { user } = renderApp({ path: '/messages', fetch: api.fetch });
    await user.click(await screen.findByRole('button', { name: 'Generate Summary' }, { timeout: 15_000 }));
    const prompt = await screen.findByTestId('upgrade-prompt', {}, { timeout: 10_000 });
    expect(within(prompt).getByText('This feature is available on the Pro plan')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Free Trial Has Ended' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Upgrade to Pro - $19/month' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://kehila.lemonsqueezy.com/checkout/pro'));
    expect(api.callsTo('POST', '/api/billing/checkout')[0]?.body).toEqual({ plan: 'pro' });
  });
});

describe('checkout return (S1 §2)', () => {
  it('toasts success on /dashboard?payment=success and removes the parameter', async () => {
    const { router } = renderApp({ path: '/dashboard?payment=success&tab=x' });
    expect(await findToast('Payment successful! Thank you for upgrading to Kehila Pro.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    // The dashboard itself adds no second toast.
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getAllByText(/^Payment successful!/)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('explains on /dashboard?plan=free during the trial that Free comes after it, and removes the parameter', async () => {
    const { router } = renderApp({ path: '/dashboard?plan=free' });
    expect(
      await findToast(
        'Your 14-day free trial includes every Pro feature. When it ends, you can stay on the Free plan.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("toasts 'Payment was cancelled. Try again when you're ready!' on /pricing?payment=failed and removes the parameter", async () => {
    const { router } = renderApp({ path: '/pricing?payment=failed' });
    expect(await findToast("Payment was cancelled. Try again when you're ready!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
