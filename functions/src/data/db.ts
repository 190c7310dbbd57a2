import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DescribeTableCommand, QueryCommand, TableClient } from './table-client';
import { tableDefinition, type IndexName } from './table';

/** The table and a document client bound to it; passed to every repository function. */
export interface Db {
  readonly doc: TableClient;
  readonly table: string;
}

/** Where the table is: its name, region and (locally) endpoint. A `Config` has this shape. */
export interface TableLocation {
  readonly region: string;
  readonly tableName: string;
  readonly endpoints: { readonly dynamodb?: string | undefined };
}

/** Builds the table client (local endpoint when set). */
export function createDb(location: TableLocation): Db {
  return {
    doc: new TableClient({ region: location.region, endpoint: location.endpoints.dynamodb }),
    table: location.tableName,
  };
}

const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...tableDefinition.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  tableDefinition.ttlAttribute,
  'entity',
]);

/** Removes the table's key attributes from a stored item, leaving the entity's own fields. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!KEY_ATTRIBUTES.has(k)) out[k] = v;
  return out as T;
}

/** True when a DynamoDB call failed only because its condition did not hold. */
export function isConditionFailed(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

/** Awaits a conditional write: true when it was written, false when only its condition did not hold. */
export async function conditionHolds(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** An UpdateExpression that SETs each defined field of `patch`; undefined fields are left as they are. */
export function setExpression(patch: Record<string, unknown>): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  Object.entries(patch).forEach(([k, v], i) => {
    if (v === undefined) return;
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    sets.push(`#f${i} = :v${i}`);
  });
  if (sets.length === 0) throw new Error('empty update');
  return {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The sort-key part of a key condition. */
export type SortCondition =
  { readonly equals: string } | { readonly prefix: string } | { readonly between: readonly [string, string] };

/**
 * A Query's key condition: a partition of the table or of an index, optionally narrowed on the sort
 * key. The attribute names come from the table declaration, so no repository spells them.
 */
export interface KeyCondition {
  readonly index?: IndexName;
  readonly pk: string;
  readonly sk?: SortCondition;
}

/** How a Query reads: order, page size, start, consistency, a filter and a projection. */
export interface QueryOptions {
  readonly order?: 'asc' | 'desc';
  /** Items evaluated per page (DynamoDB's Limit). */
  readonly limit?: number;
  readonly startKey?: Record<string, unknown> | undefined;
  /** Strongly consistent (base table only). */
  readonly consistent?: boolean;
  readonly filter?: {
    readonly expression: string;
    readonly names?: Readonly<Record<string, string>>;
    readonly values?: Readonly<Record<string, unknown>>;
  };
  /** Only these attributes (key attributes of the page's last item are always returned by DynamoDB). */
  readonly attributes?: readonly string[];
}

function attributeNames(index: IndexName | undefined): { pk: string; sk: string } {
  if (!index) return { pk: tableDefinition.partitionKey, sk: tableDefinition.sortKey };
  const def = tableDefinition.indexes.find((i) => i.name === index);
  if (!def) throw new Error(`unknown index ${index}`);
  return { pk: def.partitionKey, sk: def.sortKey };
}

/** The QueryCommand input of a key condition and options. */
export function queryInput(db: Db, cond: KeyCondition, opts: QueryOptions = {}): QueryCommandInput {
  const attr = attributeNames(cond.index);
  const names: Record<string, string> = { '#qpk': attr.pk, ...(opts.filter?.names ?? {}) };
  const values: Record<string, unknown> = { ':qpk': cond.pk, ...(opts.filter?.values ?? {}) };
  let expression = '#qpk = :qpk';
  if (cond.sk) {
    names['#qsk'] = attr.sk;
    if ('equals' in cond.sk) {
      expression += ' AND #qsk = :qsk';
      values[':qsk'] = cond.sk.equals;
    } else if ('prefix' in cond.sk) {
      expression += ' AND begins_with(#qsk, :qsk)';
      values[':qsk'] = cond.sk.prefix;
    } else {
      expression += ' AND #qsk BETWEEN :qlo AND :qhi';
      values[':qlo'] = cond.sk.between[0];
      values[':qhi'] = cond.sk.between[1];
    }
  }
  if (opts.attributes) opts.attributes.forEach((a, i) => (names[`#qa${i}`] = a));
  return {
    TableName: db.table,
    ...(cond.index ? { IndexName: cond.index } : {}),
    KeyConditionExpression: expression,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(opts.order === 'desc' ? { ScanIndexForward: false } : {}),
    ...(opts.limit !== undefined ? { Limit: opts.limit } : {}),
    ...(opts.startKey ? { ExclusiveStartKey: opts.startKey } : {}),
    ...(opts.consistent && !cond.index ? { ConsistentRead: true } : {}),
    ...(opts.filter ? { FilterExpression: opts.filter.expression } : {}),
    ...(opts.attributes ? { ProjectionExpression: opts.attributes.map((_, i) => `#qa${i}`).join(', ') } : {}),
  };
}

/** One page of a Query: raw items (keys included) and where the next page starts, or null. */
export async function queryPage(
  db: Db,
  cond: KeyCondition,
  opts: QueryOptions = {},
): Promise<{ items: Record<string, unknown>[]; lastKey: Record<string, unknown> | null }> {
  const res = await db.doc.send(new QueryCommand(queryInput(db, cond, opts)));
  return { items: res.Items ?? [], lastKey: (res.LastEvaluatedKey as Record<string, unknown> | undefined) ?? null };
}

/** Every page of a Query in turn (raw items), without holding the whole result in memory. */
export async function* queryPages(
  db: Db,
  cond: KeyCondition,
  opts: QueryOptions = {},
): AsyncGenerator<Record<string, unknown>[], void, undefined> {
  let startKey = opts.startKey;
  do {
    const page = await queryPage(db, cond, { ...opts, startKey });
    yield page.items;
    startKey = page.lastKey ?? undefined;
  } while (startKey);
}

/**
 * Runs a Query to the end and returns its items, without the table's key attributes unless `map`
 * reads the raw item. For bounded lists only (a user's communities, a day's messages).
 */
export async function queryAll<T = Record<string, unknown>>(
  db: Db,
  cond: KeyCondition,
  opts: QueryOptions & { map?: (item: Record<string, unknown>) => T } = {},
): Promise<T[]> {
  const map = opts.map ?? ((item: Record<string, unknown>) => stripKeys<T>(item));
  const out: T[] = [];
  for await (const items of queryPages(db, cond, opts)) for (const item of items) out.push(map(item));
  return out;
}

/** Attempts of a batch call before its unprocessed part counts as a failure. */
const BATCH_ATTEMPTS = 8;

const backOff = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.min(2_000, 25 * 2 ** attempt) * (0.5 + Math.random() / 2)));

/**
 * Items by primary key (BatchGetItem in chunks of 100), raw, in no particular order; missing keys
 * are absent. Unprocessed keys (throttling) are retried with exponential back-off and jitter.
 */
export async function batchGet(
  db: Db,
  itemKeys: readonly Record<string, unknown>[],
  opts: { consistent?: boolean; attributes?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> {
  const projection = opts.attributes
    ? {
        ProjectionExpression: opts.attributes.map((_, i) => `#ba${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(opts.attributes.map((a, i) => [`#ba${i}`, a])),
      }
    : {};
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < itemKeys.length; i += 100) {
    let pending: Record<string, unknown>[] = itemKeys.slice(i, i + 100) as Record<string, unknown>[];
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= BATCH_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
      if (attempt > 0) await backOff(attempt);
      const res = await db.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [db.table]: { Keys: pending, ...(opts.consistent ? { ConsistentRead: true } : {}), ...projection },
          },
        }),
      );
      out.push(...(res.Responses?.[db.table] ?? []));
      pending = (res.UnprocessedKeys?.[db.table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return out;
}

/** A put or delete of a batch write. */
export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Writes and deletes in chunks of 25 (BatchWriteItem), retrying unprocessed items with back-off. */
export async function batchWrite(db: Db, requests: readonly WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: WriteRequest[] = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= BATCH_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
      if (attempt > 0) await backOff(attempt);
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      pending = (res.UnprocessedItems?.[db.table] ?? []) as WriteRequest[];
    }
  }
}

/** True when the table answers (health checks). */
export async function pingTable(db: Db): Promise<boolean> {
  try {
    await db.doc.send(new DescribeTableCommand({ TableName: db.table }));
    return true;
  } catch {
    return false;
  }
}
