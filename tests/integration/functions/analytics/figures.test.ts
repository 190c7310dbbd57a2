import { beforeAll, describe, expect, it } from 'vitest';
import { EMOTIONS, INTENTS, type InboundMessage } from '@kehila/shared';
import type { AiPort, Enrichment } from '@kehila/functions/core/ports/ai';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { loadConfig } from '@kehila/functions/core/config';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import type { Deps } from '@kehila/functions/core/deps';
import { blankCommunity } from '@kehila/functions/core/communities/records';
import { createCommunity } from '@kehila/functions/data/communities';
import { processIngestBatch } from '@kehila/functions/core/messages/enrich-batch';
import { recountDay } from '@kehila/functions/core/messages/recount';
import { getDashboard, getInsights } from '@kehila/functions/core/analytics/service';
import { putDeliverySchedule } from '@kehila/functions/data/summary-settings';
import { defaultDeliverySchedule } from '@kehila/shared';
import { sealCommunity } from '@kehila/functions/core/analytics/seal';
import { runNightlyAggregates } from '@kehila/functions/core/analytics/nightly';
import { recordEmbeddingVersion } from '@kehila/functions/data/search-state';
import { blocksOf, readBlocks } from '@kehila/functions/data/aggregate-blocks';
import { DeleteCommand } from '@kehila/functions/data/table-client';
import { keys } from '@kehila/functions/data/keys';
import { freshTable, useStackEnv } from '../../support';
import { aggregateRows, scanMessages } from '../../../support/analytics-oracle';

const COMMUNITY = 'analytics-figures';
const GROUP = '120363011111111111@g.us';
const NOW = new Date('2026-03-10T20:40:00.000Z');
const FIRST_DAY = '2026-03-04';
const LAST_DAY = '2026-03-10';
const ZONES = ['UTC', 'Asia/Jerusalem', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];

/**
 * The text carries the enrichment the fake AI returns, so the test knows every label:
 * `topic|kw1,kw2|urgency|sentiment|emotion|intent|toxicity`.
 */
const fakeAi = {
  name: 'local',
  embeddingDimensions: 3,
  async enrich(messages) {
    return messages.map((m): Enrichment => {
      const [topic, kws, urgency, sentiment, emotion, intent, toxicity] = m.text.split('|');
      return {
        topic: topic || null,
        keywords: kws ? kws.split(',') : [],
        urgency: urgency as Enrichment['urgency'],
        sentiment: Number(sentiment),
        emotion: emotion as Enrichment['emotion'],
        intent: intent as Enrichment['intent'],
        toxicity: Number(toxicity),
        action_items: [],
      };
    });
  },
} as Pick<AiPort, 'name' | 'embeddingDimensions' | 'enrich'> as AiPort;

const queues: QueueClient = { send: async () => undefined, sendBatch: async () => undefined };

/** A deterministic pseudo-random sequence, so a failure reproduces. */
function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

function simulatedMessages(): InboundMessage[] {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const senders = Array.from({ length: 9 }, (_, i) => ({
    id: `97250000000${i}@c.us`,
    name: i === 0 ? 'Dana Admin' : `Member ${i}`,
  }));
  const start = Date.parse(`${FIRST_DAY}T00:00:00.000Z`);
  const span = NOW.getTime() - start;
  return Array.from({ length: 240 }, (_, i) => {
    // Many messages sit near UTC midnight and on half and quarter hours: the zone edges.
    const at =
      i % 5 === 0
        ? start + Math.floor(rand() * 7) * 86_400_000 - 20 * 60_000 + Math.floor(rand() * 40) * 60_000
        : start + Math.floor(rand() * span);
    const clamped = Math.min(Math.max(at, start), NOW.getTime() - 60_000);
    const sender = pick(senders);
    const text = [
      pick(['hiring', 'events', 'housing', '']),
      pick(['', 'Rent', 'rent,jobs', 'Jobs , meetup', 'שכירות']),
      pick(['high', 'medium', 'low', 'low']),
      pick(['0.8', '0.05', '-0.5', '0.1', '-0.1', '0.333']),
      pick(EMOTIONS),
      pick(INTENTS),
      pick(['0', '0.25', '0.5', '0.9']),
    ].join('|');
    return {
      community_id: COMMUNITY,
      group_id: GROUP,
      provider: 'waha',
      provider_message_id: `SIM${i}`,
      sender_id: sender.id,
      sender_name: sender.name,
      timestamp: new Date(clamped).toISOString(),
      text,
      reply_to: null,
      media_type: null,
    };
  });
}

