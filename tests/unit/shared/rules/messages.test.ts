import { describe, expect, it } from 'vitest';
import {
  MessageSchema,
  ThreadSchema,
  aiIndexBadgeColor,
  applyLiveDelete,
  applyLiveInsert,
  applyLiveUpdate,
  buildThreads,
  classifySearchTerm,
  containsHebrew,
  datePresetRange,
  formatMessageTime,
  groupMessagesByTopic,
  groupThreadsByDate,
  highestUrgency,
  meanSentiment,
  messageMatchesFilters,
  navigationFilter,
  navigationToast,
  presetAfterDateChange,
  senderDisplayName,
  senderPhoneForm,
  sentimentColor,
  sortedInsertIndex,
  splitLinks,
  textDirection,
  threadDateGroup,
  threadLink,
  toggleUrgency,
  truncateText,
  urgencyColor,
  type Message,
} from '@kehila/shared';

/** A stored message with the fields a test cares about. */
function msg(over: Partial<Message> & { msg_id: string }): Message {
  return MessageSchema.parse({
    group_id: '120363041234567890@g.us',
    content: 'hello',
    timestamp: new Date(2025, 5, 10, 12, 0).toISOString(),
    Sender_name: 'Dana Levi',
    sender_hash: '972501234567@c.us',
    topic: 'Hiring',
    keywords: [],
    urgency: 'low',
    sentiment: 0,
    action_items: [],
    emotion: null,
    intent: null,
    cluster_id: null,
    toxicity: null,
    ...over,
  });
}

describe('sender phone form (S2 §2.1)', () => {
  it.each([
    ['972501234567@c.us', '+972501234567'],
    ['1234567890@c.us', '+1234567890'], // 10 digits
    ['123456789012345@s.whatsapp.net', '+123456789012345'], // 15 digits
    ['123456789@c.us', '123456789@c.us'], // 9 digits: kept
    ['1234567890123456@c.us', '1234567890123456@c.us'], // 16 digits: kept
    ['271649873518627@lid', '+271649873518627'], // digits before @ are digits, whatever the host
    ['abc123@lid', 'abc123@lid'],
    ['9f2c4e8a1b', '9f2c4e8a1b'], // a hash
    ['972501234567', '972501234567'], // no host
  ])('%s is shown as %s', (hash, shown) => {
    expect(senderPhoneForm(hash)).toBe(shown);
  });

  it('is null for no sender id', () => {
    expect(senderPhoneForm(null)).toBeNull();
    expect(senderPhoneForm('  ')).toBeNull();
  });

  it.each([
    [{ Sender_name: 'Noa Bar', sender_hash: '972544812230@c.us' }, 'Noa Bar'],
    [{ Sender_name: null, sender_hash: '972544812230@c.us' }, '+972544812230'],
    [{ Sender_name: '  ', sender_hash: null }, 'Unknown'],
  ])('names the sender of %o as %s', (m, shown) => {
    expect(senderDisplayName(m)).toBe(shown);
  });
});

describe('Hebrew is laid out right-to-left (S2 §2.1)', () => {
  it.each([
    ['שלום לכולם', true, 'rtl'],
    ['Meeting at 10, מחר', true, 'rtl'],
    ['Hello everyone', false, 'ltr'],
    ['', false, 'ltr'],
    [null, false, 'ltr'],
  ])('%s → Hebrew %s, %s', (text, hebrew, dir) => {
    expect(containsHebrew(text)).toBe(hebrew);
    expect(textDirection(text)).toBe(dir);
  });
});

describe('colours (S2 §2.1, §4)', () => {
  it.each([
    [0.51, 'green'],
    [0.5, 'amber'],
    [0, 'amber'],
    [-0.5, 'amber'],
    [-0.51, 'red'],
    [null, 'grey'],
  ] as const)('sentiment %s is %s', (value, colour) => {
    expect(sentimentColor(value)).toBe(colour);
  });

  it.each([
    ['high', 'red'],
    ['medium', 'amber'],
    ['low', 'green'],
    [null, 'grey'],
  ] as const)('urgency %s is %s', (value, colour) => {
    expect(urgencyColor(value)).toBe(colour);
  });

  it.each([
    [100, 'green'],
    [90, 'green'],
    [89.9, 'amber'],
    [70, 'amber'],
    [69.9, 'red'],
    [0, 'red'],
  ] as const)('AI index %s %% is %s', (pct, colour) => {
    expect(aiIndexBadgeColor(pct)).toBe(colour);
  });
});

