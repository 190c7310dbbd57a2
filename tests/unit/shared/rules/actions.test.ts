import { describe, expect, it } from 'vitest';
import { actionOf } from '../../../fixtures/actions';
import {
  ACTION_SORT_KEYS,
  ActionFormSchema,
  actionMessageReference,
  actionSubject,
  actionTableStatus,
  upcomingActionBadge,
  composeActionDetails,
  countActions,
  detailsFromHtml,
  isDueSoon,
  isOverdue,
  snoozedUntil,
  sortActions,
  withDetailsHeadings,
  type Action,
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

describe('the Actions screen rules (S2 §2.3, §4, §9)', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
  const action = (over: Partial<Action>): Action => actionOf({ title: 'T', ...over });

  it('derives Due Soon up to two days ahead and Overdue before now, for pending actions only', () => {
    expect(isDueSoon(action({ due_date: hours(48) }), now)).toBe(true);
    expect(isDueSoon(action({ due_date: hours(49) }), now)).toBe(false);
    expect(isDueSoon(action({ due_date: hours(-1) }), now)).toBe(true);
    expect(isDueSoon(action({ due_date: hours(1), status: 'done' }), now)).toBe(false);
    expect(isDueSoon(action({}), now)).toBe(false);
    expect(isOverdue(action({ due_date: hours(-1) }), now)).toBe(true);
    expect(isOverdue(action({ due_date: hours(1) }), now)).toBe(false);
    expect(isOverdue(action({ due_date: hours(-1), status: 'done' }), now)).toBe(false);
  });

  it('counts every tab', () => {
    const list = [
      action({ due_date: hours(-1) }),
      action({ due_date: hours(100) }),
      action({}),
      action({ status: 'done', due_date: hours(1) }),
    ];
    expect(countActions(list, now)).toEqual({ pending: 3, due_soon: 1, completed: 1, all: 4 });
  });

  it('sorts by each option, undated last, ties newest first', () => {
    const a = action({ action_id: 'a', due_date: hours(5), priority: 'low', created_at: '2026-03-01T00:00:00.000Z' });
    const b = action({ action_id: 'b', due_date: hours(1), priority: 'high', created_at: '2026-03-02T00:00:00.000Z' });
    const c = action({ action_id: 'c', due_date: null, priority: 'medium', created_at: '2026-03-03T00:00:00.000Z' });
    const ids = (l: Action[]) => l.map((x) => x.action_id);
    expect(ids(sortActions([a, b, c], 'due_date:asc'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortActions([a, b, c], 'due_date:desc'))).toEqual(['a', 'b', 'c']);
    expect(ids(sortActions([a, b, c], 'priority:desc'))).toEqual(['b', 'c', 'a']);
    expect(ids(sortActions([a, b, c], 'priority:asc'))).toEqual(['a', 'c', 'b']);
    expect(ids(sortActions([a, b, c], 'created_at:desc'))).toEqual(['c', 'b', 'a']);
    expect(ACTION_SORT_KEYS).toEqual([
      'due_date:asc',
      'due_date:desc',
      'priority:desc',
      'priority:asc',
      'created_at:desc',
    ]);
  });

  it('snoozes to one day from now', () => {
    expect(snoozedUntil(now)).toBe('2026-03-11T12:00:00.000Z');
  });

  it('labels the table status: Completed, No Due Date, Overdue, Due Today, otherwise Pending', () => {
    const local = new Date(2026, 2, 10, 9, 0, 0);
    const sameDayLater = new Date(2026, 2, 10, 20, 0, 0).toISOString();
    expect(actionTableStatus(action({ status: 'done', due_date: hours(-5) }), local)).toBe('Completed');
    expect(actionTableStatus(action({}), local)).toBe('No Due Date');
    expect(actionTableStatus(action({ due_date: new Date(2026, 2, 9).toISOString() }), local)).toBe('Overdue');
    expect(actionTableStatus(action({ due_date: sameDayLater }), local)).toBe('Due Today');
    expect(actionTableStatus(action({ due_date: new Date(2026, 2, 12).toISOString() }), local)).toBe('Pending');
  });

  it('badges the upcoming widget: No due date, Overdue, Due Today, Due Tomorrow, Due Soon within 3 days, else the date', () => {
    const local = new Date(2026, 2, 10, 9, 0, 0);
    const at = (day: number, hour: number) => action({ due_date: new Date(2026, 2, day, hour, 0, 0).toISOString() });
    expect(upcomingActionBadge(action({}), local)).toBe('no_due_date');
    expect(upcomingActionBadge(at(10, 8), local)).toBe('overdue');
    expect(upcomingActionBadge(at(10, 23), local)).toBe('due_today');
    expect(upcomingActionBadge(at(11, 0), local)).toBe('due_tomorrow');
    expect(upcomingActionBadge(at(11, 23), local)).toBe('due_tomorrow');
    expect(upcomingActionBadge(at(13, 9), local)).toBe('due_soon');
    expect(upcomingActionBadge(at(13, 10), local)).toBe('date');
  });

  it('takes the subject from a bracketed segment of the title, else General', () => {
    expect(actionSubject('[Hiring] Call Dana')).toBe('Hiring');
    expect(actionSubject('Call Dana [urgent] [x]')).toBe('urgent');
    expect(actionSubject('Call Dana')).toBe('General');
    expect(actionSubject('[ ] empty')).toBe('General');
  });

  it('finds the referenced message in message_refs, else in a Reference line', () => {
    expect(actionMessageReference(action({ message_refs: ['m-1'], details: 'Reference: m-2' }))).toBe('m-1');
    expect(actionMessageReference(action({ details: 'Hi\nReference: abc-123\nTopic: x' }))).toBe('abc-123');
    expect(actionMessageReference(action({ details: 'No reference here' }))).toBeNull();
  });

  it('rewrites typed Evidence: and Assigned to: lines as ### headings', () => {
    expect(withDetailsHeadings('Do it\nEvidence: she asked\nassigned to: @dana')).toBe(
      'Do it\n### Evidence: she asked\n### Assigned to: @dana',
    );
    expect(withDetailsHeadings('### Evidence:\nx')).toBe('### Evidence:\nx');
  });

  it('strips HTML from details into the ### heading and @mention form', () => {
    expect(
      detailsFromHtml(
        '<p>Call the <b>accountant</b></p><p>Evidence: asked &amp; answered</p><p>Assigned to: <a href="/u/dana">dana</a></p>',
      ),
    ).toBe('Call the accountant\n### Evidence: asked & answered\n### Assigned to: @dana');
    expect(detailsFromHtml('plain text')).toBe('plain text');
  });
});
