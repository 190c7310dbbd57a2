import { beforeAll, describe, expect, it } from 'vitest';
import type { Community, OnboardingState, StoredDeliverySettings } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import type { SummaryDeliveryJob } from '@kehila/functions/core/queues';
import { runSummarySchedule } from '@kehila/functions/core/summaries/delivery';
import { scheduledDeliveries } from '@kehila/functions/data/summary-settings';
import { signedInUser } from '../accounts/users';
import { api, signIn, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId, subOf } from '../../../fixtures/whatsapp/stack-community';

/** The next Sunday at `hh:mm` UTC, at least a day away (the stack's own scheduler never gets there during the run). */
function nextSunday(hh: number, mm: number): Date {
  const d = new Date(Date.now() + 86_400_000);
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  d.setUTCHours(hh, mm, 0, 0);
  return d;
}

/** The communities one scheduler run at `at` would queue (captured, not sent). */
async function queuedAt(deps: Deps, at: Date): Promise<SummaryDeliveryJob[]> {
  const jobs: SummaryDeliveryJob[] = [];
  const queues = {
    ...deps.queues,
    sendBatch: async (_q: string, batch: readonly unknown[]) => {
      jobs.push(...(batch as SummaryDeliveryJob[]));
    },
  } as Deps['queues'];
  await runSummarySchedule({ db: deps.db, queues }, at);
  return jobs;
}

const INFO = {
  group_description: 'Founders helping each other',
  group_goals: 'Answer questions fast',
  admin_name: 'Dana Levi',
  admin_gender: 'Female',
  group_language: 'English',
  summary_destination: 'whatsapp',
  weekly_summary: true,
  daily_summary: false,
};

describe('the default summary schedule (S1 §2: weekly on, without the admin saving settings)', () => {
  let deps: Deps;
  let token: string;
  let community: Community;
  const scheduledIds = async () => (await scheduledDeliveries(deps.db)).map((s) => s.communityId);
  const saveInfo = async (info: Record<string, unknown>) => {
    const res = await api(`/api/communities/${community.id}/info`, { token, method: 'PUT', body: { ...INFO, ...info } });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
  });

  it('schedules a community created by onboarding, with the default schedule, before any save', async () => {
    const user = await signedInUser('default-schedule');
    const res = await api('/api/onboarding', { token: user.token, method: 'POST' });
    expect(res.status).toBe(200);
    const created = (res.body as OnboardingState).community;
    const entry = (await scheduledDeliveries(deps.db)).find((s) => s.communityId === created.id);
    expect(entry?.schedule).toMatchObject({ weekly_day: 'sunday', delivery_time: '09:00', time_zone: 'UTC', updated_at: null });
    // no group yet: nothing to summarise, so the run passes it by
    expect((await queuedAt(deps, nextSunday(9, 5))).some((j) => j.communityId === created.id)).toBe(false);
  });

  it('delivers the weekly summary on Sunday at 09:00 in the group language’s zone once the information is saved', async () => {
    await saveInfo({});
    const jobs = (await queuedAt(deps, nextSunday(9, 5))).filter((j) => j.communityId === community.id);
    expect(jobs.map((j) => j.kind)).toEqual(['weekly']);
    expect((await queuedAt(deps, new Date(nextSunday(9, 5).getTime() + 86_400_000))).some((j) => j.communityId === community.id)).toBe(false);

    // Hebrew: the default zone becomes Asia/Jerusalem (09:00 there is 07:00 UTC in winter, 06:00 in summer)
    await saveInfo({ group_language: 'Hebrew' });
    const settings = (await api(`/api/communities/${community.id}/delivery-settings`, { token })).body as StoredDeliverySettings;
    expect(settings).toMatchObject({ weekly_summary: true, time_zone: 'Asia/Jerusalem', delivery_time: '09:00' });
    expect((await queuedAt(deps, nextSunday(9, 5))).some((j) => j.communityId === community.id)).toBe(false);
  });

  it('leaves the schedule when both summaries are turned off, and keeps an admin’s saved settings', async () => {
    await saveInfo({ weekly_summary: false, daily_summary: false });
    expect(await scheduledIds()).not.toContain(community.id);

    const put = await api(`/api/communities/${community.id}/delivery-settings`, {
      token,
      method: 'PUT',
      body: {
        daily_summary: true,
        weekly_summary: false,
        summary_destination: 'whatsapp',
        weekly_day: 'monday',
        delivery_time: '18:30',
        time_zone: 'Europe/London',
        language: 'en',
        sheet_id: null,
      },
    });
    expect(put.status).toBe(200);
    await saveInfo({ daily_summary: true, weekly_summary: false });
    const entry = (await scheduledDeliveries(deps.db)).find((s) => s.communityId === community.id);
    expect(entry?.schedule).toMatchObject({ delivery_time: '18:30', time_zone: 'Europe/London', language: 'en' });
  });
});
