import { describe, expect, it } from 'vitest';
import { SUMMARY_SECTIONS, SuggestedActionSchema, type Message } from '@kehila/shared';
import { findAssignee, generateActionLocal, suggestActionsLocal } from '@kehila/functions/adapters/ai/local/actions';
import { summarizeLocal } from '@kehila/functions/adapters/ai/local/summary';
import type { AiCommunityContext } from '@kehila/functions/core/ports/ai';

let n = 0;
const message = (content: string, over: Partial<Message> = {}): Message => ({
  msg_id: `m-${++n}`,
  group_id: '120363041234567890@g.us',
  content,
  timestamp: new Date(Date.parse('2025-03-02T08:00:00.000Z') + n * 60_000).toISOString(),
  Sender_name: 'Avi',
  sender_hash: '972501234567@c.us',
  topic: null,
  keywords: [],
  urgency: null,
  sentiment: null,
  action_items: [],
  emotion: null,
  intent: null,
  cluster_id: null,
  toxicity: null,
  ...over,
});

const community = (over: Partial<AiCommunityContext> = {}): AiCommunityContext => ({
  communityId: 'c1',
  name: 'Founders TLV',
  group_description: 'Startup founders in Tel Aviv',
  group_goals: 'Help members hire and raise',
  admin_name: 'Ronit',
  group_language: 'English',
  ...over,
});

describe('generateAction (S2 §5 conventions)', () => {
  it('titles a message without tasks with its first 50 characters and fills Sender and Topic', () => {
    const content = 'The community website has been slow all week and members keep asking about it';
    const out = generateActionLocal({ message_content: content, Sender_name: 'Noa', topic: 'Technology' });
    expect(out.title).toBe(content.slice(0, 50).trim());
    expect(out.title.length).toBeLessThanOrEqual(50);
    expect(out.details.split('\n')).toEqual([content, '', 'Sender: Noa', 'Topic: Technology']);
  });

  it("writes 'N/A' for a missing sender and topic", () => {
    const out = generateActionLocal({ message_content: 'hello', Sender_name: null, topic: null });
    expect(out.details).toContain('Sender: N/A\nTopic: N/A');
  });

  it('titles with the first action item, lists the others, quotes the evidence and names the assignee', () => {
    const out = generateActionLocal({
      message_content: "Dana, please send the updated budget by Friday. Also don't forget to book the room for Sunday",
      Sender_name: 'Avi',
      topic: null,
    });
    expect(out.title).toBe('Please send the updated budget by Friday.');
    expect(out.details).toContain("Other action items:\n- Also don't forget to book the room for Sunday");
    expect(out.details).toContain('### Evidence:\n"Dana, please send the updated budget by Friday."');
    expect(out.details).toMatch(/### Assigned to: @Dana$/);
  });

  it('keeps a Hebrew task in Hebrew and cuts a long title at a word', () => {
    const out = generateActionLocal({
      message_content: 'חברים, נא לשלוח את הטפסים החתומים של ההורים עד יום חמישי בבוקר לכתובת של הוועד',
      Sender_name: 'רונית',
      topic: 'Announcements',
    });
    expect(out.title.length).toBeLessThanOrEqual(50);
    expect(out.title.startsWith('חברים, נא לשלוח')).toBe(true);
    expect(out.details).toContain('### Evidence:');
    expect(out.details).not.toContain('### Assigned to:');
  });

  it.each([
    ['@Dana please send the deck', 'Dana'],
    ['Dana, please send the deck by Friday', 'Dana'],
    ['This one is assigned to Yossi Cohen', 'Yossi Cohen'],
    ['דנה, תשלחי בבקשה את המצגת עד מחר', 'דנה'],
    ['באחריות: יוסי', 'יוסי'],
    ['Hi everyone, please send the deck', null],
    ['חברים, נא לשלוח את הטפסים', null],
  ])('finds the assignee of "%s"', (text, who) => {
    expect(findAssignee(text)).toBe(who);
  });
});

describe('suggestActions', () => {
  it('suggests tasks from action items and unanswered requests, most urgent first, within the schema', () => {
    const msgs = [
      message('Good morning all!', { Sender_name: 'Noa' }),
      message('Can anyone recommend a good accountant for a small business?', { Sender_name: 'Avi' }),
      message('URGENT: please send the signed contract to the lawyer today', { Sender_name: 'Dana' }),
      message('This is the third time the elevator is broken. Unacceptable', { Sender_name: 'Eli' }),
    ];
    const out = suggestActionsLocal(msgs);
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const a of out) {
      expect(SuggestedActionSchema.parse(a)).toEqual(a);
      expect(a.title.length).toBeLessThanOrEqual(50);
    }
    expect(out[0]).toMatchObject({ priority: 'high', title: 'URGENT: please send the signed contract to the' });
    expect(out[0]!.details).toContain(`Reference: ${msgs[2]!.msg_id}`);
    expect(out[0]!.details).toContain('Sender: Dana');
    expect(out.some((a) => a.title.startsWith('Reply to Avi:'))).toBe(true);
    expect(out.some((a) => a.title.startsWith('Address complaint:'))).toBe(true);
  });

  it('does not suggest replying to a question someone already answered', () => {
    const q = message('Can anyone recommend a plumber in Haifa?', {
      Sender_name: 'Avi',
      topic: 'Recommendations & Suppliers',
      keywords: ['plumber'],
    });
    const a = message('We used Moshe the plumber, great guy 050-1234567', {
      Sender_name: 'Noa',
      topic: 'Recommendations & Suppliers',
      keywords: ['plumber'],
    });
    expect(suggestActionsLocal([q, a]).filter((s) => s.title.startsWith('Reply to'))).toEqual([]);
  });

  it('merges near-duplicate tasks', () => {
    const out = suggestActionsLocal([
      message('Please send the budget by Friday'),
      message('Please send the budget by Friday!'),
    ]);
    expect(out).toHaveLength(1);
  });
});

