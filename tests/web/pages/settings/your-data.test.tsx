import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataJob } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
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
