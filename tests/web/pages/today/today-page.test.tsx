import { describe, expect, it } from 'vitest';
import type { Dashboard, Insights } from '@kehila/shared';
import { happeningItems, reportRows } from '../../../../web/src/pages/today/today-page';

const dashboard = {
  range: { from: '2026-03-02', to: '2026-03-31', days: 30 },
  time_zone: 'Asia/Jerusalem',
  total_messages: 300,
  avg_divisor_days: 30,
  total_members: 12,
  messages_today: 9,
  avg_sentiment: 0.123,
  high_urgency_pct: 4.4,
  avg_msgs_per_day: 10,
  admin_name: null,
  leaderboard: [{ Sender_name: 'דנה', cnt: 40, sender_hash: 'k1' }],
  recent_messages: [
    {
      msg_id: 'm2',
      Sender_name: 'Noa',
      content: 'fine',
      timestamp: '2026-03-31T10:05:00.000Z',
      urgency: 'low',
      sentiment: 0,
      sender_hash: null,
    },
    {
      msg_id: 'm1',
      Sender_name: 'Avi',
      content: 'help!',
      timestamp: '2026-03-31T10:00:00.000Z',
      urgency: 'high',
      sentiment: -0.5,
      sender_hash: null,
    },
  ],
  activity_hours: [],
  active_users_over_time: [],
} satisfies Dashboard;

function week(over: Partial<Insights> = {}): Insights {
  return {
    range: { from: '2026-03-25', to: '2026-03-31', days: 7 },
    time_zone: 'Asia/Jerusalem',
    total_messages: 70,
    active_senders: 8,
    volume: [],
    active_users: [],
    sentiment: { average: 0.1, labels: { Positive: 1, Neutral: 1, Negative: 1 }, by_day: [] },
    emotions: [],
    urgency: { high: 3, medium: 10, low: 57, overall: 'medium' },
    topics: [{ label: 'Housing', count: 21 }],
    keywords: [],
    toxicity: [],
    intents: [],
    activity_hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 21 ? 9 : 1 })),
    ...over,
  };
}

describe("Today's What's Happening", () => {
  it('says what the week held: urgent messages and the latest sender, the hot topic, a ready summary, the busiest hour', () => {
    expect(happeningItems(week(), dashboard, true).map((i) => i.text)).toEqual([
      '3 urgent messages this week',
      'Latest urgent message from Avi',
      'Hot topic this week: Housing (21 messages)',
      'An AI summary of your messages is ready',
      'Busiest hour this week: 21:00',
    ]);
  });

  it('tells an admin first how many new members wait for approval, and says nothing of none', () => {
    expect(happeningItems(week(), dashboard, false, 2)[0]).toEqual({
      id: 'pending',
      text: '2 new members waiting for your approval',
      href: '/members',
    });
    expect(happeningItems(week(), dashboard, false, 0).map((i) => i.id)).not.toContain('pending');
  });

  it('says nothing it cannot back with data', () => {
    const quiet = week({ urgency: { high: 0, medium: 0, low: 0, overall: 'normal' }, topics: [], activity_hours: [] });
    expect(happeningItems(quiet, { ...dashboard, recent_messages: [] }, false)).toEqual([]);
  });

  it('puts the period figures in the report, rounded as shown', () => {
    const rows = reportRows(dashboard, week());
    expect(rows).toContainEqual(['average sentiment', 0.12, '2026-03-02 – 2026-03-31']);
    expect(rows).toContainEqual(['top sender', 'דנה (40)', null]);
    expect(rows).toContainEqual(['topic this week', 'Housing', 21]);
  });
});
