/**
 * The shape of the one DynamoDB table, declared once: the CDK data stack and the local stack both
 * create the table from this. Keys are generic; `keys.ts` is the only place that composes them.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Epoch seconds; DynamoDB TTL deletes expired items eventually, so readers also filter on it. */
  ttlAttribute: 'ttl',
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];
