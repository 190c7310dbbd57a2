import { GetCommand, PutCommand, UpdateCommand, DeleteCommand } from './table-client';
import { SupplierDraftSchema, SupplierSchema, type SupplierDraft } from '@kehila/shared';
import * as z from 'zod';
import { conditionHolds, queryAll, stripKeys, type Db } from './db';
import { keys } from './keys';

/**
 * Suppliers (S3 §3) and the recommendations proposed as suppliers (docs/suppliers.md): one partition
 * per community, `C#<cid>#SUPPLIERS`. A community's directory is read whole (it holds tens to a few
 * thousand suppliers); drafts are keyed by the message they were found in.
 */

/** A stored supplier: the S3 fields plus who added it and what the search index holds of it. */
export const StoredSupplierSchema = SupplierSchema.extend({
  added_by: z.string().nullable(),
  added_by_name: z.string().nullable(),
  source_msg_id: z.string().nullable().default(null),
  /** Embedding version and text digest of the vector last indexed (null: not indexed). */
  embedding_version: z.string().nullable().default(null),
  embedded_hash: z.string().nullable().default(null),
});
export type StoredSupplier = z.infer<typeof StoredSupplierSchema>;

const parseSupplier = (item: Record<string, unknown>) => StoredSupplierSchema.parse(stripKeys(item));

function toItem(communityId: string, s: StoredSupplier): Record<string, unknown> {
  return { ...keys.supplier(communityId, s.supplier_id), entity: 'supplier', community_id: communityId, ...s };
}

/** Every supplier of a community, in no particular order. */
export async function listSuppliers(db: Db, communityId: string): Promise<StoredSupplier[]> {
  const { pk, skPrefix } = keys.supplierPrefix(communityId);
  return queryAll(db, { pk, sk: { prefix: skPrefix } }, { map: parseSupplier });
}

/** A supplier by id, or null. */
export async function getSupplier(db: Db, communityId: string, supplierId: string): Promise<StoredSupplier | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.supplier(communityId, supplierId) }));
  return res.Item ? parseSupplier(res.Item) : null;
}

/** Stores a new supplier; false when one with this id exists already (an accepted draft accepted again). */
export async function putSupplierIfNew(db: Db, communityId: string, s: StoredSupplier): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(communityId, StoredSupplierSchema.parse(s)),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Writes a changed supplier, only if it still exists; false when it was deleted meanwhile. */
export async function replaceSupplier(db: Db, communityId: string, s: StoredSupplier): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(communityId, StoredSupplierSchema.parse(s)),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
}

/** Deletes a supplier; false when there was none. */
export async function deleteSupplier(db: Db, communityId: string, supplierId: string): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.supplier(communityId, supplierId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
}

/** Records what the search index holds of a supplier (if it still exists). */
export async function markSupplierEmbedded(
  db: Db,
  communityId: string,
  supplierId: string,
  mark: { version: string; hash: string },
): Promise<void> {
  await conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.supplier(communityId, supplierId),
        UpdateExpression: 'SET embedding_version = :v, embedded_hash = :h',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':v': mark.version, ':h': mark.hash },
      }),
    ),
  );
}

const parseDraft = (item: Record<string, unknown>) => SupplierDraftSchema.parse(stripKeys(item));

/** Stores a draft found in a message, once: false when the message already made one (whatever became of it). */
export async function putSupplierDraftIfNew(db: Db, communityId: string, draft: SupplierDraft): Promise<boolean> {
  const d = SupplierDraftSchema.parse(draft);
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.supplierDraft(communityId, d.draft_id), entity: 'supplier_draft', community_id: communityId, ...d },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** A draft by id, or null. */
export async function getSupplierDraft(db: Db, communityId: string, draftId: string): Promise<SupplierDraft | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.supplierDraft(communityId, draftId), ConsistentRead: true }),
  );
  return res.Item ? parseDraft(res.Item) : null;
}

/** Every draft of a community (proposed, accepted and dismissed), in no particular order. */
export async function listSupplierDrafts(db: Db, communityId: string): Promise<SupplierDraft[]> {
  const { pk, skPrefix } = keys.supplierDraftPrefix(communityId);
  return queryAll(db, { pk, sk: { prefix: skPrefix } }, { map: parseDraft });
}

/** Moves a proposed draft to its decision; false when it was not proposed any more. */
export async function decideSupplierDraft(
  db: Db,
  communityId: string,
  draftId: string,
  status: 'accepted' | 'dismissed',
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.supplierDraft(communityId, draftId),
        UpdateExpression: 'SET #s = :to',
        ConditionExpression: '#s = :proposed',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':to': status, ':proposed': 'proposed' },
      }),
    ),
  );
}

