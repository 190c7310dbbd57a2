import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, SETTINGS_TEXTS } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { blankCommunity, blankMember } from '@kehila/functions/core/communities/records';
import { createCommunity, getCommunity } from '@kehila/functions/data/communities';
import { putMember } from '@kehila/functions/data/memberships';
import { api, stack, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';

type User = Awaited<ReturnType<typeof signedInUser>>;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Posts a file with an upload form, as the browser does: the fields as given, then the file. */
async function post(upload: { url: string; fields: Record<string, string> }, bytes: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'logo');
  return fetch(new URL(upload.url, stack().url), { method: 'POST', body: form });
}

describe('settings: theme, logo, rename and workspace ownership', () => {
  let deps: Deps;
  let owner: User;
  let admin: User;
  let member: User;
  let base = '';
  let communityId = '';

  /** Uploads bytes as a logo of a declared type and publishes it; answers the publish response. */
  async function uploadLogo(user: User, contentType: string, bytes: Buffer) {
    const created = await api(`${base}/theme/logo-uploads`, {
      token: user.token,
      method: 'POST',
      body: { content_type: contentType, size: bytes.length },
    });
    expect(created.status).toBe(201);
    const { upload_id, upload } = created.body as { upload_id: string; upload: { url: string; fields: Record<string, string> } };
    expect((await post(upload, bytes)).status).toBe(204);
    return api(`${base}/theme/logo-uploads/${upload_id}`, { token: user.token, method: 'POST' });
  }

  beforeAll(async () => {
    deps = useStackEnv();
    [owner, admin, member] = await Promise.all([signedInUser('owner'), signedInUser('admin'), signedInUser('member')]);
    communityId = `settings-${randomUUID().slice(0, 8)}`;
    base = `/api/communities/${communityId}`;
    const now = new Date();
    await createCommunity(
      deps.db,
      blankCommunity({ id: communityId, name: 'Haifa Makers', groupId: '120363011112222333@g.us', ownerId: owner.id, now }),
    );
    for (const [user, role] of [
      [owner, 'Admin'],
      [admin, 'Admin'],
      [member, 'Member'],
    ] as const) {
      await putMember(deps.db, { ...blankMember({ userId: user.id, communityId, role, now }), email: user.email });
    }
  });

  it('answers the S2 defaults until a theme is saved, and can_edit only for the owner', async () => {
    const mine = await api(`${base}/theme`, { token: owner.token });
    expect(mine.body).toMatchObject({
      primary_color: '#0EA5E9',
      font_family: 'system-ui, sans-serif',
      logo_url: null,
      can_edit: true,
    });
    expect((await api(`${base}/theme`, { token: admin.token })).body).toMatchObject({ can_edit: false });
    expect((await api(`${base}/theme`, { token: member.token })).body).toMatchObject({ can_edit: false });
  });

  it("refuses another admin's theme save with the spec's words, and saves the owner's", async () => {
    const body = { primary_color: '#0F2E4D', font_family: 'Georgia, serif', logo_url: null };
    const refused = await api(`${base}/theme`, { token: admin.token, method: 'PUT', body });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Theme changes are managed by the workspace owner');
    const saved = await api(`${base}/theme`, { token: owner.token, method: 'PUT', body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ primary_color: '#0F2E4D', font_family: 'Georgia, serif' });
    expect((await api(`${base}/theme`, { token: member.token })).body).toMatchObject({ primary_color: '#0F2E4D' });
  });

  it('refuses a font that could end a design-token value, and a logo URL that is not one of its own', async () => {
    const font = await api(`${base}/theme`, {
      token: owner.token,
      method: 'PUT',
      body: { primary_color: '#0F2E4D', font_family: 'Arial; } body { display: none', logo_url: null },
    });
    expect(font.status).toBe(400);
    const logo = await api(`${base}/theme`, {
      token: owner.token,
      method: 'PUT',
      body: { primary_color: '#0F2E4D', font_family: 'Arial', logo_url: 'https://evil.example/logo.png' },
    });
    expect(logo.status).toBe(400);
    expect(logo.body.message).toBe(SETTINGS_TEXTS.logoUnknown);
    const climbing = await api(`${base}/theme`, {
      token: owner.token,
      method: 'PUT',
      body: { primary_color: '#0F2E4D', font_family: 'Arial', logo_url: `/logos/${communityId}/../other/logo.png` },
    });
    expect(climbing.status).toBe(400);
  });

  it('publishes a PNG logo under the S2 §7.5 name, serves it publicly, and saves it in the theme', async () => {
    const published = await uploadLogo(owner, 'image/png', PNG);
    expect(published.status).toBe(200);
    const url = String(published.body.logo_url);
    expect(url).toMatch(new RegExp(`^/logos/${communityId}/120363011112222333-g-us-logo-\\d+\\.png$`));
    const served = await fetch(new URL(url, stack().url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const saved = await api(`${base}/theme`, {
      token: owner.token,
      method: 'PUT',
      body: { primary_color: '#33C3F0', font_family: 'Roboto, sans-serif', logo_url: url },
    });
    expect(saved.status).toBe(200);
    expect((await getCommunity(deps.db, communityId))?.logo_url).toBe(url);
  });

  it('refuses bytes that are not the image type they were uploaded as', async () => {
    const res = await uploadLogo(owner, 'image/png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_TEXTS.logoNotImage);
  });

  it('publishes an SVG only once its scripts, handlers and outside links are gone', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)"><rect width="10" height="10"/></a><circle cx="5" cy="5" r="4" fill="#0EA5E9"/></svg>',
    );
    const res = await uploadLogo(owner, 'image/svg+xml', svg);
    expect(res.status).toBe(200);
    const served = await (await fetch(new URL(String(res.body.logo_url), stack().url))).text();
    expect(served).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#0EA5E9"/></svg>',
    );
  });

  it('refuses a logo over 2 MB before signing, and the storage refuses one larger than declared', async () => {
    const big = await api(`${base}/theme/logo-uploads`, {
      token: owner.token,
      method: 'POST',
      body: { content_type: 'image/png', size: LOGO_MAX_BYTES + 1 },
    });
    expect(big.status).toBe(400);
    const gif = await api(`${base}/theme/logo-uploads`, {
      token: owner.token,
      method: 'POST',
      body: { content_type: 'image/gif', size: 100 },
    });
    expect(gif.status).toBe(400);
    const created = await api(`${base}/theme/logo-uploads`, {
      token: owner.token,
      method: 'POST',
      body: { content_type: 'image/png', size: 100 },
    });
    const { upload } = created.body as { upload: { url: string; fields: Record<string, string> } };
    const tooLarge = await post(upload, Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('EntityTooLarge');
  });

  it('renames for the owner only: trimmed, at most 100 characters', async () => {
    const renamed = await api(`${base}/name`, { token: owner.token, method: 'PATCH', body: { name: '  Haifa Makers Guild ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ community_name: 'Haifa Makers Guild', is_owner: true, role: 'Admin' });
    const long = await api(`${base}/name`, { token: owner.token, method: 'PATCH', body: { name: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    const empty = await api(`${base}/name`, { token: owner.token, method: 'PATCH', body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Name cannot be empty');
    expect((await api(`${base}/name`, { token: admin.token, method: 'PATCH', body: { name: 'Mine' } })).status).toBe(403);
  });

  it('shows members the owner only, and admins every admin with the owner marked', async () => {
    const asMember = await api(`${base}/ownership`, { token: member.token });
    expect(asMember.body).toMatchObject({ owner: { owner_id: owner.id }, is_owner: false, admins: [] });
    const asAdmin = await api(`${base}/ownership`, { token: admin.token });
    const admins = (asAdmin.body.admins as { admin_id: string; is_workspace_owner: boolean }[]).map((a) => [
      a.admin_id,
      a.is_workspace_owner,
    ]);
    expect(admins.sort()).toEqual(
      [
        [owner.id, true],
        [admin.id, false],
      ].sort(),
    );
  });

  it('transfers ownership to another admin only; the old owner is refused owner routes at once', async () => {
    const toMember = await api(`${base}/ownership`, { token: owner.token, method: 'POST', body: { new_owner_id: member.id } });
    expect(toMember.status).toBe(400);
    const moved = await api(`${base}/ownership`, { token: owner.token, method: 'POST', body: { new_owner_id: admin.id } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ success: true });
    expect((await getCommunity(deps.db, communityId))?.owner_id).toBe(admin.id);

    const body = { primary_color: '#1EAEDB', font_family: 'Arial, sans-serif', logo_url: null };
    const oldOwner = await api(`${base}/theme`, { token: owner.token, method: 'PUT', body });
    expect(oldOwner.status).toBe(403);
    expect(oldOwner.body.message).toBe('Theme changes are managed by the workspace owner');
    expect((await api(`${base}/name`, { token: owner.token, method: 'PATCH', body: { name: 'Back' } })).status).toBe(403);
    expect(
      (await api(`${base}/ownership`, { token: owner.token, method: 'POST', body: { new_owner_id: owner.id } })).status,
    ).toBe(403);
    expect((await api(`${base}/theme`, { token: admin.token, method: 'PUT', body })).status).toBe(200);
    expect((await api(`${base}/theme`, { token: owner.token })).body).toMatchObject({ can_edit: false });
  });
});