let deps: Deps;
const simulated = simulatedMessages();

async function deliver(messages: readonly InboundMessage[], batch: number, prefix: string) {
  for (let i = 0; i < messages.length; i += batch) {
    const records = messages.slice(i, i + batch).map((b, j) => ({ id: `${prefix}${i + j}`, body: JSON.stringify(b) }));
    const outcome = await processIngestBatch(deps, records);
    expect([...outcome.values()].filter(Boolean)).toEqual([]);
  }
}

/**
 * Sets the community's time zone as an admin does in its summary delivery settings (issue 10): the
 * figures follow it at once, from the same aggregates (nothing is re-aggregated).
 */
async function setCommunityZone(tz: string) {
  await putDeliverySchedule(
    deps.db,
    COMMUNITY,
    { ...defaultDeliverySchedule({ group_language: 'Hebrew' }), time_zone: tz, updated_at: NOW.toISOString() },
    false,
  );
}

async function figures() {
  const out: Record<string, unknown> = {};
  for (const tz of ZONES) {
    await setCommunityZone(tz);
    out[`dashboard ${tz}`] = await getDashboard(deps, COMMUNITY, { from: FIRST_DAY, to: LAST_DAY });
    out[`insights ${tz}`] = await getInsights(deps, COMMUNITY, { days: 7 });
  }
  return out;
}

function localDayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

/**
 * Asserts that the dashboard and the analytics of a community in a zone equal a scan of the stored
 * messages (hours and "today" in the community's zone, whoever asks).
 */
async function expectScanFigures(tz: string) {
  await setCommunityZone(tz);
  const rows = await scanMessages(deps.db, COMMUNITY, FIRST_DAY, LAST_DAY);
  const want = aggregateRows(rows, tz);
  const dash = await getDashboard(deps, COMMUNITY, { from: FIRST_DAY, to: LAST_DAY });
  expect(dash.time_zone).toBe(tz);

  expect(dash.total_messages).toBe(want.total);
  expect(dash.total_members).toBe(want.distinctSenders);
  expect(dash.activity_hours.map((h) => h.count)).toEqual(want.hours);
  expect(dash.active_users_over_time.filter((d) => d.count > 0).map((d) => [d.date, d.count])).toEqual(
    [...want.activeUsersPerDay].sort(),
  );
  expect(dash.high_urgency_pct).toBeCloseTo((want.urgency.high / want.total) * 100, 10);
  expect(dash.avg_sentiment).toBeCloseTo(want.avgSentiment ?? NaN, 10);
  expect(dash.avg_msgs_per_day).toBeCloseTo(want.total / 7, 10);
  const top = [...want.perSender.values()].sort((a, b) => b - a).slice(0, 5);
  expect(dash.leaderboard.map((e) => e.cnt)).toEqual(top);
  expect(dash.leaderboard.every((e) => e.Sender_name?.startsWith('Member') || e.Sender_name === 'Dana Admin')).toBe(
    true,
  );
  expect(dash.admin_name).toBe('dana admin');
  const today = localDayOf(NOW.toISOString(), tz);
  expect(dash.messages_today).toBe(rows.filter((r) => localDayOf(r.message.timestamp, tz) === today).length);
  expect(dash.recent_messages.map((m) => m.timestamp)).toEqual(
    rows
      .map((r) => r.message.timestamp)
      .sort()
      .reverse()
      .slice(0, 5),
  );

  const ins = await getInsights(deps, COMMUNITY, { days: 7 });
  expect(ins.time_zone).toBe(tz);
  if (ins.range.from === FIRST_DAY) {
    expect(ins.total_messages).toBe(want.total);
    expect(Object.fromEntries(ins.topics.map((t) => [t.label, t.count]))).toEqual(Object.fromEntries(want.topics));
    expect(Object.fromEntries(ins.keywords.map((t) => [t.label, t.count]))).toEqual(Object.fromEntries(want.keywords));
    expect(Object.fromEntries(ins.emotions.map((t) => [t.emotion, t.count]))).toEqual(
      Object.fromEntries(want.emotions),
    );
    expect(Object.fromEntries(ins.intents.map((t) => [t.label, t.count]))).toEqual(Object.fromEntries(want.intents));
    expect(ins.sentiment.labels).toEqual(want.labels);
    expect({ high: ins.urgency.high, medium: ins.urgency.medium, low: ins.urgency.low }).toEqual(want.urgency);
    expect(ins.volume.filter((v) => v.count > 0).map((v) => [v.date, v.count])).toEqual([...want.perDay].sort());
    expect(ins.activity_hours.map((h) => h.count)).toEqual(want.hours);
  } else {
    // West of UTC the last 7 local days start a day earlier than the simulated UTC days.
    expect(ins.range.to).toBe(today);
  }
}