describe('truncation and links (S2 §2.1)', () => {
  it.each([
    ['a'.repeat(100), 100, false],
    ['a'.repeat(101), 100, true],
    ['a'.repeat(61), 60, true],
  ])('a text of %#: truncated at %s → %s', (text, max, truncated) => {
    const r = truncateText(text, max);
    expect(r.truncated).toBe(truncated);
    if (truncated) expect(r.text).toBe(`${'a'.repeat(max)}…`);
    else expect(r.text).toBe(text);
  });

  it('never splits an emoji', () => {
    expect(truncateText('😀😀😀', 2)).toEqual({ text: '😀😀…', truncated: true });
  });

  it.each([
    ['see https://example.com/a?b=1.', ['see ', { link: 'https://example.com/a?b=1' }, '.']],
    ['www.kehila.app, now', [{ link: 'www.kehila.app', href: 'https://www.kehila.app' }, ', now']],
    ['(http://x.io/wiki/Foo_(bar))', ['(', { link: 'http://x.io/wiki/Foo_(bar)' }, ')']],
    ['no links here', ['no links here']],
    ['קישור: https://example.co.il/דף', ['קישור: ', { link: 'https://example.co.il/דף' }]],
  ] as const)('%s', (text, expected) => {
    const got = splitLinks(text).map((s) =>
      s.kind === 'text' ? s.text : s.href === s.text ? { link: s.text } : { link: s.text, href: s.href },
    );
    expect(got).toEqual(expected);
  });

  it('formats times as HH:mm, with MM/dd on desktop', () => {
    const iso = new Date(2025, 0, 5, 9, 7).toISOString();
    expect(formatMessageTime(iso, false)).toBe('09:07');
    expect(formatMessageTime(iso, true)).toBe('01/05 09:07');
  });
});

describe('standard search term classification (S2 §5)', () => {
  it.each([
    ['id:abc', { kind: 'id', value: 'abc' }],
    ['ID: 3f2a', { kind: 'id', value: '3f2a' }],
    ['3f2a9c1e-77', { kind: 'id', value: '3f2a9c1e-77' }], // longer than 8, no space
    ['abcdefgh', { kind: 'content', value: 'abcdefgh' }], // exactly 8
    ['hiring a designer', { kind: 'content', value: 'hiring a designer' }],
    ['sender:Dana Levi', { kind: 'sender', value: 'Dana Levi' }],
    ['topic: Hiring', { kind: 'topic', value: 'Hiring' }],
    ['   ', null],
    ['id:', null],
  ] as const)('%s → %o', (term, expected) => {
    expect(classifySearchTerm(term)).toEqual(expected);
  });
});

describe('query-parameter precedence (S2 §2.1)', () => {
  it.each([
    [
      { sender: 'Dana', topic: 'Hiring', id: 'x1', search: 'hello' },
      { kind: 'sender', value: 'Dana' },
    ],
    [
      { topic: 'Hiring', id: 'x1', search: 'hello' },
      { kind: 'topic', value: 'Hiring' },
    ],
    [
      { id: 'x1', search: 'hello' },
      { kind: 'id', value: 'x1' },
    ],
    [{ search: 'hello' }, { kind: 'term', value: 'hello' }],
    [{ search: 'sender:Noa Bar' }, { kind: 'sender', value: 'Noa Bar' }],
    [{ search: 'topic:Events' }, { kind: 'topic', value: 'Events' }],
    [{ search: 'id:77aa' }, { kind: 'id', value: '77aa' }],
    [
      { sender: '  ', topic: 'Events' },
      { kind: 'topic', value: 'Events' },
    ],
    [{}, null],
  ] as const)('%o → %o', (params, expected) => {
    expect(navigationFilter(params)).toEqual(expected);
  });

  it.each([
    [{ kind: 'sender', value: 'Dana' }, 'Filtered by sender: Dana'],
    [{ kind: 'topic', value: 'Hiring' }, 'Filtered by topic: Hiring'],
    [{ kind: 'id', value: 'x1' }, 'Searching for message ID: x1'],
    [{ kind: 'term', value: 'hello' }, null],
    [null, null],
  ] as const)('the toast of %o is %s', (filter, toast) => {
    expect(navigationToast(filter)).toBe(toast);
  });
});

