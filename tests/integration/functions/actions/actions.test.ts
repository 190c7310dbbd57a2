import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ONE_DAY_MS, type Action, type ActionCounts, type Community } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { getAction, putAction } from '@kehila/functions/data/actions';
import { api, signIn, useStackEnv } from '../../support';
import { actionOf } from '../../../fixtures/actions';
import { communityWithGroup, freshGroupId, subOf } from '../../../fixtures/whatsapp/stack-community';

const HOUR = 3_600_000;

describe('actions API (the Actions screen)', () => {
  let deps: Deps;
  let admin: string;
  let member: string;
  let adminId: string;
  let memberId: string;
  let community: Community;
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();

  /** Stores an action of `userId` in the test community. */
  async function seed(userId: string, fields: Partial<Action>): Promise<Action> {
    return putAction(
      deps.db,
      community.id,
      actionOf({
        action_id: randomUUID(),
        group_id: community.group_id as string,
        user_id: userId,
        created_at: at(-10 * HOUR),
        ...fields,
      }),
    );
  }

  const base = () => `/api/communities/${community.id}/actions`;
  const list = async (query: string, token = admin) => {
    const res = await api(`${base()}${query}`, { token });
    expect(res.status).toBe(200);
    return res.body as { items: Action[]; nextCursor: string | null; counts: ActionCounts };
  };
  const titles = (items: Action[]) => items.map((a) => a.title);

  let overdue: Action;
  let soon: Action;
  let later: Action;
  let undated: Action;
  let done: Action;
  let membersOwn: Action;

  beforeAll(async () => {
    deps = useStackEnv();
    admin = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    member = (await signIn('member@example.com', 'kehila-demo')).IdToken;
    adminId = subOf(admin);
    memberId = subOf(member);
    community = await communityWithGroup(deps, freshGroupId(), [adminId, memberId]);
    overdue = await seed(adminId, {
      title: 'Overdue',
      due_date: at(-2 * HOUR),
      priority: 'low',
      created_at: at(-5 * HOUR),
    });
    soon = await seed(adminId, { title: 'Soon', due_date: at(30 * HOUR), priority: 'high', created_at: at(-4 * HOUR) });
    later = await seed(adminId, {
      title: 'Later',
      due_date: at(3 * ONE_DAY_MS),
      priority: 'medium',
      created_at: at(-3 * HOUR),
    });
    undated = await seed(adminId, { title: 'Undated', priority: 'high', created_at: at(-2 * HOUR) });
    done = await seed(adminId, { title: 'Done', status: 'done', due_date: at(HOUR), created_at: at(-1 * HOUR) });
    membersOwn = await seed(memberId, { title: "The member's own", due_date: at(HOUR) });
  });

  it('lists the pending tab by due date ascending, undated last, with every tab counted', async () => {
    const page = await list('');
    expect(titles(page.items)).toEqual(['Overdue', 'Soon', 'Later', 'Undated']);
    expect(page.counts).toEqual({ pending: 4, due_soon: 2, completed: 1, all: 5 });
    expect(page.nextCursor).toBeNull();
  });

  it('shows each caller only their own actions in the community', async () => {
    const page = await list('?tab=all', member);
    expect(titles(page.items)).toEqual(["The member's own"]);
    expect(page.counts.all).toBe(1);
  });

  it('filters by tab and priority and sorts by each option', async () => {
    expect(titles((await list('?tab=due_soon')).items)).toEqual(['Overdue', 'Soon']);
    expect(titles((await list('?tab=completed')).items)).toEqual(['Done']);
    expect(titles((await list('?tab=all&priority=high')).items)).toEqual(['Soon', 'Undated']);
    expect(titles((await list('?sort=due_date:desc')).items)).toEqual(['Later', 'Soon', 'Overdue', 'Undated']);
    expect(titles((await list('?sort=priority:desc')).items)).toEqual(['Undated', 'Soon', 'Later', 'Overdue']);
    expect(titles((await list('?sort=priority:asc')).items)).toEqual(['Overdue', 'Later', 'Undated', 'Soon']);
    expect(titles((await list('?tab=all&sort=created_at:desc')).items)).toEqual([
      'Done',
      'Undated',
      'Later',
      'Soon',
      'Overdue',
    ]);
  });

  it('pages through a tab with the cursor, without overlap, and refuses a cursor made for other filters', async () => {
    const first = await list('?tab=all&limit=2');
    expect(first.items).toHaveLength(2);
    const second = await list(`?tab=all&limit=2&cursor=${first.nextCursor}`);
    const third = await list(`?tab=all&limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items, ...third.items].map((a) => a.action_id)).size).toBe(5);
    const wrong = await api(`${base()}?tab=pending&limit=2&cursor=${first.nextCursor}`, { token: admin });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid cursor');
  });

  it('refuses bad list input with a 400', async () => {
    expect((await api(`${base()}?tab=soon`, { token: admin })).status).toBe(400);
    expect((await api(`${base()}?limit=1000`, { token: admin })).status).toBe(400);
    expect((await api(`${base()}?sort=title:asc`, { token: admin })).status).toBe(400);
  });

  it("opens one's own action and finds no one else's", async () => {
    const own = await api(`${base()}/${soon.action_id}`, { token: admin });
    expect(own.status).toBe(200);
    expect(own.body.title).toBe('Soon');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { kind: 'status', status: 'done' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(`${base()}/${membersOwn.action_id}`, { token: admin, method, ...(body ? { body } : {}) });
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe('Action not found');
    }
    expect(await getAction(deps.db, community.id, membersOwn.action_id)).toMatchObject({ status: 'pending' });
  });

  it('edits an action: title, details with the Evidence and Assigned to sections, due date, priority', async () => {
    const a = await seed(adminId, { title: 'To edit' });
    const res = await api(`${base()}/${a.action_id}`, {
      token: admin,
      method: 'PATCH',
      body: {
        kind: 'edit',
        title: '  [Hiring] Call the accountant ',
        details: 'Ask about seed rounds',
        due_date: '2030-01-02T10:00:00.000Z',
        priority: 'high',
        assigned_to: '@dana',
        evidence: 'Dana asked on Monday',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: '[Hiring] Call the accountant',
      details: 'Ask about seed rounds\n\n### Evidence:\nDana asked on Monday\n\n### Assigned to: @dana',
      due_date: '2030-01-02T10:00:00.000Z',
      priority: 'high',
      evidence: 'Dana asked on Monday',
    });
    const cleared = await api(`${base()}/${a.action_id}`, {
      token: admin,
      method: 'PATCH',
      body: { kind: 'edit', title: 'Plain', details: '', due_date: '', assigned_to: '', evidence: '' },
    });
    expect(cleared.body).toMatchObject({
      details: null,
      due_date: null,
      assigned_to: null,
      evidence: null,
      priority: 'medium',
    });
    const blank = await api(`${base()}/${a.action_id}`, {
      token: admin,
      method: 'PATCH',
      body: { kind: 'edit', title: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Title is required');
  });

  it('marks complete and back, and the tabs follow', async () => {
    const a = await seed(adminId, { title: 'Toggle' });
    const doneRes = await api(`${base()}/${a.action_id}`, {
      token: admin,
      method: 'PATCH',
      body: { kind: 'status', status: 'done' },
    });
    expect(doneRes.body.status).toBe('done');
    expect(titles((await list('?tab=completed')).items)).toContain('Toggle');
    await api(`${base()}/${a.action_id}`, {
      token: admin,
      method: 'PATCH',
      body: { kind: 'status', status: 'pending' },
    });
    expect(titles((await list('?tab=completed')).items)).not.toContain('Toggle');
    expect(titles((await list('')).items)).toContain('Toggle');
  });

  it('snoozes a pending action to one day from now, due date and reminder, and refuses a completed one', async () => {
    const a = await seed(adminId, { title: 'Snooze me', due_date: at(-HOUR) });
    const before = Date.now();
    const res = await api(`${base()}/${a.action_id}`, { token: admin, method: 'PATCH', body: { kind: 'snooze' } });
    expect(res.status).toBe(200);
    const due = Date.parse(res.body.due_date as string);
    expect(due).toBeGreaterThanOrEqual(before + ONE_DAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + ONE_DAY_MS);
    expect(res.body.reminder_ts).toBe(res.body.due_date);
    const c = await seed(adminId, { title: 'Completed', status: 'done' });
    const refused = await api(`${base()}/${c.action_id}`, { token: admin, method: 'PATCH', body: { kind: 'snooze' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only pending actions can be snoozed');
  });

  it('bulk completes, sets pending, sets priority and snoozes only the pending of a selection', async () => {
    const a = await seed(adminId, { title: 'Bulk A' });
    const b = await seed(adminId, { title: 'Bulk B' });
    const c = await seed(adminId, { title: 'Bulk C', status: 'done' });
    const bulk = (ids: string[], change: unknown) =>
      api(`${base()}/bulk-update`, { token: admin, method: 'POST', body: { action_ids: ids, change } });

    expect((await bulk([a.action_id, b.action_id], { kind: 'status', status: 'done' })).body).toEqual({ updated: 2 });
    expect((await getAction(deps.db, community.id, b.action_id))?.status).toBe('done');
    expect((await bulk([a.action_id], { kind: 'status', status: 'pending' })).body).toEqual({ updated: 1 });
    expect((await bulk([a.action_id, c.action_id], { kind: 'priority', priority: 'low' })).body).toEqual({
      updated: 2,
    });
    expect((await getAction(deps.db, community.id, c.action_id))?.priority).toBe('low');
    const snoozed = await bulk([a.action_id, c.action_id], { kind: 'snooze' });
    expect(snoozed.body).toEqual({ updated: 1 });
    expect((await getAction(deps.db, community.id, a.action_id))?.due_date).not.toBeNull();
    expect((await getAction(deps.db, community.id, c.action_id))?.due_date).toBeNull();
    expect((await bulk([], { kind: 'status', status: 'done' })).body).toEqual({ updated: 0 });
  });

  it("changes nothing of a selection that holds someone else's action", async () => {
    const a = await seed(adminId, { title: 'Mine' });
    const res = await api(`${base()}/bulk-update`, {
      token: admin,
      method: 'POST',
      body: { action_ids: [a.action_id, membersOwn.action_id], change: { kind: 'status', status: 'done' } },
    });
    expect(res.status).toBe(404);
    expect((await getAction(deps.db, community.id, a.action_id))?.status).toBe('pending');
    const del = await api(`${base()}/bulk-delete`, {
      token: admin,
      method: 'POST',
      body: { action_ids: [a.action_id, membersOwn.action_id] },
    });
    expect(del.status).toBe(404);
    expect(await getAction(deps.db, community.id, a.action_id)).not.toBeNull();
    expect(await getAction(deps.db, community.id, membersOwn.action_id)).not.toBeNull();
  });

  it('deletes one action and several', async () => {
    const a = await seed(adminId, { title: 'Delete one' });
    const b = await seed(adminId, { title: 'Delete two' });
    const c = await seed(adminId, { title: 'Delete three' });
    const one = await api(`${base()}/${a.action_id}`, { token: admin, method: 'DELETE' });
    expect(one.body).toEqual({ deleted: 1 });
    expect(await getAction(deps.db, community.id, a.action_id)).toBeNull();
    expect((await api(`${base()}/${a.action_id}`, { token: admin })).status).toBe(404);
    const many = await api(`${base()}/bulk-delete`, {
      token: admin,
      method: 'POST',
      body: { action_ids: [b.action_id, c.action_id] },
    });
    expect(many.body).toEqual({ deleted: 2 });
    expect(await getAction(deps.db, community.id, c.action_id)).toBeNull();
  });

  it('refuses oversized and malformed bulk input with a 400', async () => {
    const ids = Array.from({ length: 101 }, () => randomUUID());
    const res = await api(`${base()}/bulk-delete`, { token: admin, method: 'POST', body: { action_ids: ids } });
    expect(res.status).toBe(400);
    const bad = await api(`${base()}/bulk-update`, {
      token: admin,
      method: 'POST',
      body: { action_ids: [overdue.action_id], change: { kind: 'edit', title: 'x' } },
    });
    expect(bad.status).toBe(400);
    expect((await api(`${base()}/not an id`, { token: admin })).status).toBe(400);
  });

  it('leaves the untouched seeds as they were', async () => {
    for (const a of [overdue, soon, later, undated, done]) {
      expect(await getAction(deps.db, community.id, a.action_id)).toEqual(a);
    }
  });
});
