import type { Message } from '@kehila/shared';
import type { Deps } from '../deps';
import { putSupplierDraftIfNew } from '../../data/suppliers';
import { textHash } from '../search/docs';
import { detectRecommendation } from './recommendations';

/** The draft id of a message's recommendation: one per message, whatever delivers it. */
export function draftIdOf(msgId: string): string {
  return textHash(`supplier-draft:${msgId}`);
}

/**
 * Proposes the recommendations of stored messages to the admins (enrich path): a draft per
 * recommending message, written once by a conditional put keyed by the message, so a redelivered or
 * re-imported message never makes a second one, nor brings back one an admin dismissed. Returns how
 * many drafts this call created.
 */
export async function proposeRecommendations(
  deps: Pick<Deps, 'db' | 'now'>,
  stored: readonly { readonly communityId: string; readonly message: Message }[],
): Promise<number> {
  const created = await Promise.all(
    stored.map(async ({ communityId, message }) => {
      const found = message.content ? detectRecommendation(message.content) : null;
      if (!found) return false;
      return putSupplierDraftIfNew(deps.db, communityId, {
        draft_id: draftIdOf(message.msg_id),
        ...found,
        recommender_name: message.Sender_name,
        source_text: message.content ?? '',
        source_msg_id: message.msg_id,
        source_timestamp: message.timestamp,
        status: 'proposed',
        detected_at: deps.now().toISOString(),
      });
    }),
  );
  return created.filter(Boolean).length;
}
