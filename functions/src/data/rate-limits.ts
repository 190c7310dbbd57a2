import { UpdateCommand } from './table-client';
import { conditionHolds, type Db } from './db';
import { keys } from './keys';

/**
 * Takes one request from a caller's budget in a fixed window: one conditional ADD on the window's
 * counter item, so concurrent requests never take more than `limit`. True when the request fits.
 * Window items expire by ttl a window after they end.
 */
export async function takeFromWindow(
  db: Db,
  window: { bucket: string; subject: string; start: number; seconds: number; limit: number },
): Promise<boolean> {
  return conditionHolds(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.rateWindow(window.bucket, window.subject, window.start),
        UpdateExpression: 'SET #ttl = :ttl, entity = :entity ADD #n :one',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
        ExpressionAttributeNames: { '#n': 'n', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': window.limit,
          ':ttl': window.start + 2 * window.seconds,
          ':entity': 'rate_window',
        },
      }),
    ),
  );
}
