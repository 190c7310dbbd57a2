import * as z from 'zod';
import { WHATSAPP_GROUP_SUFFIX } from '../constants';

/** Messages of group id entry (S1 §5, S2 §5). */
export const GROUP_ID_MESSAGES = {
  empty: 'Please enter a valid Group ID',
  suffix: 'Group ID must end with @g.us',
  adminsOnly: 'Only group admins can connect their groups',
} as const;

/** WhatsApp group ids are ~30 characters; anything past this is not one (and must not become a table key). */
export const GROUP_ID_MAX_LENGTH = 100;

/** Result of checking a group id: the trimmed id to send, or the message to show. */
export type GroupIdCheck = { valid: true; groupId: string } | { valid: false; error: string };

/**
 * Group id check for add-community and connect (S1 §5): trimmed; empty → 'Please enter a valid
 * Group ID'; without '@g.us' → 'Group ID must end with @g.us' (the spec tests containment).
 */
export function checkGroupId(value: string | null | undefined): GroupIdCheck {
  const groupId = (value ?? '').trim();
  if (!groupId) return { valid: false, error: GROUP_ID_MESSAGES.empty };
  if (!groupId.includes(WHATSAPP_GROUP_SUFFIX)) return { valid: false, error: GROUP_ID_MESSAGES.suffix };
  return { valid: true, groupId };
}

/** The same rule as a zod field, for request bodies and forms: outputs the trimmed id. */
export const GroupIdSchema = z
  .string({ error: GROUP_ID_MESSAGES.empty })
  .trim()
  .min(1, { error: GROUP_ID_MESSAGES.empty, abort: true })
  .max(GROUP_ID_MAX_LENGTH, { error: GROUP_ID_MESSAGES.empty, abort: true })
  .refine((v) => v.includes(WHATSAPP_GROUP_SUFFIX), GROUP_ID_MESSAGES.suffix);
