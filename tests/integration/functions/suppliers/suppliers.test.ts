import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_MANAGE_REFUSED, type Community, type SupplierDraft, type SupplierPage, type SupplierView } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { blankMember } from '@kehila/functions/core/communities/records';
import { putMember } from '@kehila/functions/data/memberships';
import { getMessageById } from '@kehila/functions/data/messages';
import { listSupplierDrafts } from '@kehila/functions/data/suppliers';
import { api, signIn, stack, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId, postMessage, subOf, waitFor } from '../../../fixtures/whatsapp/stack-community';

describe('suppliers API (the Community Suppliers screen)', () => {
  let deps: Deps;
  let admin: string;
  let member: string;
  let community: Community;
  const base = () => `/api/communities/${community.id}/suppliers`;
  const add = async (token: string, body: Record<string, unknown>) => {
    const res = await api(base(), { token, method: 'POST', body });
    expect(res.status).toBe(201);
    return res.body as SupplierView;
  };
  const list = async (query = '', token = member) => {
    const res = await api(`${base()}${query}`, { token });
    expect(res.status).toBe(200);
    return res.body as SupplierPage;
  };
  const names = (items: SupplierView[]) => items.map((s) => s.supplier_name);

  let adminsPlumber: SupplierView;
  let membersElectrician: SupplierView;

  beforeAll(async () => {
    deps = useStackEnv();
    admin = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    member = (await signIn('member@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(admin)]);
    await putMember(deps.db, blankMember({ userId: subOf(member), communityId: community.id, role: 'Member', now: new Date() }));
    adminsPlumber = await add(admin, {
      supplier_name: 'Avi Cohen',
      service_type: 'Plumber',
      phone_number: '050-123-4567',
      description: 'Fixes pipes, boilers and bathrooms',
      recommender_name: 'Dana',
    });
    membersElectrician = await add(member, {
      supplier_name: 'Yossi Levi',
      service_type: 'Electrician',
      phone_number: '+972 52 765 4321',
      description: 'Wiring, lighting and fuse boxes',
      is_reservist_special: true,
    });
    await add(member, { supplier_name: 'רונית', service_type: 'רואה חשבון', description: 'דוחות שנתיים ומע"מ' });
  });

  it('lets any member add a supplier, empty optional fields stored as null, and tells who may change it', async () => {
    expect(membersElectrician).toMatchObject({ supplier_name: 'Yossi Levi', website: null, can_manage: true, is_reservist_special: true });
    const seen = await list();
    expect(names(seen.items)).toEqual(['רונית', 'Yossi Levi', 'Avi Cohen']);
    expect(seen.items.find((s) => s.supplier_id === adminsPlumber.supplier_id)?.can_manage).toBe(false);
    expect(seen.service_types).toEqual(['Electrician', 'Plumber', 'רואה חשבון']);
  });

  it('searches by keyword on the server across name, service type, contact, description and recommender', async () => {
    expect(names((await list('?q=boiler')).items)).toEqual(['Avi Cohen']);
    expect(names((await list('?q=dana')).items)).toEqual(['Avi Cohen']);
    expect(names((await list('?q=LEVI wiring')).items)).toEqual(['Yossi Levi']);
    expect(names((await list('?q=מע"מ')).items)).toEqual(['רונית']);
    expect((await list('?q=nothing-like-this')).total).toBe(0);
    expect(names((await list('?service_type=plumber')).items)).toEqual(['Avi Cohen']);
  });

  it('pages with a cursor bound to its filters', async () => {
    const first = await list('?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect(names([...first.items, ...second.items])).toEqual(['רונית', 'Yossi Levi', 'Avi Cohen']);
    const wrong = await api(`${base()}?q=avi&limit=2&cursor=${first.nextCursor}`, { token: member });
    expect(wrong.status).toBe(400);
  });

  it('refuses an invalid form with the S3 §5 texts', async () => {
    const noName = await api(base(), { token: member, method: 'POST', body: { supplier_name: ' a ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Supplier name is required');
    const badPhone = await api(base(), { token: member, method: 'POST', body: { supplier_name: 'Moshe', phone_number: '123' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('Please enter a valid phone number (10-15 digits)');
  });

  it("refuses a member's edit or delete of another's supplier, and lets the adder and an admin do it", async () => {
    const path = `${base()}/${adminsPlumber.supplier_id}`;
    const del = await api(path, { token: member, method: 'DELETE' });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(SUPPLIER_MANAGE_REFUSED.delete);
    const edit = await api(path, { token: member, method: 'PUT', body: { supplier_name: 'Taken over' } });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(SUPPLIER_MANAGE_REFUSED.edit);
    expect(names((await list('?q=avi')).items)).toEqual(['Avi Cohen']);

    const own = await add(member, { supplier_name: 'Temporary' });
    const mine = await api(`${base()}/${own.supplier_id}`, { token: member, method: 'PUT', body: { supplier_name: 'Temporary 2' } });
    expect(mine.status).toBe(200);
    expect((mine.body as SupplierView).supplier_name).toBe('Temporary 2');
    const byAdmin = await api(`${base()}/${own.supplier_id}`, { token: admin, method: 'DELETE' });
    expect(byAdmin.status).toBe(200);
    expect((await api(`${base()}/${own.supplier_id}`, { token: admin, method: 'DELETE' })).status).toBe(404);
  });

  it('finds a supplier by a paraphrase with AI search, and processes only what is missing', async () => {
    // No word in common, and another language: the accountant is found by what the query means.
    const res = await api(`${base()}/search?q=${encodeURIComponent('who can file my annual tax return')}`, { token: member });
    expect(res.status).toBe(200);
    const found = res.body as { results: SupplierView[]; fallback: boolean };
    expect(found.fallback).toBe(false);
    expect(found.results[0]?.supplier_name).toBe('רונית');
    const processed = await api(`${base()}/embeddings`, { token: member, method: 'POST' });
    expect(processed.status).toBe(200);
    expect(processed.body).toEqual({ processed: 0 });
    const short = await api(`${base()}/search?q=ab`, { token: member });
    expect(short.status).toBe(400);
  });
});

describe('recommendations in the group become draft suppliers', () => {
  it('makes one draft of a recommendation however often the message is delivered, and the admin accepts it once', async () => {
    const deps = useStackEnv();
    const admin = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    const community = await communityWithGroup(deps, freshGroupId(), [subOf(admin)]);
    const message = {
      groupId: community.group_id as string,
      senderId: '972501234567@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(),
      text: 'the best plumber — Avi 050-1234567, came the same day',
      messageId: `3EB0REC${Date.now()}`,
    };
    const question = { ...message, text: 'Can anyone recommend a plumber?', messageId: `3EB0Q${Date.now()}` };
    let msgId = '';
    for (let i = 0; i < 3; i++) msgId = (await postMessage(stack().url, 'waha', message)).msgId;
    const q = await postMessage(stack().url, 'waha', question);
    await waitFor(async () => Boolean(await getMessageById(deps.db, community.id, q.msgId)));
    await waitFor(async () => Boolean(await getMessageById(deps.db, community.id, msgId)));
    // Redelivered by the queue after the first store too.
    await postMessage(stack().url, 'waha', message);
    await new Promise((r) => setTimeout(r, 2_000));

    const drafts = await listSupplierDrafts(deps.db, community.id);
    expect(drafts).toHaveLength(1);
    const path = `/api/communities/${community.id}/supplier-drafts`;
    const proposed = await api(path, { token: admin });
    expect(proposed.status).toBe(200);
    const [draft] = (proposed.body as { items: SupplierDraft[] }).items;
    expect(draft).toMatchObject({
      supplier_name: 'Avi',
      service_type: 'Plumber',
      phone_number: '050-1234567',
      recommender_name: 'Dana Levi',
      source_text: message.text,
      source_msg_id: msgId,
    });

    const first = await api(`${path}/${draft?.draft_id}/accept`, { token: admin, method: 'POST' });
    const again = await api(`${path}/${draft?.draft_id}/accept`, { token: admin, method: 'POST' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const suppliers = await api(`/api/communities/${community.id}/suppliers`, { token: admin });
    expect((suppliers.body as SupplierPage).items.map((s) => [s.supplier_name, s.recommendation_context])).toEqual([
      ['Avi', message.text],
    ]);
    expect(((await api(path, { token: admin })).body as { items: SupplierDraft[] }).items).toEqual([]);

    // Delivered once more after the decision: nothing is proposed again.
    await postMessage(stack().url, 'waha', message);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await listSupplierDrafts(deps.db, community.id)).toHaveLength(1);
  });
});