beforeAll(async () => {
  useStackEnv();
  const db = await freshTable();
  deps = createLocalDeps(loadConfig(), {
    db,
    queues,
    ai: fakeAi,
    realtime: { publish: async () => undefined, revoke: async () => undefined },
    now: () => NOW,
  });
  await createCommunity(db, {
    ...blankCommunity({ id: COMMUNITY, name: 'Figures', groupId: GROUP, ownerId: 'u1', now: NOW }),
    admin_name: 'dana admin',
    group_language: 'Hebrew',
  });
  await deliver(simulated, 10, 'first-');
});

describe('dashboard and analytics figures from the aggregates', () => {
  it('stored every simulated message once', async () => {
    expect(await scanMessages(deps.db, COMMUNITY, FIRST_DAY, LAST_DAY)).toHaveLength(simulated.length);
  });

  it("are in the community's default zone until its delivery settings are saved (Hebrew: Asia/Jerusalem)", async () => {
    const dash = await getDashboard(deps, COMMUNITY, { from: FIRST_DAY, to: LAST_DAY });
    expect(dash.time_zone).toBe('Asia/Jerusalem');
    expect((await getInsights(deps, COMMUNITY, { days: 7 })).time_zone).toBe('Asia/Jerusalem');
    const want = aggregateRows(await scanMessages(deps.db, COMMUNITY, FIRST_DAY, LAST_DAY), 'Asia/Jerusalem');
    expect(dash.activity_hours.map((h) => h.count)).toEqual(want.hours);
  });

  it.each(ZONES)(
    "equal a scan of the raw messages with the community's zone set to %s (the same aggregates, nothing re-aggregated)",
    (tz) => expectScanFigures(tz),
  );

  it('counts distinct senders over a range once each, not once per day', async () => {
    await setCommunityZone('UTC');
    const dash = await getDashboard(deps, COMMUNITY, { from: FIRST_DAY, to: LAST_DAY });
    const perDaySum = dash.active_users_over_time.reduce((n, d) => n + d.count, 0);
    expect(dash.total_members).toBe(9);
    expect(perDaySum).toBeGreaterThan(dash.total_members);
  });

  it('changes nothing when every message is redelivered or re-imported', async () => {
    const before = await figures();
    await deliver([...simulated].reverse(), 7, 'again-');
    await deliver(
      simulated.map((m) => ({ ...m, sender_name: m.sender_name })),
      10,
      'third-',
    );
    expect(await figures()).toEqual(before);
  });

  it('recounts every day without drift, and repairs and reports a lost bucket', async () => {
    const before = await figures();
    for (let d = Date.parse(`${FIRST_DAY}T00:00:00Z`); d <= Date.parse(`${LAST_DAY}T00:00:00Z`); d += 86_400_000) {
      const day = new Date(d).toISOString().slice(0, 10);
      const report = await recountDay(deps, COMMUNITY, day);
      expect(report.drift).toEqual([]);
      expect(report.messages).toBe(report.countedBefore);
    }
    expect(await figures()).toEqual(before);

    // The crash window: a day's bucket lost (as if stored messages were never counted).
    await deps.db.doc.send(
      new DeleteCommand({ TableName: deps.db.table, Key: keys.aggregateDay(COMMUNITY, '2026-03-07') }),
    );
    expect(await figures()).not.toEqual(before);
    const report = await recountDay(deps, COMMUNITY, '2026-03-07');
    expect(report.countedBefore).toBe(0);
    expect(report.drift).toContain('day.count');
    expect(await figures()).toEqual(before);
  });
  it('give the same figures once the finished days are sealed, in every zone (DST days included)', async () => {
    const before = await figures();
    const report = await sealCommunity(deps, COMMUNITY);
    expect(report).toMatchObject({ through: '2026-03-09', raced: 0 });
    expect(report.built).toBeGreaterThan(6);
    const blocks = await readBlocks(deps.db, COMMUNITY, blocksOf('2026-03-05').slice(0, 3), { keywords: true });
    expect([...blocks.values()].map((b) => b.valid)).toEqual([true, true, true]);
    expect(await figures()).toEqual(before);
    for (const tz of ZONES) await expectScanFigures(tz);
    // A second seal finds nothing to do.
    expect((await sealCommunity(deps, COMMUNITY)).built).toBe(0);
  });

  it('counts a late message in a sealed day at once, and the next seal packs it', async () => {
    const late: InboundMessage = {
      ...(simulated[3] as InboundMessage),
      provider_message_id: 'LATE1',
      timestamp: '2026-03-05T10:07:00.000Z',
      text: 'events|late,rent|high|0.5|joy|request|0.1',
    };
    await deliver([late], 1, 'late-');
    const day = { level: 0, start: '2026-03-05' };
    expect((await readBlocks(deps.db, COMMUNITY, [day], { keywords: false })).get('0#2026-03-05')?.valid).toBe(false);
    for (const tz of ZONES) await expectScanFigures(tz);
    const afterLate = await figures();
    expect((await sealCommunity(deps, COMMUNITY)).built).toBeGreaterThan(0);
    expect((await readBlocks(deps.db, COMMUNITY, [day], { keywords: false })).get('0#2026-03-05')?.valid).toBe(true);
    expect(await figures()).toEqual(afterLate);
    // Redelivered after the seal, it changes nothing and invalidates nothing.
    await deliver([late], 1, 'late-again-');
    expect((await readBlocks(deps.db, COMMUNITY, [day], { keywords: false })).get('0#2026-03-05')?.valid).toBe(true);
    expect(await figures()).toEqual(afterLate);
  });
  it('runs the nightly job: recounts the finished day, repairs its drift and seals it again', async () => {
    await recordEmbeddingVersion(deps.db, COMMUNITY, 'v1', NOW.toISOString());
    const before = await figures();
    await deps.db.doc.send(
      new DeleteCommand({ TableName: deps.db.table, Key: keys.aggregateDay(COMMUNITY, '2026-03-09') }),
    );
    const report = await runNightlyAggregates(deps);
    expect(report).toMatchObject({ day: '2026-03-09', communities: 1, drifted: [COMMUNITY] });
    expect(report.blocks).toBeGreaterThan(0);
    expect(
      (await readBlocks(deps.db, COMMUNITY, [{ level: 0, start: '2026-03-09' }], { keywords: false })).get(
        '0#2026-03-09',
      )?.valid,
    ).toBe(true);
    expect(await figures()).toEqual(before);
    // Run again, it finds nothing to repair or seal.
    expect(await runNightlyAggregates(deps)).toMatchObject({ drifted: [], blocks: 0 });
  });
});
