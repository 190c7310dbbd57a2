import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { awsJson, type AwsTarget } from '../aws/http';

/**
 * The table's client: DynamoDB's document API (plain JavaScript values in and out, as
 * @aws-sdk/lib-dynamodb has it, whose input and output types it uses) over one signed JSON call per
 * command (aws/http.ts). The repositories build the same commands as with the SDK; marshalling is
 * the SDK's own (@aws-sdk/util-dynamodb).
 */

type Item = Record<string, unknown>;
// The wire form of attribute values: binary as base64, everything else as marshall makes it.
type Wire = Record<string, unknown>;

/** A GetItem. */
export class GetCommand {
  readonly operation = 'GetItem';
  constructor(readonly input: GetCommandInput) {}
}
/** A PutItem. */
export class PutCommand {
  readonly operation = 'PutItem';
  constructor(readonly input: PutCommandInput) {}
}
/** An UpdateItem. */
export class UpdateCommand {
  readonly operation = 'UpdateItem';
  constructor(readonly input: UpdateCommandInput) {}
}
/** A DeleteItem. */
export class DeleteCommand {
  readonly operation = 'DeleteItem';
  constructor(readonly input: DeleteCommandInput) {}
}
/** A Query. */
export class QueryCommand {
  readonly operation = 'Query';
  constructor(readonly input: QueryCommandInput) {}
}
/** A BatchGetItem. */
export class BatchGetCommand {
  readonly operation = 'BatchGetItem';
  constructor(readonly input: BatchGetCommandInput) {}
}
/** A BatchWriteItem. */
export class BatchWriteCommand {
  readonly operation = 'BatchWriteItem';
  constructor(readonly input: BatchWriteCommandInput) {}
}
/** A DescribeTable (the health check). */
export class DescribeTableCommand {
  readonly operation = 'DescribeTable';
  constructor(readonly input: { TableName: string }) {}
}

/** Every command the table client sends. */
export type TableCommand =
  | GetCommand
  | PutCommand
  | UpdateCommand
  | DeleteCommand
  | QueryCommand
  | BatchGetCommand
  | BatchWriteCommand
  | DescribeTableCommand;

const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;

/** Binary values travel as base64 in DynamoDB's JSON protocol. */
function toWire(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object') {
    const out: Wire = {};
    for (const [k, v] of Object.entries(value)) out[k] = toWire(v);
    return out;
  }
  return value;
}

/** The inverse of toWire for attribute values read back: B and BS become bytes again. */
function fromWire(av: unknown): unknown {
  if (!av || typeof av !== 'object' || Array.isArray(av)) return av;
  const a = av as Record<string, unknown>;
  if (typeof a.B === 'string') return { B: new Uint8Array(Buffer.from(a.B, 'base64')) };
  if (Array.isArray(a.BS)) return { BS: a.BS.map((b) => new Uint8Array(Buffer.from(String(b), 'base64'))) };
  if (a.M && typeof a.M === 'object') return { M: mapValues(a.M as Wire, fromWire) };
  if (Array.isArray(a.L)) return { L: a.L.map(fromWire) };
  return a;
}

function mapValues(o: Wire, f: (v: unknown) => unknown): Wire {
  const out: Wire = {};
  for (const [k, v] of Object.entries(o)) out[k] = f(v);
  return out;
}

const item = (value: Item | undefined) => (value ? toWire(marshall(value, MARSHALL)) : undefined);
const plain = (value: unknown): Item | undefined =>
  value && typeof value === 'object' ? unmarshall(mapValues(value as Wire, fromWire) as never) : undefined;

/** Values of an expression, marshalled; absent stays absent. */
function values(v: Record<string, unknown> | undefined) {
  return v ? { ExpressionAttributeValues: item(v) } : {};
}

/** The client a Db holds. */
export class TableClient {
  private readonly target: AwsTarget;

  constructor(options: { readonly region: string; readonly endpoint?: string | undefined }) {
    this.target = { service: 'dynamodb', region: options.region, endpoint: options.endpoint };
  }

  private call<T>(operation: string, body: unknown): Promise<T> {
    return awsJson<T>(this.target, { operation: `DynamoDB_20120810.${operation}`, version: '1.0', body });
  }

