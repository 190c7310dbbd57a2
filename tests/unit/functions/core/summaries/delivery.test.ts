import { describe, expect, it } from 'vitest';
import { dueSummaries, localClock, sheetRows, whatsappText } from '@kehila/functions/core/summaries/delivery';
import type { StoredSummary } from '@kehila/shared';

const both = { daily_summary: true, weekly_summary: true };

describe('when a summary is due', () => {
  it('reads the local date, weekday and minute in the zone, across DST', () => {
    // 2026-03-27 is the Friday Israel moves to summer time (UTC+3 from 02:00)
    expect(localClock(new Date('2026-03-26T22:30:00Z'), 'Asia/Jerusalem')).toEqual({
      date: '2026-03-27',
      weekday: 'friday',
      minutes: 30,
    });
    expect(localClock(new Date('2026-03-27T06:00:00Z'), 'Asia/Jerusalem').minutes).toBe(9 * 60);
    expect(localClock(new Date('2026-11-25T14:00:00Z'), 'America/New_York')).toMatchObject({ minutes: 9 * 60 });
  });

  it('is due from the delivery time for the length of the window, in local time', () => {
    const schedule = { delivery_time: '09:00', time_zone: 'America/New_York', weekly_day: 'wednesday' as const };
    expect(dueSummaries(both, schedule, new Date('2026-11-25T13:59:00Z'))).toEqual([]);
    expect(dueSummaries(both, schedule, new Date('2026-11-25T14:00:00Z'))).toEqual([
      { kind: 'daily', period: '2026-11-25:daily' },
      { kind: 'weekly', period: '2026-11-25:weekly' },
    ]);
    expect(dueSummaries(both, schedule, new Date('2026-11-25T14:14:00Z'))).toHaveLength(2);
    expect(dueSummaries(both, schedule, new Date('2026-11-25T14:15:00Z'))).toEqual([]);
  });

  it('sends the weekly summary only on its day, and nothing that is switched off', () => {
    const schedule = { delivery_time: '09:00', time_zone: 'Asia/Tokyo', weekly_day: 'sunday' as const };
    const wednesday9 = new Date('2026-11-25T00:00:00Z'); // 09:00 in Tokyo
    expect(dueSummaries(both, schedule, wednesday9)).toEqual([{ kind: 'daily', period: '2026-11-25:daily' }]);
    expect(dueSummaries({ daily_summary: false, weekly_summary: true }, schedule, wednesday9)).toEqual([]);
  });
});

describe('what a delivery sends', () => {
  it("writes WhatsApp's own emphasis for headings and bold", () => {
    expect(whatsappText('# Founders — Summary\n\n## Key Topics\n- **Hiring**: 3 messages')).toBe(
      '*Founders — Summary*\n\n*Key Topics*\n- *Hiring*: 3 messages',
    );
  });

  it('gives the spreadsheet one row per line with its part and citations', () => {
    const summary = {
      id: 's',
      group_id: 'g',
      summary: '',
      created_at: '2026-11-25T09:00:00.000Z',
      sections: {
        overview: '3 messages.',
        key_topics: [{ text: 'Hiring', message_ids: ['m1', 'm2'] }],
        action_items: [],
        recommended_actions: [{ text: 'Reply to Avi', message_ids: ['m2'] }],
        quick_stats: [{ text: 'Messages: 3', message_ids: [] }],
      },
      period_from: null,
      period_to: null,
      message_count: 3,
      language: 'en',
    } satisfies StoredSummary;
    expect(sheetRows(summary, '2026-11-25:daily')).toEqual([
      ['2026-11-25:daily', 'Overview', '3 messages.', ''],
      ['2026-11-25:daily', 'Key Topics', 'Hiring', 'm1 m2'],
      ['2026-11-25:daily', 'Recommended Actions', 'Reply to Avi', 'm2'],
      ['2026-11-25:daily', 'Quick Stats', 'Messages: 3', ''],
    ]);
  });
});
