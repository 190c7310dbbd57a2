import { putWaIdAlias, readWaIdAliases } from '../../data/participants';
import type { Deps } from '../deps';
import { senderKeyFor } from '../messages/ids';

/**
 * One person, one WhatsApp identity (docs/members.md, identity merge). WhatsApp names a person by
 * their phone id (`…@c.us`) or, in groups with privacy ids, by an `@lid` id without the number.
 * When a payload gives both (Baileys' `participantPn`, WAHA's `pn`), the `@lid` is recorded as an
 * alias of the phone id; from then on every `@lid` id is mapped to its phone id before anything is
 * keyed by it (message sender keys and aggregates, participants). The phone id is canonical.
 */

/** True for a WhatsApp privacy id. */
export const isLid = (id: string) => id.endsWith('@lid');

type IdentityDeps = Pick<Deps, 'db' | 'config'>;

/** Records that `lid` and `phoneId` are one person (idempotent). */
export async function recordAlias(deps: IdentityDeps, communityId: string, lid: string, phoneId: string): Promise<void> {
  await putWaIdAlias(deps.db, communityId, senderKeyFor(deps.config, communityId, lid), phoneId);
}

/**
 * The canonical id of each of some WhatsApp ids: a phone id stays; an `@lid` becomes its phone id
 * when known, else stays. One BatchGetItem for the `@lid` ids (none when there are none).
 */
export async function canonicalIds(
  deps: IdentityDeps,
  communityId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const lids = [...new Set(ids.filter(isLid))];
  const keyOf = new Map(lids.map((id) => [id, senderKeyFor(deps.config, communityId, id)]));
  const aliases = await readWaIdAliases(deps.db, communityId, [...keyOf.values()]);
  const out = new Map<string, string>();
  for (const id of ids) {
    const phone = isLid(id) ? aliases.get(keyOf.get(id) ?? '') : undefined;
    out.set(id, phone ?? id);
  }
  return out;
}
