import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setSignedIn } from '../helpers/amplify-auth';
import { communityRecord, fakeApi, listEntry } from '../helpers/fake-api';
import { renderApp } from '../helpers/render-app';
import { findToast } from '../helpers/toasts';
import { DESKTOP_WIDTH, PHONE_WIDTH, setViewportWidth } from '../helpers/viewport';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([
    import('../../../web/src/app/require-setup'),
    import('../../../web/src/app/shell/shell-layout'),
  ]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
  setViewportWidth(DESKTOP_WIDTH);
});

const newest = communityRecord({ id: 'c-new', name: 'Haifa Makers', created_at: '2025-05-01T00:00:00Z' });
const older = communityRecord({ id: 'c-old', name: 'Tel Aviv Runners', created_at: '2025-01-01T00:00:00Z' });
const api = () =>
  fakeApi()
    .on('GET', '/api/communities', { communities: [listEntry(newest), listEntry(older, { role: 'Member' })] })
    .on('GET', '/api/communities/{communityId}', (_c, p) => ({
      status: 200,
      body: p.communityId === older.id ? older : newest,
    }));

const selector = () => screen.findByRole('button', { name: /^Community/ }, { timeout: 15_000 });

describe('community selector in the header (S1 §2, §4)', () => {
  it('uses the stored choice while the user is still a member', async () => {
    window.localStorage.setItem('kehila:selected-community', older.id);
    renderApp({ path: '/actions', fetch: api().fetch });
    expect(await selector()).toHaveTextContent('Tel Aviv Runners');
    // The role shown is the selected community's: a member here.
    expect(screen.queryByRole('img', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('selects and stores the first (newest) community when the stored one is gone', async () => {
    window.localStorage.setItem('kehila:selected-community', 'c-left-long-ago');
    renderApp({ path: '/actions', fetch: api().fetch });
    expect(await selector()).toHaveTextContent('Haifa Makers');
    await waitFor(() => expect(window.localStorage.getItem('kehila:selected-community')).toBe(newest.id));
  });

  it("switches with 'Switched to {display name}'", async () => {
    const { user } = renderApp({ path: '/actions', fetch: api().fetch });
    await user.click(await selector());
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Tel Aviv Runners/ }));
    expect(await findToast('Switched to \u2068Tel Aviv Runners\u2069')).toBeInTheDocument();
    expect(window.localStorage.getItem('kehila:selected-community')).toBe(older.id);
    expect(await selector()).toHaveTextContent('Tel Aviv Runners');
  });

  it('is not in the mobile header (S1 §2: logo and user menu)', async () => {
    setViewportWidth(PHONE_WIDTH);
    renderApp({ path: '/actions', fetch: api().fetch });
    await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /^Community/ })).not.toBeInTheDocument();
  });
});
