import type { Deps } from '../deps';

/** A group event seen by the bot in a group that no community owns yet. */
export interface UnclaimedGroupEvent {
  readonly kind: 'message' | 'bot_added';
  readonly groupId: string;
  /** WhatsApp id of the person who wrote or who added the bot (`…@c.us`; `…@lid` cannot be matched). */
  readonly senderId: string;
  readonly text: string;
  readonly groupName: string | null;
}

/**
 * Completes an admin's pending group connection when the bot sees their group (a connect command
 * from the admin's phone, or the admin adding the bot). Returns true when the event connected a
 * group; the webhook then stores nothing else for it. Implemented by the accounts/communities work.
 */
export async function completeConnectionFromBot(_deps: Deps, _event: UnclaimedGroupEvent): Promise<boolean> {
  return false;
}
