import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../core/config';

/** The table and a document client bound to it; passed to every repository function. */
export interface Db {
  readonly doc: DynamoDBDocumentClient;
  readonly table: string;
}

/** Builds the table client from config (local endpoints when set). */
export function createDb(config: Pick<Config, 'region' | 'tableName' | 'endpoints'>): Db {
  const client = new DynamoDBClient({
    region: config.region,
    ...(config.endpoints.dynamodb ? { endpoint: config.endpoints.dynamodb } : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { doc, table: config.tableName };
}

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'ttl', 'entity']);

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

/** Runs a Query to the end, following LastEvaluatedKey. For bounded lists only (a user's communities, a page). */
export async function queryAll<T>(db: Db, input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const out: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(new QueryCommand({ ...input, TableName: db.table, ExclusiveStartKey }));
    for (const item of res.Items ?? []) out.push(stripKeys<T>(item));
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}
