import { describe, expect, it } from 'vitest';
import { isReminderDue, type Member } from '@kehila/shared';
import { reminderRecipient, reminderText } from '@kehila/functions/core/actions/reminders';
import { blankMember } from '@kehila/functions/core/communities/records';
import { actionOf } from '../../../../fixtures/actions';

const now = new Date('2026-11-25T12:00:00.000Z');
const member = (over: Partial<Member> & { userId: string; role?: Member['role'] }): Member =>
  blankMember({ communityId: 'c1', role: 'Member', now: new Date('2026-01-01T00:00:00Z'), ...over });

describe('isReminderDue', () => {
  it('is due once the due date has passed and no reminder was sent', () => {
    expect(isReminderDue(actionOf({ due_date: '2026-11-25T11:00:00.000Z' }), now)).toBe(true);
    expect(isReminderDue(actionOf({ due_date: '2026-11-25T13:00:00.000Z' }), now)).toBe(false);
    expect(isReminderDue(actionOf({ due_date: null }), now)).toBe(false);
  });

  it('reads the snoozed reminder time before the due date', () => {
    const snoozed = actionOf({ due_date: '2026-11-24T00:00:00.000Z', reminder_ts: '2026-11-26T00:00:00.000Z' });
    expect(isReminderDue(snoozed, now)).toBe(false);
  });

  it('is not due for a done action, nor again after its reminder was sent', () => {
    expect(isReminderDue(actionOf({ due_date: '2026-11-25T11:00:00.000Z', status: 'done' }), now)).toBe(false);
    const reminded = actionOf({ due_date: '2026-11-25T11:00:00.000Z', reminded_at: '2026-11-25T11:30:00.000Z' });
    expect(isReminderDue(reminded, now)).toBe(false);
  });

  it('is due again when a snooze set a reminder time after the last reminder', () => {
    const a = actionOf({
      due_date: '2026-11-25T11:50:00.000Z',
      reminder_ts: '2026-11-25T11:50:00.000Z',
      reminded_at: '2026-11-24T11:00:00.000Z',
    });
    expect(isReminderDue(a, now)).toBe(true);
  });
});

describe('reminderRecipient', () => {
  const owner = member({ userId: 'u1', first_name: 'Dana', phone: '0501110001' });
  const noa = member({ userId: 'u2', first_name: 'Noa', last_name: 'Cohen', phone: '0501110002' });
  const admin = member({ userId: 'u3', role: 'Admin', first_name: 'Avi', phone: '0501110003' });

  it('sends to the assignee named by full name, first name or e-mail handle', () => {
    const members = [owner, noa, admin];
    for (const name of ['@noa_cohen', 'Noa Cohen', '@noa']) {
      expect(reminderRecipient(actionOf({ assigned_to: name }), owner, members)).toBe('972501110002@c.us');
    }
  });

  it('falls back to the owner when the assignee is unknown, ambiguous or has no phone', () => {
    const noa2 = member({ userId: 'u4', first_name: 'Noa', phone: '0501110004' });
    expect(reminderRecipient(actionOf({ assigned_to: '@noa' }), owner, [owner, noa, noa2])).toBe('972501110001@c.us');
    expect(reminderRecipient(actionOf({ assigned_to: '@someone' }), owner, [owner, noa])).toBe('972501110001@c.us');
  });

  it('falls back to an admin, and to nobody when no one has a phone', () => {
    const phoneless = member({ userId: 'u5' });
    expect(reminderRecipient(actionOf(), phoneless, [phoneless, admin])).toBe('972501110003@c.us');
    expect(reminderRecipient(actionOf(), phoneless, [phoneless])).toBeNull();
  });
});

describe('reminderText', () => {
  it('names the community, the title, the due date, the priority and the assignee', () => {
    const text = reminderText(
      actionOf({ title: 'Call the venue', due_date: '2026-11-25T09:30:00.000Z', priority: 'high', assigned_to: '@noa' }),
      'Founders',
    );
    expect(text).toBe('*Reminder* (Founders): Call the venue\nDue: 2026-11-25 09:30 UTC · Priority: high\nAssigned to: @noa');
  });
});
