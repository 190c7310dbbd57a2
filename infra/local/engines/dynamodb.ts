import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import dynalite from 'dynalite';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '@kehila/functions/data/table';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './net';

/** A running local DynamoDB (dynalite). */
export interface LocalDynamo {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** Starts dynalite; with `path` it persists to LevelDB there, else it keeps data in memory. */
export async function startDynamo(opts: { path?: string; port?: number } = {}): Promise<LocalDynamo> {
  if (opts.path) mkdirSync(opts.path, { recursive: true });
  const server: Server = dynalite({
    ...(opts.path ? { path: opts.path } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

/** A DynamoDB client for a local endpoint. */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** Creates the table from `tableDefinition` unless it exists (same shape as the CDK data stack). */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  const attrs = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  const gsis: GlobalSecondaryIndex[] = tableDefinition.indexes.map((ix) => {
    attrs.add(ix.partitionKey);
    attrs.add(ix.sortKey);
    return {
      IndexName: ix.name,
      KeySchema: [
        { AttributeName: ix.partitionKey, KeyType: 'HASH' },
        { AttributeName: ix.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    };
  });
  const definitions: AttributeDefinition[] = [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' }));
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: definitions,
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: gsis,
    }),
  );
  client.destroy();
}
