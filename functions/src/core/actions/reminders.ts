import {
  isReminderDue,
  normalizeAssignee,
  toWhatsAppId,
  type Action,
  type Member,
  type ProcessRemindersResult,
} from '@kehila/shared';
import { claimReminder, listActionsOfUser, releaseReminder } from '../../data/actions';
import { listAllMembers } from '../../data/memberships';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { logger } from '../logger';

/** A name as people write it in an assignee: lower case, `_`, `.` and `-` read as spaces. */
function nameKey(value: string): string {
  return value.toLowerCase().replace(/[_.-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The ways an assignee may name a member: full name, first name, the e-mail's local part. */
function memberNames(m: Member): string[] {
  const full = [m.first_name, m.last_name].filter(Boolean).join(' ');
  return [full, m.first_name ?? '', m.email?.split('@')[0] ?? ''].map(nameKey).filter(Boolean);
}

/** The member's WhatsApp chat id, or null without a valid phone. */
function chatOf(m: Member | undefined): string | null {
  if (!m?.phone || !m.country_code) return null;
  return toWhatsAppId(m.country_code, m.phone);
}

/**
 * Who receives an action's reminder: the assignee when the assignee names exactly one member of the
 * community with a valid phone; else the action's owner (the caller) when they have one; else the
 * first admin (oldest membership) who has one. Null when nobody is reachable.
 */
export function reminderRecipient(action: Action, owner: Member | undefined, members: readonly Member[]): string | null {
  const assignee = normalizeAssignee(action.assigned_to);
  if (assignee) {
    const key = nameKey(assignee);
    const named = members.filter((m) => m.status === 'active' && memberNames(m).includes(key));
    const chat = named.length === 1 ? chatOf(named[0]) : null;
    if (chat) return chat;
  }
  const own = chatOf(owner);
  if (own) return own;
  const admins = members
    .filter((m) => m.role === 'Admin' && m.status === 'active')
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const admin of admins) {
    const chat = chatOf(admin);
    if (chat) return chat;
  }
  return null;
}

/** The reminder as it reads in WhatsApp (*bold* is WhatsApp's). */
export function reminderText(action: Action, communityName: string | null): string {
  const due = action.due_date ? `Due: ${action.due_date.slice(0, 16).replace('T', ' ')} UTC` : 'No due date';
  return [
    `*Reminder*${communityName ? ` (${communityName})` : ''}: ${action.title}`,
    `${due} · Priority: ${action.priority}`,
    ...(action.assigned_to ? [`Assigned to: ${action.assigned_to}`] : []),
  ].join('\n');
}

/**
 * Process Reminders (S2 §2.3, §7.3): every pending action of the caller in the community whose
 * reminder is due gets one WhatsApp reminder. Each is claimed first (a conditional write of
 * `reminded_at`), so two calls never send one reminder twice; a send the gateway refuses is
 * released again and stays due for the next call.
 */
export async function processReminders(
  deps: Pick<Deps, 'db' | 'now' | 'whatsapp'>,
  communityId: string,
  communityName: string | null,
  user: AuthUser,
): Promise<ProcessRemindersResult> {
  const now = deps.now();
  const due = (await listActionsOfUser(deps.db, communityId, user.id, 'pending')).filter((a) => isReminderDue(a, now));
  const result = { processed: 0, unreachable: 0, failed: 0 };
  if (due.length === 0) return result;
  const members = await listAllMembers(deps.db, communityId);
  const owner = members.find((m) => m.auth_id === user.id || m.id === user.id);

  for (const action of due) {
    const to = reminderRecipient(action, owner, members);
    if (!to) {
      result.unreachable += 1;
      continue;
    }
    const sentAt = now.toISOString();
    if (!(await claimReminder(deps.db, communityId, user.id, action, sentAt))) continue;
    try {
      await deps.whatsapp.send({ communityId, groupId: to, text: reminderText(action, communityName) });
      result.processed += 1;
    } catch (err) {
      result.failed += 1;
      logger.warn('reminder not sent', { communityId, actionId: action.action_id, error: err as Error });
      await releaseReminder(deps.db, communityId, action, sentAt).catch(() => undefined);
    }
  }
  return result;
}
