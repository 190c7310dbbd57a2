import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Community } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { communityRecord, fakeApi, listEntry } from '../../helpers/fake-api';
import { setField } from '../../helpers/fields';
import { renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([
    import('../../../../web/src/app/require-setup'),
    import('../../../../web/src/app/shell/shell-layout'),
  ]);
}, 60_000);

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

/** Basic fields missing: the full setup screen. */
const bare = communityRecord({
  group_description: null,
  group_goals: null,
  admin_name: null,
  admin_gender: null,
  admin_phone: null,
  business_focus: [],
  metadata_collected_at: null,
});
/** Basics filled, no phone: 90 % on the guard's scale, the banner. */
const noPhone = communityRecord({ admin_phone: null });

function apiWith(community: Community, role: 'Admin' | 'Member' = 'Admin') {
  return fakeApi()
    .on('GET', '/api/communities', { communities: [listEntry(community, { role })] })
    .on('GET', '/api/communities/{communityId}', community);
}

describe('metadata guard (S1 §4)', () => {
  it('shows an admin with missing basic fields the setup screen instead of the screen', async () => {
    renderApp({ path: '/actions', fetch: apiWith(bare).fetch });
    expect(
      await screen.findByRole('heading', { name: 'Complete your community setup' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Personal Actions' })).not.toBeInTheDocument();
    for (const card of ['Basic Info', 'Contact Info', 'Business Focus']) {
      expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
    }
    // The setup screen's percent uses the three parts (S1 §5): here none is complete.
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0');
    expect(screen.getByText('Takes about 2 minutes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Setup' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip for Now' })).toBeInTheDocument();
  });

  it('opens the form with Back and Check Progress from Start Setup', async () => {
    const { user } = renderApp({ path: '/actions', fetch: apiWith(bare).fetch });
    await user.click(await screen.findByRole('button', { name: 'Start Setup' }, { timeout: 15_000 }));
    expect(screen.getByRole('tab', { name: 'Basic Info' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Start Setup' })).toBeInTheDocument();
  });

  it('lets the admin skip: the tip, then the screen with the banner', async () => {
    const { user } = renderApp({ path: '/actions', fetch: apiWith(bare).fetch });
    await user.click(await screen.findByRole('button', { name: 'Skip for Now' }, { timeout: 15_000 }));
    expect(await findToast('Tip: you can finish your community setup anytime in Settings.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' })).toBeInTheDocument();
    // The banner uses the guard's proportional score: only the language (English by default) of five basics.
    expect(screen.getByText(/Your community information is 16% complete/)).toBeInTheDocument();
    expect(window.localStorage.getItem(`kehila:setup-skipped:${bare.id}`)).toBe('1');
  });

  it('shows the yellow banner below 100 % with Complete reopening the setup screen', async () => {
    const { user } = renderApp({ path: '/actions', fetch: apiWith(noPhone).fetch });
    expect(
      await screen.findByText(
        'Your community information is 90% complete. Complete it to get better AI summaries and insights.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Personal Actions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('heading', { name: 'Complete your community setup' })).toBeInTheDocument();
  });

  it('lets members through whatever the information (and does not read it)', async () => {
    const api = apiWith(bare, 'Member');
    renderApp({ path: '/actions', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Your community information is/)).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/api/communities/${bare.id}`)).toHaveLength(0);
  });

  it('shows nothing extra to an admin at 100 %', async () => {
    renderApp({ path: '/actions' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Actions' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Your community information is/)).not.toBeInTheDocument();
  });

  it('keeps its answer for 5 minutes: moving between screens reads the community once', async () => {
    const api = apiWith(noPhone);
    const { router } = renderApp({ path: '/actions', fetch: api.fetch });
    await screen.findByText(/Your community information is 90% complete/, {}, { timeout: 15_000 });
    await router.navigate('/members');
    await screen.findByRole('heading', { level: 1, name: 'Community Management' });
    await router.navigate('/analytics');
    await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    expect(api.callsTo('GET', `/api/communities/${noPhone.id}`)).toHaveLength(1);
  });

  it('lets the admin through once the setup form is saved complete', async () => {
    const api = apiWith(bare).on('PUT', '/api/communities/{communityId}/info', (call) => ({
      status: 200,
      body: { ...bare, ...(call.body as object), metadata_collected_at: '2025-02-01T00:00:00.000Z' },
    }));
    const { user } = renderApp({ path: '/actions', fetch: api.fetch });
    await user.click(await screen.findByRole('button', { name: 'Start Setup' }, { timeout: 15_000 }));
    setField(screen.getByLabelText('Group description'), 'Neighbours sharing tips');
    setField(screen.getByLabelText('Group goals'), 'Help each other');
    setField(screen.getByLabelText('Admin name'), 'Dana');
    await user.click(screen.getByRole('button', { name: /admin gender/i }));
    await user.click(await screen.findByRole('option', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('Community information updated successfully! 🎉')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Personal Actions' })).toBeInTheDocument());
  });
});
