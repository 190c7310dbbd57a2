import { GetCommand, PutCommand } from './table-client';
import { SummaryDeliverySchema, type DeliveryDestination, type SummaryDelivery } from '@kehila/shared';
import { conditionHolds, queryPage, stripKeys, type Db } from './db';
import { keys } from './keys';

/** One delivery by its idempotency key, or null. */
export async function getDelivery(
  db: Db,
  communityId: string,
  period: string,
  destination: DeliveryDestination,
): Promise<SummaryDelivery | null> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.summaryDelivery(communityId, period, destination),
      ConsistentRead: true,
    }),
  );
  return res.Item ? SummaryDeliverySchema.parse(stripKeys(res.Item)) : null;
}

/**
 * Writes a delivery's new state only if it was not sent meanwhile (single-item condition): a rerun,
 * or two workers holding the same job, never send twice. False when it had been sent already.
 */
export async function writeDelivery(db: Db, communityId: string, d: SummaryDelivery): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.summaryDelivery(communityId, d.period, d.destination),
          entity: 'summary-delivery',
          community_id: communityId,
          ...SummaryDeliverySchema.parse(d),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #s <> :sent',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    ),
  );
}

/** The newest deliveries of a community (by period, newest first). */
export async function recentDeliveries(db: Db, communityId: string, limit: number): Promise<SummaryDelivery[]> {
  const res = await queryPage(
    db,
    { pk: keys.community(communityId).pk, sk: { prefix: keys.summaryDeliveryPrefix } },
    { order: 'desc', limit },
  );
  return res.items.map((i) => SummaryDeliverySchema.parse(stripKeys(i)));
}
