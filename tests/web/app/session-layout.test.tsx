import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../web/src/app/app';
import { createAppRouter } from '../../../web/src/app/router';
import { jsonResponse } from '../helpers/render-app';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

/** Renders the app as main.tsx does: no session given, so the browser's own starts when a screen needs it. */
function renderWithoutSession(path: string) {
  const router = createAppRouter({ kind: 'memory', initialPath: path });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<App router={router} queryClient={queryClient} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the session', () => {
  it('is not started by a public page: the landing page shows, reading only its public totals and contact address', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse(404, {}));
    vi.stubGlobal('fetch', fetchSpy);
    renderWithoutSession('/');
    expect(
      await screen.findByRole('heading', { name: 'Your WhatsApp community, kept, found and acted on' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    // The session would refuse to start on this config.json (404); the landing page does not care.
    expect(screen.queryByText('Kehila could not start')).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([url]) => String(url)).sort()).toEqual(['/api/public/stats', '/config.json']);
  });

  it('starts with the first screen that needs it, and says plainly when config.json cannot be read', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse(404, {}));
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithoutSession('/login');
    expect(await screen.findByText('Kehila could not start')).toBeInTheDocument();
    expect(screen.getByText('/config.json answered HTTP 404.')).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/config.json');
  });
});
