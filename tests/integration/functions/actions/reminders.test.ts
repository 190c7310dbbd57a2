import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Action, Community, ProcessRemindersResult } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { blankMember } from '@kehila/functions/core/communities/records';
import { getAction, putAction } from '@kehila/functions/data/actions';
import { queryAll } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { putMember } from '@kehila/functions/data/memberships';
import { api, signIn, useStackEnv } from '../../support';
import { actionOf } from '../../../fixtures/actions';
import { communityWithGroup, freshGroupId, subOf } from '../../../fixtures/whatsapp/stack-community';

const HOUR = 3_600_000;
const ADMIN_CHAT = '972501110001@c.us';
const NOA_CHAT = '972501110002@c.us';

describe('Process Reminders (S2 §2.3)', () => {
  let deps: Deps;
  let admin: string;
  let member: string;
  let adminId: string;
  let memberId: string;
  let community: Community;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();

  async function seed(userId: string, fields: Partial<Action>): Promise<Action> {
    return putAction(
      deps.db,
      community.id,
      actionOf({ action_id: randomUUID(), group_id: community.group_id as string, user_id: userId, ...fields }),
    );
  }
  const outbox = async () =>
    queryAll<{ group_id: string; text: string }>(deps.db, { pk: keys.outbox(community.id, '', '').pk });
  const process = async (token: string) => {
    const res = await api(`/api/communities/${community.id}/actions/process-reminders`, { method: 'POST', token });
    expect(res.status).toBe(200);
    return res.body as ProcessRemindersResult;
  };

  beforeAll(async () => {
    deps = useStackEnv();
    admin = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    member = (await signIn('member@example.com', 'kehila-demo')).IdToken;
    adminId = subOf(admin);
    memberId = subOf(member);
    community = await communityWithGroup(deps, freshGroupId(), [adminId]);
    const now = new Date();
    await putMember(
      deps.db,
      blankMember({ userId: adminId, communityId: community.id, role: 'Admin', now, first_name: 'Dana', phone: '0501110001' }),
    );
    // The member has no phone: their unassigned reminders go to the admin.
    await putMember(deps.db, blankMember({ userId: memberId, communityId: community.id, role: 'Member', now }));
    await putMember(
      deps.db,
      blankMember({
        userId: `noa-${randomUUID()}`,
        communityId: community.id,
        role: 'Member',
        now,
        auth_id: null,
        first_name: 'Noa',
        last_name: 'Cohen',
        phone: '050-111-0002',
      }),
    );
  });

  it('sends each due reminder once: to the assignee, else the caller; not-yet-due and done actions wait', async () => {
    const assigned = await seed(adminId, { title: 'Call the venue', due_date: at(-HOUR), assigned_to: '@noa_cohen' });
    const own = await seed(adminId, { title: 'Book the room', due_date: at(-2 * HOUR) });
    const snoozedPast = await seed(adminId, { title: 'Snoozed', due_date: at(-3 * HOUR), reminder_ts: at(-HOUR) });
    await seed(adminId, { title: 'Not yet', due_date: at(5 * HOUR) });
    await seed(adminId, { title: 'Snoozed ahead', due_date: at(-HOUR), reminder_ts: at(20 * HOUR) });
    await seed(adminId, { title: 'Finished', due_date: at(-HOUR), status: 'done' });
    await seed(adminId, { title: 'Undated' });

    expect(await process(admin)).toEqual({ processed: 3, unreachable: 0, failed: 0 });
    const sent = await outbox();
    expect(sent.map((m) => [m.group_id, m.text.split('\n')[0]]).sort()).toEqual(
      [
        [NOA_CHAT, `*Reminder* (${community.name}): Call the venue`],
        [ADMIN_CHAT, `*Reminder* (${community.name}): Book the room`],
        [ADMIN_CHAT, `*Reminder* (${community.name}): Snoozed`],
      ].sort(),
    );
    for (const a of [assigned, own, snoozedPast]) {
      expect((await getAction(deps.db, community.id, a.action_id))?.reminded_at).toBeTruthy();
    }

    expect(await process(admin)).toEqual({ processed: 0, unreachable: 0, failed: 0 });
    expect(await outbox()).toHaveLength(3);
  });

  it("processes only the caller's own actions, and sends a member's unassigned reminder to the admin", async () => {
    const before = (await outbox()).length;
    await seed(memberId, { title: "The member's task", due_date: at(-HOUR) });
    expect(await process(member)).toEqual({ processed: 1, unreachable: 0, failed: 0 });
    const sent = await outbox();
    expect(sent).toHaveLength(before + 1);
    expect(sent.find((m) => m.text.includes("The member's task"))?.group_id).toBe(ADMIN_CHAT);
    expect(await process(admin)).toEqual({ processed: 0, unreachable: 0, failed: 0 });
  });
});
