import * as z from 'zod';
import {
  SNOOZE_PENDING_ONLY,
  composeActionDetails,
  countActions,
  inActionTab,
  snoozedUntil,
  sortActions,
  type Action,
  type ActionChange,
  type ActionPage,
  type ActionSortKey,
  type ActionTab,
  type BulkActionChange,
} from '@kehila/shared';
import {
  deleteActionOfUser,
  getAction,
  getActionsByIds,
  listActionsOfUser,
  replaceActionOfUser,
} from '../../data/actions';
import type { AuthUser } from '../authz';
import { decodeCursor, encodeCursor } from '../cursor';
import type { Deps } from '../deps';
import { fail } from '../errors';

/** What a caller is told about an action that is not theirs, or does not exist: the same. */
export const ACTION_NOT_FOUND = 'Action not found';
/** A change that met another change of the same action (read, then written after someone else). */
export const ACTION_CHANGED = 'The action changed meanwhile. Please try again.';

/** The list request after contract parsing (routes.listActions query). */
export interface ActionListRequest {
  readonly tab: ActionTab;
  readonly priority: 'all' | Action['priority'];
  readonly sort: ActionSortKey;
  readonly limit: number;
  readonly cursor?: string | undefined;
}

// The position in the sorted list. The list is one person's own tasks, so it is read whole, sorted
// and cut; the cursor is bound to the filters it was made for.
const pageCursor = z.object({
  v: z.literal(1),
  o: z.number().int().min(0).max(1_000_000),
  f: z.string().max(100),
});

/**
 * A page of the caller's actions in the community (S2 §2.3, §7.3): one tab, optionally one priority,
 * sorted; with the count badge of every tab (counts ignore the priority filter).
 */
export async function listActions(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  req: ActionListRequest,
): Promise<ActionPage> {
  const now = deps.now();
  const filters = `${req.tab}|${req.priority}|${req.sort}`;
  const offset = req.cursor ? decodeCursor(req.cursor, pageCursor) : null;
  if (offset && offset.f !== filters) throw fail.badRequest('Invalid cursor');

  const all = await listActionsOfUser(deps.db, communityId, user.id);
  const inTab = all.filter(
    (a) => inActionTab(a, req.tab, now) && (req.priority === 'all' || a.priority === req.priority),
  );
  const sorted = sortActions(inTab, req.sort);
  const start = offset?.o ?? 0;
  const end = start + req.limit;
  return {
    items: sorted.slice(start, end),
    nextCursor: end < sorted.length ? encodeCursor({ v: 1, o: end, f: filters }) : null,
    counts: countActions(all, now),
  };
}

/** One of the caller's actions; anyone else's is not found. */
export async function getOwnAction(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  user: AuthUser,
  actionId: string,
): Promise<Action> {
  const action = await getAction(deps.db, communityId, actionId);
  if (!action || action.user_id !== user.id) throw fail.notFound(ACTION_NOT_FOUND);
  return action;
}

/**
 * The action after a change (S2 §4, §5): an edit replaces the form's fields (details keep the
 * Evidence / Assigned to sections); snooze moves the due date and reminder one day from now and is
 * for pending actions only.
 */
export function applyChange(action: Action, change: ActionChange, now: Date): Action {
  switch (change.kind) {
    case 'edit':
      return {
        ...action,
        title: change.title,
        details: composeActionDetails(change.details, change.evidence, change.assigned_to),
        due_date: change.due_date,
        priority: change.priority,
        assigned_to: change.assigned_to,
        evidence: change.evidence,
      };
    case 'status':
      return { ...action, status: change.status };
    case 'priority':
      return { ...action, priority: change.priority };
    case 'snooze': {
      if (action.status !== 'pending') throw fail.badRequest(SNOOZE_PENDING_ONLY);
      const until = snoozedUntil(now);
      return { ...action, due_date: until, reminder_ts: until };
    }
  }
}

/** Changes one of the caller's actions. */
export async function updateAction(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  actionId: string,
  change: ActionChange,
): Promise<Action> {
  const before = await getOwnAction(deps, communityId, user, actionId);
  const after = applyChange(before, change, deps.now());
  if (!(await replaceActionOfUser(deps.db, communityId, user.id, before, after))) throw fail.conflict(ACTION_CHANGED);
  return after;
}

/** The caller's actions of a selection, all of them or a 404 before anything changes. */
async function ownSelection(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  user: AuthUser,
  actionIds: readonly string[],
): Promise<Action[]> {
  const found = await getActionsByIds(deps.db, communityId, actionIds);
  const own = found.filter((a) => a.user_id === user.id);
  if (own.length !== new Set(actionIds).size) throw fail.notFound(ACTION_NOT_FOUND);
  return own;
}

/**
 * Changes several of the caller's actions (S2 §7.3 bulk UPDATE); none with an empty selection.
 * Snooze applies to the pending ones of the selection (S2 §4). Returns how many changed.
 */
export async function bulkUpdateActions(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  user: AuthUser,
  actionIds: readonly string[],
  change: BulkActionChange,
): Promise<{ updated: number }> {
  if (actionIds.length === 0) return { updated: 0 };
  const now = deps.now();
  const selected = await ownSelection(deps, communityId, user, actionIds);
  const targets = change.kind === 'snooze' ? selected.filter((a) => a.status === 'pending') : selected;
  const written = await Promise.all(
    targets.map((a) => replaceActionOfUser(deps.db, communityId, user.id, a, applyChange(a, change, now))),
  );
  if (written.includes(false)) throw fail.conflict(ACTION_CHANGED);
  return { updated: targets.length };
}

/** Deletes one of the caller's actions. */
export async function deleteAction(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  user: AuthUser,
  actionId: string,
): Promise<{ deleted: number }> {
  if (!(await deleteActionOfUser(deps.db, communityId, user.id, actionId))) throw fail.notFound(ACTION_NOT_FOUND);
  return { deleted: 1 };
}

/** Deletes several of the caller's actions (S2 §7.3 bulk DELETE): all of them, or none if one is not theirs. */
export async function bulkDeleteActions(
  deps: Pick<Deps, 'db'>,
  communityId: string,
  user: AuthUser,
  actionIds: readonly string[],
): Promise<{ deleted: number }> {
  if (actionIds.length === 0) return { deleted: 0 };
  const selected = await ownSelection(deps, communityId, user, actionIds);
  const deleted = await Promise.all(selected.map((a) => deleteActionOfUser(deps.db, communityId, user.id, a.action_id)));
  return { deleted: deleted.filter(Boolean).length };
}
