import { batchGet, conditionHolds, queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';
import { DeleteCommand, GetCommand, PutCommand } from './table-client';

/** In the group now, or gone from it. */
export type ParticipantStatus = 'in_group' | 'left';

/**
 * A person of the community's WhatsApp group as the bot sees them. `wa_id` is the canonical id
 * (the phone id `…@c.us` when known, else the `@lid`); `wa_ids` every id seen for them.
 */
export interface ParticipantRecord {
  readonly community_id: string;
  readonly wa_id: string;
  readonly wa_ids: readonly string[];
  /** Digits of the phone number, when the canonical id is a phone id. */
  readonly phone: string | null;
  readonly display_name: string | null;
  readonly is_admin: boolean | null;
  readonly status: ParticipantStatus;
  /** When they joined (null: already in the group when the bot first saw them). */
  readonly joined_at: string | null;
  readonly left_at: string | null;
  /** Time of the newest event applied: older events arriving late change no status. */
  readonly last_event_at: string;
  readonly updated_at: string;
  /** Write revision: every put is conditional on the revision read. */
  readonly rev: number;
}

function toRecord(item: Record<string, unknown>): ParticipantRecord {
  return stripKeys<ParticipantRecord>(item);
}

/** One participant, by the sender key of their canonical id (consistent read). */
export async function getParticipant(db: Db, communityId: string, key: string): Promise<ParticipantRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.participant(communityId, key), ConsistentRead: true }),
  );
  return res.Item ? toRecord(res.Item) : null;
}

/**
 * Writes a participant if nobody wrote it since `expectedRev` was read (null: it must not exist).
 * False when someone did (read again and retry).
 */
export async function putParticipant(
  db: Db,
  key: string,
  record: ParticipantRecord,
  expectedRev: number | null,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.participant(record.community_id, key), entity: 'participant', ...record },
        ...(expectedRev === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': expectedRev } }),
      }),
    ),
  );
}

/** Removes a participant item (after it was merged into another identity's). */
export async function deleteParticipant(db: Db, communityId: string, key: string, rev: number): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.participant(communityId, key),
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': rev },
      }),
    ),
  );
}

/** Every participant the bot has seen in the community's group (in it now or gone). */
export async function listParticipants(db: Db, communityId: string): Promise<ParticipantRecord[]> {
  const k = keys.participantPrefix(communityId);
  const rows = await queryAll(db, { pk: k.pk, sk: { prefix: k.skPrefix } });
  return rows.map(toRecord);
}

/** Records that an `@lid` id (by its sender key) is the person of `phoneId`; the same put again changes nothing. */
export async function putWaIdAlias(db: Db, communityId: string, lidKey: string, phoneId: string): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.waIdAlias(communityId, lidKey), entity: 'wa_id_alias', community_id: communityId, phone_id: phoneId },
    }),
  );
}

/** The phone ids of some `@lid` ids (by their sender keys): lid key → phone id, for those known. */
export async function readWaIdAliases(
  db: Db,
  communityId: string,
  lidKeys: readonly string[],
): Promise<Map<string, string>> {
  if (lidKeys.length === 0) return new Map();
  const rows = await batchGet(
    db,
    [...new Set(lidKeys)].map((k) => keys.waIdAlias(communityId, k)),
    { attributes: ['sk', 'phone_id'] },
  );
  const out = new Map<string, string>();
  for (const r of rows) {
    if (typeof r.sk === 'string' && typeof r.phone_id === 'string') out.set(r.sk.slice('WAID#'.length), r.phone_id);
  }
  return out;
}

/** Records when the participant list was last read from the gateway. */
export async function putParticipantsSync(db: Db, communityId: string, at: string, count: number): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.participantsSync(communityId), entity: 'participants_sync', synced_at: at, count },
    }),
  );
}

/** When the participant list was last read from the gateway, or null. */
export async function getParticipantsSync(db: Db, communityId: string): Promise<string | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.participantsSync(communityId) }));
  return typeof res.Item?.synced_at === 'string' ? res.Item.synced_at : null;
}