describe('date presets (S2 §4)', () => {
  const now = new Date(2025, 2, 15, 14, 30); // 15 March, afternoon

  it.each([
    ['today', new Date(2025, 2, 15), new Date(2025, 2, 16)],
    ['last7Days', new Date(2025, 2, 9), new Date(2025, 2, 16)],
    ['last30Days', new Date(2025, 1, 14), new Date(2025, 2, 16)],
  ] as const)('%s covers local days up to the end of today', (preset, from, to) => {
    expect(datePresetRange(preset, now)).toEqual({ from, to });
  });

  it('all has no dates', () => {
    expect(datePresetRange('all', now)).toEqual({ from: null, to: null });
  });

  it('custom includes the whole end day (up to the next day, exclusive)', () => {
    const r = datePresetRange('custom', now, { start: new Date(2025, 2, 1, 18), end: new Date(2025, 2, 3, 8) });
    expect(r).toEqual({ from: new Date(2025, 2, 1), to: new Date(2025, 2, 4) });
  });

  it('custom with one side set leaves the other open', () => {
    expect(datePresetRange('custom', now, { start: null, end: new Date(2025, 2, 3) })).toEqual({
      from: null,
      to: new Date(2025, 2, 4),
    });
  });

  it.each([
    ['today', new Date(2025, 2, 1), null, 'custom'],
    ['all', null, new Date(2025, 2, 1), 'custom'],
    ['last7Days', null, null, 'last7Days'],
  ] as const)('%s becomes %s when a date is set', (current, start, end, expected) => {
    expect(presetAfterDateChange(current, start, end)).toBe(expected);
  });
});

describe('threads (S2 §2.1, §3)', () => {
  const now = new Date(2025, 5, 10, 15, 0);
  const at = (day: number, hour: number) => new Date(2025, 5, day, hour, 0).toISOString();

  it.each([
    [at(10, 0), 'Today'],
    [at(9, 23), 'Yesterday'],
    [at(9, 0), 'Yesterday'],
    [at(8, 23), 'Earlier'],
  ] as const)('a thread last active at %s is under %s', (iso, group) => {
    expect(threadDateGroup(iso, now)).toBe(group);
  });

  it('groups by topic with last activity, senders, 5 latest, highest urgency and mean sentiment', () => {
    const hiring = Array.from({ length: 7 }, (_, i) =>
      msg({
        msg_id: `h${i}`,
        topic: 'Hiring',
        timestamp: at(10, 8 + i),
        Sender_name: i % 2 ? 'Noa Bar' : 'Dana Levi',
        urgency: i === 2 ? 'high' : 'low',
        sentiment: i < 2 ? null : 0.2 * (i - 2),
        keywords: i % 3 === 0 ? ['react', 'remote'] : ['React', 'salary', `k${i}`],
      }),
    );
    const general = [
      msg({
        msg_id: 'g1',
        topic: null,
        timestamp: at(8, 9),
        Sender_name: null,
        sender_hash: '972527654321@c.us',
        urgency: null,
        sentiment: null,
      }),
    ];
    const threads = buildThreads([...general, ...hiring], now);
    expect(threads.map((t) => ThreadSchema.parse(t))).toHaveLength(2);
    const [first, second] = threads;
    expect(first?.topic).toBe('Hiring');
    expect(first?.lastActivity).toBe(at(10, 14));
    expect(first?.messages.map((m) => m.msg_id)).toEqual(['h6', 'h5', 'h4', 'h3', 'h2']);
    expect(first?.senders).toEqual(['Dana Levi', 'Noa Bar']);
    expect(first?.urgency).toBe('high');
    expect(first?.sentiment).toBeCloseTo((0 + 0.2 + 0.4 + 0.6 + 0.8) / 5);
    expect(first?.dateGroup).toBe('Today');
    expect(first?.messageCount).toBe(7);
    // Up to 3 keywords, the most frequent first (case-insensitive, spelled as in the newest), ties by first appearance.
    expect(first?.keywords).toEqual(['react', 'salary', 'remote']);
    expect(second).toMatchObject({
      topic: null,
      senders: ['+972527654321'],
      urgency: null,
      sentiment: null,
      dateGroup: 'Earlier',
    });
  });

  it('lists date headings Today, Yesterday, Earlier and leaves out empty ones', () => {
    const threads = buildThreads(
      [msg({ msg_id: 'a', topic: 'A', timestamp: at(1, 9) }), msg({ msg_id: 'b', topic: 'B', timestamp: at(10, 9) })],
      now,
    );
    expect(groupThreadsByDate(threads).map((g) => [g.group, g.threads.length])).toEqual([
      ['Today', 1],
      ['Earlier', 1],
    ]);
  });

  it.each([
    [
      { topic: 'Real estate & offices', messages: [msg({ msg_id: 'a' })] },
      '/messages?topic=Real%20estate%20%26%20offices',
    ],
    [
      { topic: null, messages: [msg({ msg_id: 'a', Sender_name: 'יוסי כהן' })] },
      `/messages?sender=${encodeURIComponent('יוסי כהן')}`,
    ],
    [{ topic: null, messages: [msg({ msg_id: 'a', Sender_name: null })] }, '/messages'],
  ])('a thread card leads to %#', (thread, link) => {
    expect(threadLink(thread)).toBe(link);
  });

  it('ranks urgency high > medium > low and averages only scored sentiment', () => {
    expect(highestUrgency(['low', null, 'medium'])).toBe('medium');
    expect(highestUrgency([null])).toBeNull();
    expect(meanSentiment([null, 1, -0.5])).toBeCloseTo(0.25);
    expect(meanSentiment([])).toBeNull();
  });
});