  send(command: GetCommand): Promise<GetCommandOutput>;
  send(command: PutCommand): Promise<PutCommandOutput>;
  send(command: UpdateCommand): Promise<UpdateCommandOutput>;
  send(command: DeleteCommand): Promise<DeleteCommandOutput>;
  send(command: QueryCommand): Promise<QueryCommandOutput>;
  send(command: BatchGetCommand): Promise<BatchGetCommandOutput>;
  send(command: BatchWriteCommand): Promise<BatchWriteCommandOutput>;
  send(command: DescribeTableCommand): Promise<Record<string, unknown>>;
  /** Sends one command: its input marshalled, its answer unmarshalled. */
  async send(command: TableCommand): Promise<unknown> {
    switch (command.operation) {
      case 'GetItem': {
        const { Key, ...rest } = command.input;
        const res = await this.call<{ Item?: Wire }>('GetItem', { ...rest, Key: item(Key) });
        return { $metadata: {}, Item: plain(res.Item) };
      }
      case 'PutItem': {
        const { Item: i, ExpressionAttributeValues, ...rest } = command.input;
        const res = await this.call<{ Attributes?: Wire }>('PutItem', {
          ...rest,
          Item: item(i),
          ...values(ExpressionAttributeValues),
        });
        return { $metadata: {}, Attributes: plain(res.Attributes) };
      }
      case 'UpdateItem': {
        const { Key, ExpressionAttributeValues, ...rest } = command.input;
        const res = await this.call<{ Attributes?: Wire }>('UpdateItem', {
          ...rest,
          Key: item(Key),
          ...values(ExpressionAttributeValues),
        });
        return { $metadata: {}, Attributes: plain(res.Attributes) };
      }
      case 'DeleteItem': {
        const { Key, ExpressionAttributeValues, ...rest } = command.input;
        const res = await this.call<{ Attributes?: Wire }>('DeleteItem', {
          ...rest,
          Key: item(Key),
          ...values(ExpressionAttributeValues),
        });
        return { $metadata: {}, Attributes: plain(res.Attributes) };
      }
      case 'Query': {
        const { ExpressionAttributeValues, ExclusiveStartKey, ...rest } = command.input;
        const res = await this.call<{ Items?: Wire[]; LastEvaluatedKey?: Wire; Count?: number }>('Query', {
          ...rest,
          ...values(ExpressionAttributeValues),
          ...(ExclusiveStartKey ? { ExclusiveStartKey: item(ExclusiveStartKey) } : {}),
        });
        return {
          $metadata: {},
          Items: (res.Items ?? []).map((i) => plain(i) as Item),
          LastEvaluatedKey: plain(res.LastEvaluatedKey),
          Count: res.Count,
        };
      }
      case 'BatchGetItem': {
        const requests: Record<string, unknown> = {};
        for (const [table, r] of Object.entries(command.input.RequestItems ?? {})) {
          requests[table] = { ...r, Keys: (r.Keys ?? []).map((k) => item(k)) };
        }
        const res = await this.call<{
          Responses?: Record<string, Wire[]>;
          UnprocessedKeys?: Record<string, { Keys?: Wire[] }>;
        }>('BatchGetItem', { RequestItems: requests });
        const responses: Record<string, Item[]> = {};
        for (const [table, list] of Object.entries(res.Responses ?? {}))
          responses[table] = list.map((i) => plain(i) as Item);
        const unprocessed: Record<string, { Keys: Item[] }> = {};
        for (const [table, r] of Object.entries(res.UnprocessedKeys ?? {})) {
          unprocessed[table] = { ...r, Keys: (r.Keys ?? []).map((k) => plain(k) as Item) };
        }
        return { $metadata: {}, Responses: responses, UnprocessedKeys: unprocessed };
      }
      case 'BatchWriteItem': {
        const requests: Record<string, unknown[]> = {};
        for (const [table, list] of Object.entries(command.input.RequestItems ?? {})) {
          requests[table] = list.map((w) =>
            w.PutRequest
              ? { PutRequest: { Item: item(w.PutRequest.Item) } }
              : { DeleteRequest: { Key: item(w.DeleteRequest?.Key) } },
          );
        }
        const res = await this.call<{ UnprocessedItems?: Record<string, Wire[]> }>('BatchWriteItem', {
          RequestItems: requests,
        });
        const unprocessed: Record<string, unknown[]> = {};
        for (const [table, list] of Object.entries(res.UnprocessedItems ?? {})) {
          unprocessed[table] = list.map((w) => {
            const put = (w as { PutRequest?: { Item?: Wire } }).PutRequest;
            const del = (w as { DeleteRequest?: { Key?: Wire } }).DeleteRequest;
            return put ? { PutRequest: { Item: plain(put.Item) } } : { DeleteRequest: { Key: plain(del?.Key) } };
          });
        }
        return { $metadata: {}, UnprocessedItems: unprocessed };
      }
      case 'DescribeTable':
        return this.call('DescribeTable', command.input);
    }
  }
}
