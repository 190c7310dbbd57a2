import { GetCommand, PutCommand, UpdateCommand } from './table-client';
import {
  batchGet,
  batchWrite,
  conditionHolds,
  isConditionFailed,
  queryAll,
  queryPage,
  queryPages,
  type Db,
} from './db';
import { keys } from './keys';

/**
 * Persisted state of message search (docs/search.md): per community, the embedding version its
 * vectors were made with and the progress of a re-embedding run; on message items, which embedding
 * a message has (`embedding_version`, `embedded_hash`, `embedded_at`); and, for the embedded local
 * engine only, the vectors themselves so it can rebuild at start.
 */

/** Cursor of a walk that has not read a page yet (message sort keys start with a timestamp). */
export const WALK_START = 'start';

/** A community's search state (one item per community, listed through gsi1 without a Scan). */
export interface SearchState {
  readonly community_id: string;
  /** Embedding version the community's vectors are (being) made with. */
  readonly embedding_version: string;
  /**
   * Position of the walk that queues stale messages for embedding: WALK_START at its start, then
   * the sort key of the last message looked at; null when no walk runs.
   */
  readonly reembed_cursor: string | null;
  readonly reembed_started_at: string | null;
  readonly reembed_finished_at: string | null;
  readonly updated_at: string;
}

/** A message's table position: what a search hit and an embed job carry. */
export interface MessageRef {
  readonly msgId: string;
  readonly timestamp: string;
}

/** The search state of a community, or null before its first message was indexed. */
export async function getSearchState(db: Db, communityId: string): Promise<SearchState | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.searchState(communityId) }));
  return res.Item ? toState(res.Item) : null;
}

function toState(item: Record<string, unknown>): SearchState {
  return {
    community_id: String(item.community_id),
    embedding_version: String(item.embedding_version ?? ''),
    reembed_cursor: typeof item.reembed_cursor === 'string' ? item.reembed_cursor : null,
    reembed_started_at: typeof item.reembed_started_at === 'string' ? item.reembed_started_at : null,
    reembed_finished_at: typeof item.reembed_finished_at === 'string' ? item.reembed_finished_at : null,
    updated_at: String(item.updated_at ?? ''),
  };
}

/**
 * Records the embedding version of a community. Returns 'created' for a community seen for the first
 * time, 'moved' when this call moved the version, and 'unchanged' when the stored version already is
 * `version` or another caller moved it. 'created' and 'moved' start a walk (WALK_START): exactly one
 * caller gets either answer, and it queues the walk's first page.
 */
export async function recordEmbeddingVersion(
  db: Db,
  communityId: string,
  version: string,
  now: string,
): Promise<'created' | 'moved' | 'unchanged'> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.searchState(communityId),
          ...keys.searchStateIndex(communityId),
          entity: 'search_state',
          community_id: communityId,
          embedding_version: version,
          reembed_cursor: WALK_START,
          reembed_started_at: now,
          reembed_finished_at: null,
          updated_at: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'created';
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.searchState(communityId),
        UpdateExpression:
          'SET embedding_version = :v, reembed_cursor = :start, reembed_started_at = :now, reembed_finished_at = :null, updated_at = :now',
        ConditionExpression: 'embedding_version <> :v',
        ExpressionAttributeValues: { ':v': version, ':start': WALK_START, ':now': now, ':null': null },
      }),
    );
    return 'moved';
  } catch (err) {
    if (isConditionFailed(err)) return 'unchanged';
    throw err;
  }
}

/**
 * Moves the walk of `version` from cursor `from` to `to` (null: finished). False when the walk is
 * elsewhere (a duplicate job ran first) or the version moved again: the caller then stops.
 */
export async function advanceReembed(
  db: Db,
  communityId: string,
  version: string,
  from: string,
  to: string | null,
  now: string,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.searchState(communityId),
        UpdateExpression:
          to === null
            ? 'SET reembed_cursor = :null, reembed_finished_at = :now, updated_at = :now'
            : 'SET reembed_cursor = :to, updated_at = :now',
        ConditionExpression: 'embedding_version = :v AND reembed_cursor = :from',
        ExpressionAttributeValues: {
          ':v': version,
          ':from': from,
          ':now': now,
          ...(to === null ? { ':null': null } : { ':to': to }),
        },
      }),
    ),
  );
}

/**
 * Claims a walk that stopped moving (its job was lost): true for the one caller that moved its
 * `updated_at` from `seenUpdatedAt`; that caller queues the walk's page at `cursor` again.
 */
