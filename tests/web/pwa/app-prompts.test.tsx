import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PwaStore from '../../../web/src/pwa/pwa-store';
import { findToast } from '../helpers/toasts';

// The store is module state started once per page: each test gets a fresh copy.
type Store = typeof PwaStore;
let store: Store;

/** A stand-in for Chromium's install offer, resolving the user's choice as told. */
function installOffer(outcome: 'accepted' | 'dismissed', fails = false) {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(() => (fails ? Promise.reject(new Error('not allowed')) : Promise.resolve()));
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

async function renderPrompts() {
  // Imported after resetModules, with the toast context the components will read.
  const { ToastProvider } = await import('../../../web/src/components/toast/toast-provider');
  const { AppPrompts } = await import('../../../web/src/pwa/app-prompts');
  const { AppInstallCard } = await import('../../../web/src/pages/settings/app-install-card');
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <ToastProvider>
      <AppInstallCard />
      <AppPrompts />
    </ToastProvider>,
  );
  return user;
}

beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.clear();
  store = await import('../../../web/src/pwa/pwa-store');
  store.startPwa({ register: false });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('install prompt (S3 §4)', () => {
  it('appears 2 seconds after the browser offers install, not before', async () => {
    await renderPrompts();
    const offer = installOffer('accepted');
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole('region', { name: 'Install Kehila' })).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole('region', { name: 'Install Kehila' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("Install App opens the browser's dialog and says 'App installation started!'", async () => {
    const user = await renderPrompts();
    const offer = installOffer('accepted');
    act(() => {
      window.dispatchEvent(offer);
      vi.advanceTimersByTime(2000);
    });
    const card = await screen.findByRole('region', { name: 'Install Kehila' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'Install App' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(await findToast('App installation started!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Install Kehila' })).toBeNull();
  });

  it("shows 'Installation failed. Please try again.' when the browser refuses", async () => {
    const user = await renderPrompts();
    act(() => {
      window.dispatchEvent(installOffer('accepted', true));
    });
    // The Settings App tab's button works the same before the card is due.
    await user.click(await screen.findByRole('button', { name: 'Install App' }, { timeout: 10_000 }));
    expect(await findToast('Installation failed. Please try again.')).toBeInTheDocument();
  });

  it('stays hidden for the rest of the session once dismissed', async () => {
    const user = await renderPrompts();
    act(() => {
      window.dispatchEvent(installOffer('dismissed'));
      vi.advanceTimersByTime(2000);
    });
    await user.click(await screen.findByRole('button', { name: 'Not now' }, { timeout: 10_000 }));
    expect(screen.queryByRole('region', { name: 'Install Kehila' })).toBeNull();
    act(() => {
      window.dispatchEvent(installOffer('dismissed'));
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('region', { name: 'Install Kehila' })).toBeNull();
    expect(sessionStorage.getItem(store.INSTALL_DISMISSED_KEY)).toBe('1');
  });

  it("says 'Kehila app installed successfully!' when the browser reports the install", async () => {
    await renderPrompts();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(await findToast('Kehila app installed successfully!')).toBeInTheDocument();
    expect(screen.getByText('Kehila is running as an installed app.')).toBeInTheDocument();
  });
});

describe('Settings App tab (S2 §2.4, §4)', () => {
  it('offers Install Instructions when the browser has no install offer, per platform', async () => {
    const user = await renderPrompts();
    expect(screen.queryByRole('button', { name: 'Install App' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Install Instructions' }));
    for (const platform of ['iPhone / iPad', 'Android', 'Desktop']) {
      expect(await screen.findByRole('tab', { name: platform })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('tab', { name: 'iPhone / iPad' }));
    expect(screen.getByText("Scroll down and tap 'Add to Home Screen'.")).toBeInTheDocument();
  });
});

describe('platformOf', () => {
  it('tells iPhone, iPad (which reports a Mac with touch), Android and desktop apart', async () => {
    const { platformOf } = await import('../../../web/src/pwa/pwa-text');
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe('desktop');
  });
});
