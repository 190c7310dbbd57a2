import { beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { deliverAlert } from '@kehila/functions/core/alerts/alerts';
import { getAlertStatus } from '@kehila/functions/data/alerts';
import { queryAll } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { getMessageById } from '@kehila/functions/data/messages';
import { api, signIn, stack, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId, postMessage, subOf, waitFor } from '../../../fixtures/whatsapp/stack-community';

const ADMIN_CHAT = '972521234567@c.us';
const URGENT = 'URGENT: the site is down and payments are failing right now, need help ASAP';

const outbox = async (deps: Deps, communityId: string) =>
  queryAll<{ text: string; group_id: string }>(deps.db, { pk: keys.outbox(communityId, '', '').pk });

describe('Customize Alerts: WhatsApp alerts on urgent messages', () => {
  let deps: Deps;
  let token: string;

  async function saveRule(community: Community, rule: Record<string, unknown>) {
    return api(`/api/communities/${community.id}/alert-rule`, {
      token,
      method: 'PUT',
      body: { enabled: true, on_urgent: true, on_toxic: true, max_per_hour: 5, country_code: '+972', phone: '052-123-4567', ...rule },
    });
  }

  async function urgent(community: Community, i: number, messageId?: string) {
    const res = await postMessage(stack().url, 'waha', {
      groupId: community.group_id as string,
      senderId: `97250333444${i % 10}@c.us`,
      senderName: 'Noa Cohen',
      timestamp: new Date(),
      text: `${URGENT} (${i})`,
      ...(messageId ? { messageId } : {}),
    });
    expect(res.status).toBe(200);
    return res.msgId;
  }

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
  });

  it('reads the defaults until saved, and refuses a rule that is on without a valid phone', async () => {
    const community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    const initial = await api(`/api/communities/${community.id}/alert-rule`, { token });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ enabled: false, on_urgent: true, on_toxic: true, max_per_hour: 5, updated_at: null });

    const noPhone = await saveRule(community, { phone: '' });
    expect(noPhone.status).toBe(400);
    expect(JSON.stringify(noPhone.body)).toContain('Country code and phone number are required');
    const nothing = await saveRule(community, { on_urgent: false, on_toxic: false });
    expect(nothing.status).toBe(400);
    expect(JSON.stringify(nothing.body)).toContain('Please choose at least one kind of message');
    const tooMany = await saveRule(community, { max_per_hour: 61 });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('Please choose between 1 and 60 alerts per hour');

    const saved = await saveRule(community, { max_per_hour: 3 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, max_per_hour: 3, whatsapp_id: ADMIN_CHAT });
    const read = await api(`/api/communities/${community.id}/alert-rule`, { token });
    expect(read.body).toMatchObject({ enabled: true, max_per_hour: 3, phone: '052-123-4567', whatsapp_id: ADMIN_CHAT });
  });

  it('sends one alert per urgent message to the admin chat, even when the webhook is delivered again', async () => {
    const community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    expect((await saveRule(community, {})).status).toBe(200);
    const providerId = `alert-redelivery-${Date.now()}`;
    const msgId = await urgent(community, 1, providerId);
    await waitFor(async () => (await getAlertStatus(deps.db, community.id, msgId)) === 'sent');
    expect((await getMessageById(deps.db, community.id, msgId))?.urgency).toBe('high');

    // the same webhook again: stored as a duplicate, queued again, never sent twice
    await urgent(community, 1, providerId);
    const calm = await postMessage(stack().url, 'waha', {
      groupId: community.group_id as string,
      senderId: '972503334449@c.us',
      senderName: 'Avi',
      timestamp: new Date(),
      text: 'Thanks everyone, lovely evening',
    });
    await waitFor(async () => (await getMessageById(deps.db, community.id, calm.msgId)) !== null);
    // the job of the redelivery (or any later one) finds the alert claimed
    expect(await deliverAlert(deps, { communityId: community.id, msgId, reasons: ['urgent'] })).toBe('duplicate');
    const sent = await outbox(deps, community.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.group_id).toBe(ADMIN_CHAT);
    expect(sent[0]!.text).toContain('*Urgent message* in');
    expect(sent[0]!.text).toContain('Noa Cohen: URGENT: the site is down');
  });

  it('sends no more than the hourly cap for the community; the rest are recorded as capped', async () => {
    const community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    expect((await saveRule(community, { max_per_hour: 2 })).status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await urgent(community, i));
    await waitFor(async () => {
      const s = await Promise.all(ids.map((id) => getAlertStatus(deps.db, community.id, id)));
      return s.every((x) => x === 'sent' || x === 'capped');
    });
    const statuses = await Promise.all(ids.map((id) => getAlertStatus(deps.db, community.id, id)));
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'capped')).toHaveLength(3);
    expect(await outbox(deps, community.id)).toHaveLength(2);
  });

  it('sends nothing once the admin turns the rule off, even for a job already queued', async () => {
    const community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    expect((await saveRule(community, {})).status).toBe(200);
    const msgId = await urgent(community, 7);
    await waitFor(async () => (await getAlertStatus(deps.db, community.id, msgId)) === 'sent');
    expect((await saveRule(community, { enabled: false, phone: '' })).status).toBe(200);
    const other = await urgent(community, 8);
    await waitFor(async () => (await getMessageById(deps.db, community.id, other)) !== null);
    // a job that was queued before the change is read against the rule as it is now
    expect(await deliverAlert(deps, { communityId: community.id, msgId: other, reasons: ['urgent'] })).toBe('off');
    expect(await getAlertStatus(deps.db, community.id, other)).toBeNull();
    expect(await outbox(deps, community.id)).toHaveLength(1);
  });
});
