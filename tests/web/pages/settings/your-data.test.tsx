import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataJob } from '@kehila/shared';
import { authModule, resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { communityRecord, fakeApi, listEntry } from '../../helpers/fake-api';
import { renderApp } from '../../helpers/render-app';

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

function job(overrides: Partial<DataJob>): DataJob {
  const now = new Date().toISOString();
  return {
    id: 'job-1',
    kind: 'community_export',
    community_id: communityRecord().id,
    community_name: 'x',
    status: 'queued',
    progress: 0,
    counts: {},
    download_url: null,
    download_expires_at: null,
    error: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

const open = async (api: ReturnType<typeof fakeApi>) => {
  const app = renderApp({ path: '/settings', fetch: api.fetch });
  await screen.findByRole('heading', { level: 2, name: 'Your data' }, { timeout: 15_000 });
  return app;
};

describe("Settings 'Your data' (data rights)", () => {
  it('lets the workspace owner prepare the export and download the zip once ready', async () => {
    let reads = 0;
    const api = fakeApi()
      .on('POST', '/api/communities/{communityId}/data-export', { status: 202, body: job({}) })
      .on('GET', '/api/me/data-jobs/{jobId}', () => {
        reads += 1;
        return reads < 2
          ? { status: 200, body: job({ status: 'running', progress: 40 }) }
          : {
              status: 200,
              body: job({
                status: 'done',
                progress: 100,
                download_url: '/local-objects/data-exports/c/job-1/kehila.zip',
              }),
            };
      });
    const { user } = await open(api);
    await user.click(await screen.findByRole('button', { name: 'Prepare download' }, { timeout: 10_000 }));
    const link = await screen.findByRole('link', { name: 'Download (zip)' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/local-objects/data-exports/c/job-1/kehila.zip');
    expect(link).toHaveAttribute('download');
    expect(api.callsTo('POST', `/api/communities/${communityRecord().id}/data-export`)).toHaveLength(1);
  });

  it('deletes only after the community name is typed exactly, then shows the deletion report', async () => {
    const community = communityRecord();
    const name = listEntry(community).display_name;
    const api = fakeApi()
      .on('POST', '/api/communities/{communityId}/deletion', {
        status: 202,
        body: job({ kind: 'community_deletion' }),
      })
      .on('GET', '/api/me/data-jobs/{jobId}', {
        status: 200,
        body: job({
          kind: 'community_deletion',
          status: 'done',
          progress: 100,
          counts: { 'table.messages': 120, 'search.documents': 120 },
        }),
      });
    const { user } = await open(api);
    await user.click(await screen.findByRole('button', { name: 'Delete community' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this community?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete permanently' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), `${name} typo`);
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), name);
    await user.click(confirm);
    expect(await within(dialog).findByText('Community deleted', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('table.messages')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/communities/${community.id}/deletion`)[0]?.body).toEqual({ confirm_name: name }),
    );
  });

  it('tells an admin who is not the owner that only the owner can', async () => {
    const api = fakeApi().on('GET', '/api/communities/{communityId}', communityRecord({ owner_id: 'someone-else' }));
    await open(api);
    expect(
      await screen.findByText(
        "Only the workspace owner can download or delete this community's data.",
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Prepare download' })).toBeNull();
  });
});

describe("Settings 'Your account' (a user's own data rights)", () => {
  const openAccount = async (api: ReturnType<typeof fakeApi>) => {
    const app = renderApp({ path: '/settings', fetch: api.fetch });
    await screen.findByRole('heading', { level: 2, name: 'Your account' }, { timeout: 15_000 });
    return app;
  };

  it("prepares the user's own export and offers its zip, apart from the community's", async () => {
    const api = fakeApi()
      .on('POST', '/api/me/data-export', {
        status: 202,
        body: job({ kind: 'account_export', community_id: null, community_name: null }),
      })
      .on('GET', '/api/me/data-jobs/{jobId}', {
        status: 200,
        body: job({
          kind: 'account_export',
          community_id: null,
          community_name: null,
          status: 'done',
          progress: 100,
          download_url: '/local-objects/data-exports/account/u/job-1/kehila-account.zip',
        }),
      });
    const { user } = await openAccount(api);
    await user.click(await screen.findByRole('button', { name: 'Download my data' }, { timeout: 10_000 }));
    const link = await screen.findByRole('link', { name: 'Download my data (zip)' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/local-objects/data-exports/account/u/job-1/kehila-account.zip');
    expect(api.callsTo('POST', '/api/me/data-export')).toHaveLength(1);
    expect(api.callsTo('POST', `/api/communities/${communityRecord().id}/data-export`)).toHaveLength(0);
  });

  it('deletes the account only after the e-mail is typed, shows the report, and signs out on close', async () => {
    const api = fakeApi()
      .on('POST', '/api/me/deletion', {
        status: 202,
        body: job({ kind: 'account_deletion', community_id: null, community_name: null }),
      })
      .on('GET', '/api/me/data-jobs/{jobId}', {
        status: 200,
        body: job({
          kind: 'account_deletion',
          community_id: null,
          community_name: null,
          status: 'done',
          progress: 100,
          counts: { 'table.memberships': 1, 'identity.user': 1 },
        }),
      });
    const { user } = await openAccount(api);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account permanently' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'someone-else@example.com');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'dana@example.com');
    await user.click(confirm);
    expect(await within(dialog).findByText('Your account has been deleted', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('identity.user')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/me/deletion')[0]?.body).toEqual({ confirm_email: 'dana@example.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(authModule.signOut).toHaveBeenCalled());
  });

  it("shows the server's refusal to a workspace owner", async () => {
    const refusal =
      'You are the workspace owner of Tel Aviv. Transfer workspace ownership to another admin, or delete the community, before deleting your account.';
    const api = fakeApi().on('POST', '/api/me/deletion', { status: 409, body: { code: 'conflict', message: refusal } });
    const { user } = await openAccount(api);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByRole('textbox'), 'dana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await within(dialog).findByText(refusal, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(authModule.signOut).not.toHaveBeenCalled();
  });
});