describe('summary (S2 §4)', () => {
  const english = [
    message("We're hiring a backend developer, send your CV to Dana", { Sender_name: 'Dana' }),
    message('Can anyone recommend a good accountant?', { Sender_name: 'Avi' }),
    message('Please RSVP by Wednesday for the meetup on Thursday at 19:00', { Sender_name: 'Ronit' }),
    message('URGENT: the community website is down', { Sender_name: 'Noa' }),
    message('Thanks everyone, great meetup!', { Sender_name: 'Eli' }),
  ];

  it('has the four sections in order, personalised with the admin, the description and the goals', () => {
    const text = summarizeLocal({ messages: english, community: community(), lastSummary: null }).text;
    const headings = text.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual(SUMMARY_SECTIONS.map((s) => `## ${s}`));
    expect(text).toContain('Hi Ronit,');
    expect(text).toContain('Startup founders in Tel Aviv');
    expect(text).toContain('Help members hire and raise');
    expect(text).toContain('- Messages: 5');
    expect(text).toContain('- Active members: 5');
    expect(text).toMatch(/URGENT: the community website is down/);
  });

  it('writes in Hebrew for a Hebrew community, headings starting with the English section name', () => {
    const hebrew = [
      message('דרוש מפתח בקאנד לחברה שלנו, קו"ח לדנה', { Sender_name: 'דנה' }),
      message('נא לאשר הגעה למפגש עד יום רביעי', { Sender_name: 'רונית' }),
    ];
    const text = summarizeLocal({
      messages: hebrew,
      community: community({ group_language: 'Hebrew', admin_name: 'רונית' }),
      lastSummary: null,
    }).text;
    expect(text.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Key Topics — נושאים מרכזיים',
      '## Action Items — משימות',
      '## Recommended Actions — פעולות מומלצות',
      '## Quick Stats — נתונים בקצרה',
    ]);
    expect(text).toContain('היי רונית,');
    expect(text).toContain('- הודעות: 2');
  });

  it('follows the messages when the community language is Mixed', () => {
    const text = summarizeLocal({
      messages: [message('שלום לכולם, מה שלומכם?'), message('מישהו מכיר רואה חשבון?')],
      community: community({ group_language: 'Mixed' }),
      lastSummary: null,
    }).text;
    expect(text).toContain('נושאים מרכזיים');
  });

  it('marks topics the previous summary did not mention as new', () => {
    const text = summarizeLocal({
      messages: english,
      community: community(),
      lastSummary: '## Key Topics\n- **Hiring & Jobs**: 3 messages',
    }).text;
    expect(text).toMatch(/\*\*Hiring & Jobs\*\*:/);
    expect(text).toMatch(/\*\*Recommendations & Suppliers\*\* \(new\)/);
  });

  it('still has every section when there were no messages', () => {
    const text = summarizeLocal({ messages: [], community: community(), lastSummary: null }).text;
    for (const s of SUMMARY_SECTIONS) expect(text).toContain(`## ${s}`);
    expect(text).toContain('There were no new messages in this period.');
  });

  it('cites, in every item but a period-wide stat, only messages it was given', () => {
    const draft = summarizeLocal({ messages: english, community: community(), lastSummary: null });
    const ids = new Set(english.map((m) => m.msg_id));
    const { quick_stats, overview: _overview, ...cited } = draft.sections;
    const items = Object.values(cited).flat();
    expect(items.length).toBeGreaterThan(3);
    for (const item of items) {
      expect(item.message_ids.length).toBeGreaterThan(0);
      for (const id of item.message_ids) expect(ids).toContain(id);
    }
    for (const stat of quick_stats) for (const id of stat.message_ids) expect(ids).toContain(id);
  });

  it('cites the message an action item was found in', () => {
    const draft = summarizeLocal({ messages: english, community: community(), lastSummary: null });
    const rsvp = draft.sections.action_items.find((i) => i.text.includes('RSVP'));
    const source = english.find((m) => m.content?.includes('RSVP'))!;
    expect(rsvp?.message_ids).toEqual([source.msg_id]);
  });

  it('cites the urgent message in the urgent recommendation and the urgency stat', () => {
    const draft = summarizeLocal({ messages: english, community: community(), lastSummary: null });
    const urgent = english.find((m) => m.content?.startsWith('URGENT'))!;
    expect(draft.sections.recommended_actions.find((r) => r.text.startsWith('Handle'))?.message_ids).toEqual([
      urgent.msg_id,
    ]);
    expect(draft.sections.quick_stats.find((s) => s.text.startsWith('High urgency'))?.message_ids).toEqual([
      urgent.msg_id,
    ]);
  });
});