describe('message list (S2 §4)', () => {
  it('groups by topic in order of appearance with message and participant counts', () => {
    const groups = groupMessagesByTopic([
      msg({ msg_id: '1', topic: 'Events', sender_hash: 'a@c.us' }),
      msg({ msg_id: '2', topic: null, sender_hash: 'a@c.us' }),
      msg({ msg_id: '3', topic: 'Events', sender_hash: 'b@c.us' }),
      msg({ msg_id: '4', topic: 'Events', sender_hash: 'a@c.us' }),
    ]);
    expect(groups.map((g) => [g.label, g.messages.length, g.participantCount])).toEqual([
      ['Events', 3, 2],
      ['General', 1, 1],
    ]);
  });

  it('clicking the active urgency clears it', () => {
    expect(toggleUrgency(null, 'high')).toBe('high');
    expect(toggleUrgency('high', 'high')).toBeNull();
    expect(toggleUrgency('high', 'low')).toBe('low');
  });

  const live = msg({
    msg_id: '3f2a9c1e-0000-4000-8000-000000000001',
    content: 'Looking for a React developer',
    topic: 'Hiring',
    urgency: 'medium',
    Sender_name: 'Noa Bar',
    sender_hash: '972544812230@c.us',
    timestamp: new Date(2025, 5, 10, 12).toISOString(),
  });
  it.each([
    [{}, true],
    [{ topic: 'hiring' }, true],
    [{ topic: 'Events' }, false],
    [{ urgency: 'medium' }, true],
    [{ urgency: 'high' }, false],
    [{ sender: 'noa bar' }, true],
    [{ sender: '972544812230@c.us' }, true],
    [{ sender: 'Dana Levi' }, false],
    [{ from: new Date(2025, 5, 10).toISOString(), to: new Date(2025, 5, 11).toISOString() }, true],
    [{ to: new Date(2025, 5, 10, 12).toISOString() }, false], // the end is exclusive
    [{ q: 'react' }, true],
    [{ q: 'angular' }, false],
    [{ q: 'id:3f2a9c1e' }, true],
    [{ q: 'sender:Noa Bar' }, true],
    [{ q: 'topic:Events' }, false],
  ] as const)('a live message with filters %o matches: %s', (filters, matches) => {
    expect(messageMatchesFilters(live, filters)).toBe(matches);
  });

  it('adds a live insert at the top for newest-first, at the end for oldest-first, once', () => {
    const a = msg({ msg_id: 'a', timestamp: new Date(2025, 5, 10, 9).toISOString() });
    const b = msg({ msg_id: 'b', timestamp: new Date(2025, 5, 10, 10).toISOString() });
    expect(applyLiveInsert([a], b, 'desc').map((m) => m.msg_id)).toEqual(['b', 'a']);
    expect(applyLiveInsert([a], b, 'asc').map((m) => m.msg_id)).toEqual(['a', 'b']);
    expect(applyLiveInsert([b, a], b, 'desc').map((m) => m.msg_id)).toEqual(['b', 'a']);
  });

  it('puts a late message with an older time at its place in time order', () => {
    const at = (h: number, id: string) => msg({ msg_id: id, timestamp: new Date(2025, 5, 10, h).toISOString() });
    const list = [at(12, 'n'), at(10, 'm'), at(8, 'o')];
    expect(applyLiveInsert(list, at(9, 'late'), 'desc').map((m) => m.msg_id)).toEqual(['n', 'm', 'late', 'o']);
    expect(applyLiveInsert([...list].reverse(), at(9, 'late'), 'asc').map((m) => m.msg_id)).toEqual([
      'o',
      'late',
      'm',
      'n',
    ]);
    expect(sortedInsertIndex(list, at(7, 'oldest'), 'desc')).toBeNull();
  });

  it('replaces an update, or removes it when it no longer matches; removes a delete', () => {
    const a = msg({ msg_id: 'a', content: 'old' });
    const b = msg({ msg_id: 'b' });
    const a2 = msg({ msg_id: 'a', content: 'new' });
    expect(applyLiveUpdate([a, b], a2, true).map((m) => m.content)).toEqual(['new', 'hello']);
    expect(applyLiveUpdate([a, b], a2, false).map((m) => m.msg_id)).toEqual(['b']);
    expect(applyLiveDelete([a, b], 'b').map((m) => m.msg_id)).toEqual(['a']);
  });
});
