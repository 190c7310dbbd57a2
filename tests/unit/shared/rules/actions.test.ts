import { describe, expect, it } from 'vitest';
import {
  ActionFormSchema,
  composeActionDetails,
  createActionDefaults,
  defaultActionDetails,
  defaultActionDueDate,
  defaultActionTitle,
  normalizeAssignee,
  parseGeneratedActionDetails,
} from '@kehila/shared';

const base = {
  msg_id: '3f2a9c1e-0000-4000-8000-000000000001',
  content: 'Can someone recommend a good accountant for a small startup in Tel Aviv? Need one by next week.',
  Sender_name: 'Noa Bar',
  topic: 'Suppliers',
  action_items: [] as string[],
};

describe('Create Action defaults (S2 §5)', () => {
  it.each([
    [{ content: base.content, action_items: [] }, 'Can someone recommend a good accountant for a smal'],
    [{ content: 'Short one', action_items: [] }, 'Short one'],
    [{ content: base.content, action_items: ['Find an accountant', 'Ask Dana'] }, 'Find an accountant'],
    [{ content: null, action_items: [] }, ''],
    [{ content: 'שלום '.repeat(20), action_items: [] }, 'שלום '.repeat(10).trim()],
  ])('title of %o is %s', (m, title) => {
    expect(defaultActionTitle(m)).toBe(title);
  });

  it('prefills details with the content, Sender:, Topic: and Reference: lines', () => {
    expect(defaultActionDetails(base)).toBe(
      `${base.content}\n\nSender: Noa Bar\nTopic: Suppliers\nReference: 3f2a9c1e-0000-4000-8000-000000000001`,
    );
  });

  it("writes 'N/A' for a missing sender or topic", () => {
    const details = defaultActionDetails({ ...base, Sender_name: null, topic: '  ' });
    expect(details).toContain('Sender: N/A\nTopic: N/A');
  });

  it('lists the action items after the first (the title) in the details', () => {
    const details = defaultActionDetails({
      ...base,
      action_items: ['Find an accountant', 'Ask Dana', 'Compare prices'],
    });
    expect(details).toMatch(/Other action items:\n- Ask Dana\n- Compare prices$/);
    expect(details).not.toContain('- Find an accountant');
  });

  it('is due 24 hours from now with priority medium and the message referenced', () => {
    const now = new Date('2025-06-10T09:30:00.000Z');
    expect(defaultActionDueDate(now)).toBe('2025-06-11T09:30:00.000Z');
    const d = createActionDefaults(base, now);
    expect(d).toMatchObject({
      due_date: '2025-06-11T09:30:00.000Z',
      priority: 'medium',
      assigned_to: '',
      evidence: '',
      message_refs: [base.msg_id],
    });
    // The defaults make a valid form as they are.
    expect(ActionFormSchema.safeParse(d).success).toBe(true);
  });
});

describe('assignee and sections (S2 §5, §7.2)', () => {
  it.each([
    ['@dana', 'dana'],
    ['  @@noa.bar ', 'noa.bar'],
    ['yossi', 'yossi'],
    ['@', null],
    ['', null],
    [null, null],
  ])('%s → %s', (typed, name) => {
    expect(normalizeAssignee(typed)).toBe(name);
  });

  it.each([
    ['Call the accountant', 'quote', 'dana', 'Call the accountant\n\n### Evidence:\nquote\n\n### Assigned to: @dana'],
    ['Call the accountant', null, '@dana', 'Call the accountant\n\n### Assigned to: @dana'],
    ['Call', 'quote', null, 'Call\n\n### Evidence:\nquote'],
    ['', null, null, null],
    ['Call\n\n### Evidence:\nalready', 'quote', 'dana', 'Call\n\n### Evidence:\nalready\n\n### Assigned to: @dana'],
  ])('composes %j + evidence %j + assignee %j', (details, evidence, assignee, out) => {
    expect(composeActionDetails(details, evidence, assignee)).toBe(out);
  });

  it.each([
    [
      'Book a venue for the meetup\n\nEvidence: "who can host 40 people?"\nAssigned to: @shira',
      { details: 'Book a venue for the meetup', evidence: '"who can host 40 people?"', assignee: 'shira' },
    ],
    [
      'Follow up\n### Evidence:\nline one\nline two\n### Assigned to: @yossi',
      { details: 'Follow up', evidence: 'line one\nline two', assignee: 'yossi' },
    ],
    ['**Evidence:** quoted\n**Assigned to:** Noa', { details: '', evidence: 'quoted', assignee: 'Noa' }],
    ['Evidence shows we need a lawyer', { details: 'Evidence shows we need a lawyer', evidence: '', assignee: null }],
    ['Just details', { details: 'Just details', evidence: '', assignee: null }],
  ])('splits AI details %#', (text, parts) => {
    expect(parseGeneratedActionDetails(text)).toEqual(parts);
  });

  it('round-trips: composed details parse back into their parts', () => {
    const composed = composeActionDetails('Do it', 'because', 'dana') ?? '';
    expect(parseGeneratedActionDetails(composed)).toEqual({ details: 'Do it', evidence: 'because', assignee: 'dana' });
  });
});
