import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Community, SummaryDelivery } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { deliverScheduledSummary, localClock, runSummarySchedule } from '@kehila/functions/core/summaries/delivery';
import { queryAll } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { getMessageById } from '@kehila/functions/data/messages';
import { recentDeliveries } from '@kehila/functions/data/summary-deliveries';
import { localSheetFile } from '@kehila/functions/adapters/sheets/local-csv';
import { updateProfile } from '@kehila/functions/data/profiles';
import { signedInUser } from '../accounts/users';
import { api, signIn, stack, useStackEnv } from '../../support';
import {
  communityWithGroup,
  freshGroupId,
  postMessage,
  subOf,
  waitFor,
} from '../../../fixtures/whatsapp/stack-community';

/** Six hours from now: the stack's own minute-by-minute scheduler never reaches these delivery times during the run. */
const NOW = new Date(Math.floor((Date.now() + 6 * 3_600_000) / 60_000) * 60_000);

const outboxTexts = async (deps: Deps, communityId: string) =>
  (await queryAll<{ text: string }>(deps.db, { pk: keys.outbox(communityId, '', '').pk })).map((i) => i.text);

describe('scheduled summary delivery', () => {
  let deps: Deps;
  let token: string;
  let daily: Community;
  let weekly: Community;
  let failing: Community;

  async function scheduleOf(community: Community, settings: Record<string, unknown>) {
    const res = await api(`/api/communities/${community.id}/delivery-settings`, {
      token,
      method: 'PUT',
      body: {
        daily_summary: false,
        weekly_summary: false,
        summary_destination: 'whatsapp',
        weekly_day: 'sunday',
        language: 'group',
        sheet_id: null,
        ...settings,
      },
    });
    expect(res.status).toBe(200);
  }

  /** Posts the messages through the webhook and waits until each is stored (the summary reads stored ones). */
  async function messagesIn(community: Community, texts: string[]) {
    const ids: string[] = [];
    for (const [i, text] of texts.entries()) {
      const res = await postMessage(stack().url, 'waha', {
        groupId: community.group_id as string,
        senderId: `97250111222${i}@c.us`,
        senderName: ['Dana Levi', 'Avi Katz'][i % 2]!,
        // within the summary's period (the day before NOW)
        timestamp: new Date(NOW.getTime() - (texts.length - i) * 600_000),
        text,
      });
      expect(res.status).toBe(200);
      ids.push(res.msgId);
    }
    // accepted is durable, not yet stored: storing is the ingest queue's work, a poll or two later
    await waitFor(async () =>
      (await Promise.all(ids.map((id) => getMessageById(deps.db, community.id, id)))).every(Boolean),
    );
  }

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    daily = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    weekly = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    failing = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    await messagesIn(daily, ['Please send the budget by Friday', 'Can anyone recommend an accountant?']);
    await messagesIn(weekly, ['URGENT: the website is down', 'Thanks for the meetup!']);
    await messagesIn(failing, ['Who is bringing the projector tomorrow?']);
    // two zones, two kinds, two destinations: each due at NOW in its own local time
    const ny = localClock(NOW, 'America/New_York');
    const tokyo = localClock(NOW, 'Asia/Tokyo');
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await scheduleOf(daily, { daily_summary: true, delivery_time: hhmm(ny.minutes), time_zone: 'America/New_York' });
    await scheduleOf(weekly, {
      weekly_summary: true,
      weekly_day: tokyo.weekday,
      delivery_time: hhmm(tokyo.minutes),
      time_zone: 'Asia/Tokyo',
      summary_destination: 'both',
      sheet_id: 'sheet-weekly',
    });
  });

  it('delivers exactly once per community and destination, and a rerun sends nothing', async () => {
    const run = await runSummarySchedule(deps, NOW);
    expect(run.queued).toBeGreaterThanOrEqual(2);
    const sent = async (c: Community) => (await recentDeliveries(deps.db, c.id, 10)).filter((d) => d.status === 'sent');
    await waitFor(async () => (await sent(daily)).length === 1 && (await sent(weekly)).length === 2, 60_000);

    const ny = localClock(NOW, 'America/New_York').date;
    const tokyo = localClock(NOW, 'Asia/Tokyo').date;
    expect((await sent(daily)).map((d) => [d.period, d.destination])).toEqual([[`${ny}:daily`, 'whatsapp']]);
    expect((await sent(weekly)).map((d) => [d.period, d.destination]).sort()).toEqual([
      [`${tokyo}:weekly`, 'sheet'],
      [`${tokyo}:weekly`, 'whatsapp'],
    ]);
    const dailyTexts = await outboxTexts(deps, daily.id);
    expect(dailyTexts).toHaveLength(1);
    expect(dailyTexts[0]).toContain('*Key Topics*');
    expect(await outboxTexts(deps, weekly.id)).toHaveLength(1);
    const csv = localSheetFile(`${stack().dataDir}/outbox`, weekly.id, 'sheet-weekly');
    expect(existsSync(csv)).toBe(true);
    const rows = readFileSync(csv, 'utf8');
    expect(rows).toContain(`${tokyo}:weekly,Key Topics,`);

    // the rerun: queued again, delivered by nobody
    await runSummarySchedule(deps, NOW);
    expect(
      await deliverScheduledSummary(deps, { communityId: daily.id, kind: 'daily', period: `${ny}:daily` }),
    ).toEqual({
      sent: 0,
    });
    await new Promise((r) => setTimeout(r, 3000));
    expect(await outboxTexts(deps, daily.id)).toHaveLength(1);
    expect(await outboxTexts(deps, weekly.id)).toHaveLength(1);
    expect(readFileSync(csv, 'utf8')).toBe(rows);
  });

  it('records each failed attempt, then shows the delivery as failed to the admin; a later success sends once', async () => {
    const period = `${localClock(NOW, 'UTC').date}:daily`;
    const job = { communityId: failing.id, kind: 'daily' as const, period };
    const broken: Deps = Object.create(deps, {
      whatsapp: { value: { send: async () => Promise.reject(new Error('gateway answered 502')) } },
    }) as Deps;
    for (let attempt = 1; attempt <= 4; attempt++) {
      await expect(deliverScheduledSummary(broken, job)).rejects.toThrow('gateway answered 502');
      const [d] = await recentDeliveries(deps.db, failing.id, 1);
      expect(d).toMatchObject({ status: 'failed', attempts: attempt, error: 'gateway answered 502' });
    }
    const shown = await api(`/api/communities/${failing.id}/summary-deliveries`, { token });
    expect(shown.status).toBe(200);
    expect((shown.body.items as SummaryDelivery[])[0]).toMatchObject({
      period,
      destination: 'whatsapp',
      status: 'failed',
      attempts: 4,
      error: 'gateway answered 502',
    });
    // all attempts delivered the same stored summary
    expect(await deliverScheduledSummary(deps, job)).toEqual({ sent: 1 });
    expect(await deliverScheduledSummary(deps, job)).toEqual({ sent: 0 });
    expect(await outboxTexts(deps, failing.id)).toHaveLength(1);
  });

  it('sends no scheduled summary for a community whose owner is on Free (a Pro feature)', async () => {
    const owner = await signedInUser('free-summary-owner');
    await updateProfile(deps.db, owner.id, {
      subscription_plan: 'free',
      trial_ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const free = await communityWithGroup(deps, freshGroupId(), [owner.id]);
    await messagesIn(free, ['Please send the budget by Friday']);
    const job = { communityId: free.id, kind: 'daily' as const, period: `${localClock(NOW, 'UTC').date}:daily` };
    expect(await deliverScheduledSummary(deps, job)).toEqual({ sent: 0 });
    expect(await outboxTexts(deps, free.id)).toEqual([]);
    expect(await recentDeliveries(deps.db, free.id, 1)).toEqual([]);
  });
});
