import type { Insights, TopicClusters } from '@kehila/shared';

/** The analytics charts' data of a 7-day window with Hebrew and English keywords. */
export function insights(over: Partial<Insights> = {}): Insights {
  const days = ['2026-03-29', '2026-03-30', '2026-03-31'];
  return {
    range: { from: '2026-03-25', to: '2026-03-31', days: 7 },
    time_zone: 'UTC',
    total_messages: 30,
    active_senders: 4,
    volume: days.map((date, i) => ({ date, count: 10 + i })),
    active_users: days.map((date) => ({ date, count: 2 })),
    sentiment: {
      average: 0.2,
      labels: { Positive: 12, Neutral: 10, Negative: 8 },
      by_day: days.map((date) => ({ date, average: 0.2, scored: 10 })),
    },
    emotions: [{ emotion: 'joy', count: 30 }],
    urgency: { high: 7, medium: 3, low: 20, overall: 'high' },
    topics: Array.from({ length: 12 }, (_, i) => ({ label: `topic ${i + 1}`, count: 12 - i })),
    keywords: [
      { label: 'שכירות', count: 9 },
      { label: 'rent', count: 3 },
    ],
    toxicity: days.map((date, i) => ({
      date,
      average: i === 2 ? 0.45 : 0.1,
      scored: 10,
      tier: i === 2 ? 'high' : 'low',
      warning: i === 2,
    })),
    intents: [
      { label: 'question', count: 20 },
      { label: 'unknown', count: 10 },
    ],
    activity_hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour })),
    ...over,
  };
}

/** Stored topic clusters: `count` clusters, the first of 6 messages, each with one example. */
export function clusters(count = 2): TopicClusters {
  return {
    days: 30,
    created_at: '2026-03-31T09:00:00.000Z',
    provider: 'local',
    message_count: 40,
    clusters: Array.from({ length: count }, (_, i) => ({
      id: i,
      label: i === 0 ? 'plumber · kitchen sink' : `cluster ${i}`,
      size: i === 0 ? 6 : 2,
      keywords: i === 0 ? ['plumber', 'kitchen sink'] : [],
      examples: [
        {
          msg_id: `m-${i}`,
          timestamp: '2026-03-30T10:00:00.000Z',
          text: i === 0 ? 'מישהו מכיר אינסטלטור טוב?' : `example ${i}`,
          sender_name: 'Dana',
        },
      ],
      x: i,
      y: -i,
    })),
    points: Array.from({ length: count }, (_, i) => ({ cluster: i, x: i + 0.1, y: -i })),
  };
}