export async function claimStalledWalk(
  db: Db,
  communityId: string,
  cursor: string,
  seenUpdatedAt: string,
  now: string,
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.searchState(communityId),
        UpdateExpression: 'SET updated_at = :now',
        ConditionExpression: 'reembed_cursor = :c AND updated_at = :seen',
        ExpressionAttributeValues: { ':c': cursor, ':seen': seenUpdatedAt, ':now': now },
      }),
    ),
  );
}

/** Every community with a search state (gsi1 Query: the local engine's rebuild). */
export async function listSearchCommunities(db: Db): Promise<string[]> {
  return queryAll(
    db,
    { index: 'gsi1', pk: keys.searchStateIndexPartition() },
    { attributes: ['community_id'], map: (r) => String(r.community_id) },
  );
}

/** Raw message items by table position (strongly consistent), keyed by msg_id; missing ones are absent. */
export async function getMessageItems(
  db: Db,
  communityId: string,
  refs: readonly MessageRef[],
): Promise<Map<string, Record<string, unknown>>> {
  const unique = [...new Map(refs.map((r) => [`${r.timestamp}#${r.msgId}`, r])).values()];
  const items = await batchGet(
    db,
    unique.map((r) => keys.message(communityId, r.timestamp, r.msgId)),
    // The job was sent right after the write: an eventually consistent read could miss it.
    { consistent: true },
  );
  return new Map(items.map((item) => [String(item.msg_id), item]));
}

/**
 * Records on a message item that it is indexed with an embedding version (and the hash of the text
 * embedded; of '' for a message without text), so a redelivered job does not pay for the same
 * embedding twice and a walk skips it. A message deleted meanwhile is left alone.
 */
export async function markEmbedded(
  db: Db,
  communityId: string,
  ref: MessageRef,
  mark: { version: string; hash: string; at: string },
): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.message(communityId, ref.timestamp, ref.msgId),
        UpdateExpression: 'SET embedding_version = :v, embedded_hash = :h, embedded_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':v': mark.version, ':h': mark.hash, ':at': mark.at },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** One page of a community's messages in table order, with only what a walk needs. */
export async function pageMessageEmbeddings(
  db: Db,
  communityId: string,
  after: string | null,
  limit: number,
): Promise<{ items: { ref: MessageRef; version: string | null }[]; last: string | null }> {
  const pk = keys.messagePartition(communityId);
  const res = await queryPage(
    db,
    { pk },
    {
      attributes: ['sk', 'msg_id', 'timestamp', 'embedding_version'],
      limit,
      ...(after ? { startKey: { ...keys.message(communityId, '', ''), sk: after } } : {}),
    },
  );
  const items = res.items.map((item) => ({
    ref: { msgId: String(item.msg_id), timestamp: String(item.timestamp) },
    version: typeof item.embedding_version === 'string' ? item.embedding_version : null,
  }));
  return { items, last: typeof res.lastKey?.sk === 'string' ? res.lastKey.sk : null };
}

/**
 * Every item of a partition, page by page (1 MB pages), without holding the partition in memory;
 * with `attributes`, only those (fewer bytes to read and unmarshal).
 */
export function partitionPages(
  db: Db,
  pk: string,
  attributes?: readonly string[],
): AsyncGenerator<Record<string, unknown>[], void, undefined> {
  return queryPages(db, { pk }, attributes ? { attributes } : {});
}

/** A stored vector (local engine): Float32 little-endian bytes and the embedding version. */
export interface StoredVector {
  readonly ref: MessageRef;
  readonly vector: Float32Array;
  readonly version: string;
}

/** Float32 values as little-endian bytes (DynamoDB binary). */
export function vectorToBytes(vector: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(vector.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i] ?? 0, true);
  return out;
}

/** The inverse of `vectorToBytes`. */
export function bytesToVector(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Stores vectors of a community's messages (local engine). */
export async function putVectors(db: Db, communityId: string, vectors: readonly StoredVector[]): Promise<void> {
  await batchWrite(
    db,
    vectors.map((v) => ({
      PutRequest: {
        Item: {
          ...keys.messageVector(communityId, v.ref.timestamp, v.ref.msgId),
          entity: 'message_vector',
          v: vectorToBytes(v.vector),
          ...(v.version ? { ver: v.version } : {}),
        },
      },
    })),
  );
}

/** Deletes stored vectors (local engine). */
export async function deleteVectors(db: Db, communityId: string, refs: readonly MessageRef[]): Promise<void> {
  await batchWrite(
    db,
    refs.map((r) => ({ DeleteRequest: { Key: keys.messageVector(communityId, r.timestamp, r.msgId) } })),
  );
}
